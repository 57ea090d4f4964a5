import {
  FINAL_STATUSES,
  INVENTORY_VALIDATED_STATUSES,
  REQUIRED_STEPS,
  SOLD_NOT_INVOICED_STATUSES,
  SOLD_STATUSES,
  countOf,
  statusIndex,
  type DepositStatus,
  type SaleStatus,
  type SaleStatusCounts,
} from './statuses.ts';

/**
 * Why a change is refused. Stable codes: the server sends them as the error reason, the browser
 * turns them into `depositRule.<camelCase>` texts.
 */
export const RULE_CODES = [
  'STATUS_UNCHANGED',
  'STATUS_FINAL',
  'REQUIRED_STEP_SKIPPED',
  'STATUS_TOO_EARLY_PRODUCTS_ONLINE_OR_SOLD',
  'ABANDON_WITH_PRODUCTS_ONLINE',
  'ABANDON_WITH_PRODUCTS_SOLD',
  'ABANDON_REASON_REQUIRED',
  'CANCEL_WITH_PRODUCTS_ONLINE',
  'CANCEL_WITH_PRODUCTS_SOLD',
  'CANCEL_REASON_REQUIRED',
  'RESTITUTION_BEFORE_RECEIVED',
  'RESTITUTION_WITH_SALES_NOT_INVOICED',
  'PRODUCT_INVOICED',
  'DEPOSIT_CLOSED',
  'SALE_BEFORE_INLINE',
  'ONLINE_BEFORE_VALIDATION',
  'PUBLIC_DRAFT_NOT_SENT',
  'ID_DOCUMENT_REQUIRED',
] as const;
export type RuleCode = (typeof RULE_CODES)[number];

export type Verdict =
  | { readonly ok: true }
  | { readonly ok: false; readonly code: RuleCode; readonly step?: DepositStatus };

const OK: Verdict = { ok: true };
const refuse = (code: RuleCode, step?: DepositStatus): Verdict =>
  step ? { ok: false, code, step } : { ok: false, code };

export function isRuleCode(value: unknown): value is RuleCode {
  return typeof value === 'string' && (RULE_CODES as readonly string[]).includes(value);
}

/** `STATUS_TOO_EARLY_PRODUCTS_ONLINE_OR_SOLD` → `depositRule.statusTooEarlyProductsOnlineOrSold`. */
export function ruleI18nKey(code: RuleCode): string {
  const camel = code.toLowerCase().replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  return `depositRule.${camel}`;
}

export interface StatusChange {
  readonly from: DepositStatus;
  readonly to: DepositStatus;
  /** The deposit's products by sale status, read in the same transaction as the change. */
  readonly products: SaleStatusCounts;
  /** Abandon and cancel need a reason other than NOT_SET. */
  readonly reason?: string;
  /**
   * A DRAFT the public form made and its visitor has not sent yet: only the visitor moves it on,
   * by sending it, so every other move is refused.
   */
  readonly unsentPublicDraft?: boolean;
  /**
   * A professional vendor receives a depositor's items without the identity document they showed
   * (type, number, issuing authority, date): the police register needs it (Code pénal R.321-3).
   */
  readonly idDocumentMissing?: boolean;
}

const online = (c: SaleStatusCounts) => countOf(c, ['ONLINE']);
const sold = (c: SaleStatusCounts) => countOf(c, SOLD_STATUSES);

/**
 * May a deposit move from one status to another? Every rule of 2-business-data.md §4, plus the
 * decisions written in docs/decisions.md (final statuses, restitution needs the items received
 * and every sale invoiced).
 */
export function checkStatusChange({
  from,
  to,
  products,
  reason,
  unsentPublicDraft,
  idDocumentMissing,
}: StatusChange): Verdict {
  if (from === to) return refuse('STATUS_UNCHANGED');
  if (unsentPublicDraft && from === 'DRAFT') return refuse('PUBLIC_DRAFT_NOT_SENT');
  if (FINAL_STATUSES.includes(from)) return refuse('STATUS_FINAL');
  const hasReason = Boolean(reason) && reason !== 'NOT_SET';
  switch (to) {
    case 'ABANDONED':
      if (online(products) > 0) return refuse('ABANDON_WITH_PRODUCTS_ONLINE');
      if (sold(products) > 0) return refuse('ABANDON_WITH_PRODUCTS_SOLD');
      return hasReason ? OK : refuse('ABANDON_REASON_REQUIRED');
    case 'CANCELED':
      if (online(products) > 0) return refuse('CANCEL_WITH_PRODUCTS_ONLINE');
      if (sold(products) > 0) return refuse('CANCEL_WITH_PRODUCTS_SOLD');
      return hasReason ? OK : refuse('CANCEL_REASON_REQUIRED');
    case 'RESTITUED':
      if (statusIndex(from) < statusIndex('RECEIVED')) return refuse('RESTITUTION_BEFORE_RECEIVED');
      if (countOf(products, SOLD_NOT_INVOICED_STATUSES) > 0)
        return refuse('RESTITUTION_WITH_SALES_NOT_INVOICED');
      return OK;
  }
  if (statusIndex(to) < statusIndex(from)) {
    return online(products) + sold(products) > 0
      ? refuse('STATUS_TOO_EARLY_PRODUCTS_ONLINE_OR_SOLD')
      : OK;
  }
  if (to === 'RECEIVED' && idDocumentMissing) return refuse('ID_DOCUMENT_REQUIRED');
  const skipped = REQUIRED_STEPS.find(
    (step) => statusIndex(step) > statusIndex(from) && statusIndex(step) < statusIndex(to),
  );
  return skipped ? refuse('REQUIRED_STEP_SKIPPED', skipped) : OK;
}

