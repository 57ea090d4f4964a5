import type { SnapshotFrom } from 'xstate';
import { checkSaleStatusChange, isRuleCode, ruleI18nKey } from '../../domain/deposit/rules.ts';
import { SALE_STATUSES, SOLD_STATUSES, type SaleStatus } from '../../domain/deposit/statuses.ts';
import {
  groupCategories,
  isProductInvoiced,
  visibleFields,
  type CategoryField,
} from '../../domain/products/index.ts';
import { errorI18nKey, REASON_I18N_KEYS } from '../../rpc/errors.ts';
import { ProductFamily } from '../../rpc/gen/seconde/v1/category_pb.ts';
import { labelOf, saleStatusOf } from '../deposit/enums.ts';
import { attributeFieldsOf, categoryOf } from './productDraft.ts';
import type { productMachine } from './productMachine.ts';
import type { FieldError } from './productTypes.ts';

/**
 * Narrow reads of the product machine for the page. Arrays and objects are rebuilt on each call,
 * so views compare them with a structural equality.
 */
type Snapshot = SnapshotFrom<typeof productMachine>;

export const selectIsLoading = (s: Snapshot) => s.matches('loading') && !s.context.loaded;
export const selectLoadFailed = (s: Snapshot) => s.matches('failed');
export const selectIsBusy = (s: Snapshot) => s.hasTag('busy');
export const selectIsEditable = (s: Snapshot) => s.hasTag('editable') && !s.hasTag('busy');
export const selectIsReadOnly = (s: Snapshot) => s.hasTag('readOnly');
export const selectIsStale = (s: Snapshot) => s.hasTag('stale');
export const selectIsInvoiced = (s: Snapshot) =>
  s.context.loaded ? isProductInvoiced(s.context.loaded.product) : false;
export const selectCanSave = (s: Snapshot) => s.can({ type: 'product.save' });
export const selectDraft = (s: Snapshot) => s.context.draft;
export const selectProduct = (s: Snapshot) => s.context.loaded?.product ?? null;
export const selectDeposit = (s: Snapshot) => s.context.loaded?.deposit ?? null;
export const selectReference = (s: Snapshot) => s.context.loaded?.reference ?? null;
export const selectTransferTargets = (s: Snapshot) => s.context.loaded?.transferTargets ?? [];
export const selectSearchUrl = (s: Snapshot) => s.context.loaded?.searchUrl ?? '';
export const selectGeneration = (s: Snapshot) => s.context.generation;
export const selectNotice = (s: Snapshot) => s.context.notice;
export const selectActiveTask = (s: Snapshot): string | null => {
  for (const task of [
    'saving',
    'generatingName',
    'generatingPrice',
    'findingPrice',
    'duplicating',
    'transferring',
    'destroying',
  ] as const)
    if (s.matches(task)) return task;
  return null;
};

/** The error shown for a field, once the user touched it or tried to save. */
export function selectFieldError(s: Snapshot, field: string): FieldError | null {
  if (!s.context.touched.includes(field)) return null;
  return s.context.fieldErrors[field] ?? null;
}

/** Reasons the product area names itself; rule codes go to the depositRules texts. */
const REASON_KEYS: Readonly<Record<string, string>> = {
  QUOTA_REACHED: 'products.quotaReached',
  TITLE_REQUIRED: 'products.titleRequired',
  CATEGORY_ATTRIBUTE_INVALID: 'products.attributeInvalid',
  PRODUCT_SOLD: 'products.productSold',
  PRODUCT_PAID: 'products.productPaid',
};

/** Text key of the refusal or failure on screen. */
export function selectErrorKey(s: Snapshot): string | null {
  const { error } = s.context;
  if (!error) return null;
  if (error.reason && isRuleCode(error.reason)) return ruleI18nKey(error.reason);
  if (error.reason && REASON_KEYS[error.reason]) return REASON_KEYS[error.reason]!;
  // The app-wide reasons with a text of their own (the plan's product limit among them).
  if (error.reason && Object.hasOwn(REASON_I18N_KEYS, error.reason))
    return REASON_I18N_KEYS[error.reason]!;
  return errorI18nKey(error.code);
}

export function selectVisibleFields(s: Snapshot): CategoryField[] {
  const { loaded, draft } = s.context;
  if (!loaded || !draft) return [];
  return [...visibleFields(categoryOf(loaded.reference, draft.category))];
}

export interface CategoryChoice {
  readonly uuid: string;
  readonly name: string;
}
export interface CategoryGroupChoice {
  readonly family: string;
  readonly categories: readonly CategoryChoice[];
}

/** Categories grouped by family for the picker. */
export function selectCategoryGroups(s: Snapshot): CategoryGroupChoice[] {
  const { loaded, draft } = s.context;
  if (!loaded) return [];
  const tree = loaded.reference.categories.map((c) => ({
    uuid: c.uuid,
    name: c.name,
    family: labelOf(ProductFamily, c.family) || 'UNSPECIFIED',
    order: c.order,
    active: c.active,
  }));
  return groupCategories(tree, draft?.category).map((g) => ({
    family: g.family,
    categories: g.categories.map((c) => ({ uuid: c.uuid, name: c.name })),
  }));
}

/** Sizes of the draft category's size group. */
export function selectSizes(s: Snapshot): CategoryChoice[] {
  const { loaded, draft } = s.context;
  if (!loaded || !draft) return [];
  const group = categoryOf(loaded.reference, draft.category)?.productSizeGroup ?? '';
  return loaded.reference.sizes
    .filter((size) => group === '' || size.sizeGroups.includes(group))
    .sort((a, b) => a.order - b.order)
    .map((size) => ({ uuid: size.uuid, name: size.title }));
}

export function selectAttributeFields(s: Snapshot) {
  const { loaded, draft } = s.context;
  if (!loaded || !draft) return [];
  return attributeFieldsOf(loaded.reference, draft.category);
}

/** One sale status of the picker: may the product take it, and if not, the rule's text key. */
export interface SaleStatusChoice {
  readonly status: SaleStatus;
  readonly enabled: boolean;
  readonly reasonKey: string | null;
}

/** Each sale status judged by the shared rule engine against the deposit's status. */
export function selectSaleStatusChoices(s: Snapshot): SaleStatusChoice[] {
  const { loaded } = s.context;
  if (!loaded?.deposit.status) return [];
  const from = saleStatusOf(loaded.product.saleStatus) ?? undefined;
  return SALE_STATUSES.map((status) => {
    const verdict = checkSaleStatusChange({
      depositStatus: loaded.deposit.status!,
      from,
      to: status,
    });
    return {
      status,
      enabled: verdict.ok,
      reasonKey: verdict.ok ? null : ruleI18nKey(verdict.code),
    };
  });
}

/** The income split, once the saved product is sold. */
export function selectIncome(s: Snapshot) {
  const product = s.context.loaded?.product;
  const status = product ? saleStatusOf(product.saleStatus) : null;
  if (!product || !status || !SOLD_STATUSES.includes(status)) return null;
  return {
    vendor: product.vendorIncome ?? null,
    customer: product.customerIncome ?? null,
    provider: product.providerIncome ?? null,
  };
}
