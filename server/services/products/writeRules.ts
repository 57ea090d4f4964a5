import { Code } from '@connectrpc/connect';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import {
  attributesForCategory,
  validateAttributeValues,
  type AttributeAssignment,
  type AttributeDefinition,
  type AttributeOption,
} from '../../../src/domain/products/categoryAttributes.ts';
import type { Caller } from '../../rpc/caller.ts';
import { fail } from '../../rpc/reasons.ts';
import { INCOME_STATUSES, incomeColumns, incomeRulesFor } from './income.ts';

type Row = Record<string, unknown>;

/** Server-computed columns a vendor's form never sets. */
const COMPUTED = ['vendor_income', 'customer_income', 'provider_income', 'in_invoices'];

const filled = (value: unknown) =>
  Array.isArray(value) ? value.length > 0 : typeof value === 'string' && value !== '';

/** Is a stored product invoiced: FACTURED, or listed on an invoice? */
export function isInvoiced(current: Row): boolean {
  return (
    current.sale_status === 'FACTURED' ||
    filled(current.product_invoice_uuid) ||
    filled(current.in_invoices)
  );
}

function json(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** JSON with sorted keys, so a stored answer and a sent one compare equal when they are. */
function canonical(value: unknown): string {
  const sortKeys = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sortKeys)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, sortKeys((v as Row)[k])]),
          )
        : v;
  return JSON.stringify(sortKeys(json(value)));
}

function toOptions(value: unknown): AttributeOption[] {
  const list = json(value);
  if (!Array.isArray(list)) return [];
  return list.map((o: Row) => ({
    marketplaceId: Number(o.marketplaceId ?? o.marketplace_id ?? 0),
    title: String(o.title ?? ''),
    children: toOptions(o.children),
  }));
}

/**
 * Refuses category attribute answers that break their rules (CATEGORY_ATTRIBUTE_INVALID with the
 * attribute's own message). Unknown options and selection limits are always checked; required
 * answers only when the change touches the category or the answers (a new product: when it comes
 * with answers), so an unrelated change never fails on an older product's gaps.
 */
export async function checkCategoryAttributes(
  trx: Kysely<Database>,
  current: Row | undefined,
  row: Row,
): Promise<void> {
  const category = 'category' in row ? row.category : current?.category;
  if (typeof category !== 'string' || category === '') return;
  const values = json(
    'category_attribute_values' in row
      ? row.category_attribute_values
      : current?.category_attribute_values,
  ) as Record<string, unknown> | null;
  // A new product is held to its answers only when it comes with some (photos come first).
  const touched = !current
    ? values !== null && typeof values === 'object' && Object.keys(values).length > 0
    : ('category' in row && row.category !== current.category) ||
      ('category_attribute_values' in row &&
        canonical(row.category_attribute_values) !== canonical(current.category_attribute_values));
  const { rows } = await sql<{ attribute_assignments: unknown }>`
    select attribute_assignments from category where uuid = ${category}`.execute(trx);
  const assignments = json(rows[0]?.attribute_assignments);
  if (!Array.isArray(assignments) || assignments.length === 0) return;
  const { rows: attributes } = await sql<Row>`
    select uuid, code, title, selection_type, selection_limit, validation_error_message, "order",
      options from category_attribute
    where uuid = any(${assignments.map((a: Row) => String(a.categoryAttribute))}::uuid[])`.execute(
    trx,
  );
  const fields = attributesForCategory(
    assignments.map((a: Row): AttributeAssignment => ({
      categoryAttribute: String(a.categoryAttribute),
      required: Boolean(a.required),
      order: Number(a.order ?? 0),
    })),
    attributes.map((a): AttributeDefinition => ({
      uuid: String(a.uuid),
      code: String(a.code ?? ''),
      title: String(a.title ?? ''),
      selectionType: String(a.selection_type ?? 'single'),
      selectionLimit: Number(a.selection_limit ?? 0),
      validationErrorMessage: String(a.validation_error_message ?? ''),
      order: Number(a.order ?? 0),
      options: toOptions(a.options),
    })),
  );
  const [issue] = validateAttributeValues(fields, values, { requireAnswers: touched });
  if (issue)
    throw fail(
      Code.InvalidArgument,
      'CATEGORY_ATTRIBUTE_INVALID',
      issue.message || `The answer to ${issue.code} is not valid`,
    );
}

/**
 * What a product write adds to the row once its sale-status move is allowed: the incomes and the
 * sale date when it becomes sold (or its sold price changes while sold). Computed columns sent by
 * a vendor are ignored.
 */
export async function fillSaleColumns(
  trx: Kysely<Database>,
  caller: Caller,
  clock: () => Date,
  change: { current: Row | undefined; row: Row; deposit: unknown; from?: string; to?: string },
): Promise<void> {
  const { current, row, deposit, from, to } = change;
  if (!caller.isAdminLevel) for (const column of COMPUTED) delete row[column];
  if (!to || !INCOME_STATUSES.includes(to) || typeof deposit !== 'string' || deposit === '') return;
  const becameSold = !from || !INCOME_STATUSES.includes(from);
  const price = 'selled_price' in row ? row.selled_price : current?.selled_price;
  const repriced =
    'selled_price' in row && Number(row.selled_price) !== Number(current?.selled_price);
  if (!becameSold && !repriced) return;
  const columns = incomeColumns(
    await incomeRulesFor(trx, deposit),
    price,
    'suggested_price' in row ? row.suggested_price : current?.suggested_price,
  );
  if (columns) Object.assign(row, columns);
  if (becameSold && !row.sell_datetime && !current?.sell_datetime) row.sell_datetime = clock();
}