/** Product statuses a restitution takes offline; invoiced, refused and returned items stay. */
const TAKEN_OFFLINE_BY_RESTITUTION: readonly SaleStatus[] = ['ONLINE', 'READY', 'RESERVED'];

/** What a product becomes when its deposit is restituted (undefined: it stays as it is). */
export function restitutionTarget(status: SaleStatus): SaleStatus | undefined {
  return TAKEN_OFFLINE_BY_RESTITUTION.includes(status) ? 'OFFLINE' : undefined;
}

export const RESTITUTION_TAKES_OFFLINE = TAKEN_OFFLINE_BY_RESTITUTION;

export interface SaleStatusChange {
  readonly depositStatus: DepositStatus;
  /** Undefined for a new product, or for the deposit-level check of a bulk change. */
  readonly from?: SaleStatus;
  readonly to: SaleStatus;
}

/** May one product take a sale status, given its deposit's status? */
export function checkSaleStatusChange({ depositStatus, from, to }: SaleStatusChange): Verdict {
  if (from === to) return OK;
  if (from === 'FACTURED') return refuse('PRODUCT_INVOICED');
  if (FINAL_STATUSES.includes(depositStatus)) return refuse('DEPOSIT_CLOSED');
  if (SOLD_STATUSES.includes(to) && depositStatus !== 'INLINE') return refuse('SALE_BEFORE_INLINE');
  if (to === 'ONLINE' && !INVENTORY_VALIDATED_STATUSES.includes(depositStatus))
    return refuse('ONLINE_BEFORE_VALIDATION');
  return OK;
}

export interface BulkOutcome {
  readonly verdict: Verdict;
  /** Products that change. */
  readonly updated: number;
  /** Invoiced products, never modified. */
  readonly skipped: number;
}

/**
 * The bulk change of every product of a deposit (2-business-data.md §4): the deposit-level rules
 * refuse the whole change; invoiced products are left as they are and counted.
 */
export function checkBulkSaleStatus(
  depositStatus: DepositStatus,
  to: SaleStatus,
  products: SaleStatusCounts,
): BulkOutcome {
  const verdict = checkSaleStatusChange({ depositStatus, to });
  const total = Object.values(products).reduce((sum, n) => sum + (n ?? 0), 0);
  const skipped = to === 'FACTURED' ? 0 : (products.FACTURED ?? 0);
  const updated = verdict.ok ? total - skipped - (products[to] ?? 0) : 0;
  return { verdict, updated, skipped };
}

/**
 * When the first product of a validated deposit goes online, the vendor is offered to move the
 * deposit to INLINE.
 */
export function offersInline(
  depositStatus: DepositStatus,
  onlineBefore: number,
  to: SaleStatus,
): boolean {
  return to === 'ONLINE' && onlineBefore === 0 && depositStatus === 'DEPOSIT_VALIDATED';
}

/**
 * What must hold between a deposit and its products at every moment. The property test checks it
 * in the database after each random step; an empty list means all is well.
 */
export function invariantViolations(
  depositStatus: DepositStatus,
  products: SaleStatusCounts,
): string[] {
  const violations: string[] = [];
  if (countOf(products, SOLD_NOT_INVOICED_STATUSES) > 0 && depositStatus !== 'INLINE')
    violations.push(`sold or paid products in a ${depositStatus} deposit`);
  if ((products.FACTURED ?? 0) > 0 && depositStatus !== 'INLINE' && depositStatus !== 'RESTITUED')
    violations.push(`invoiced products in a ${depositStatus} deposit`);
  if (online(products) > 0 && !INVENTORY_VALIDATED_STATUSES.includes(depositStatus))
    violations.push(`online products in a ${depositStatus} deposit`);
  if (depositStatus === 'RESTITUED' && countOf(products, TAKEN_OFFLINE_BY_RESTITUTION) > 0)
    violations.push('a restituted deposit still offers products');
  return violations;
}
