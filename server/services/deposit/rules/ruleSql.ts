import { Code } from '@connectrpc/connect';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.gen.ts';
import { loadSchema, type Schema } from '../../../crud/tableInfo.ts';
import { fail } from '../../../rpc/reasons.ts';
import type { Verdict } from '../../../../src/domain/deposit/rules.ts';
import {
  isDepositStatus,
  isSaleStatus,
  type DepositStatus,
  type SaleStatusCounts,
} from '../../../../src/domain/deposit/statuses.ts';

/** English texts of the refusals; the browser shows its own from the reason code. */
const MESSAGES: Record<string, string> = {
  STATUS_UNCHANGED: 'The deposit already has this status',
  STATUS_FINAL: 'A restituted, abandoned or canceled deposit no longer changes status',
  REQUIRED_STEP_SKIPPED: 'A required step cannot be skipped',
  STATUS_TOO_EARLY_PRODUCTS_ONLINE_OR_SOLD:
    'The status cannot go back while products are online or sold',
  ABANDON_WITH_PRODUCTS_ONLINE: 'A deposit with products online cannot be abandoned; restitute it',
  ABANDON_WITH_PRODUCTS_SOLD: 'A deposit with sold products cannot be abandoned',
  ABANDON_REASON_REQUIRED: 'An abandon needs a reason',
  CANCEL_WITH_PRODUCTS_ONLINE: 'A deposit with products online cannot be canceled',
  CANCEL_WITH_PRODUCTS_SOLD: 'A deposit with sold products cannot be canceled',
  CANCEL_REASON_REQUIRED: 'A cancellation needs a reason',
  RESTITUTION_BEFORE_RECEIVED: 'A deposit cannot be restituted before it is received',
  RESTITUTION_WITH_SALES_NOT_INVOICED:
    'A deposit cannot be restituted while sold products are not invoiced',
  PRODUCT_INVOICED: 'An invoiced product cannot be modified',
  DEPOSIT_CLOSED: 'The products of a closed deposit cannot change status',
  SALE_BEFORE_INLINE: 'A product can only be sold or paid once its deposit is online',
  ONLINE_BEFORE_VALIDATION: 'A product can only go online once its deposit inventory is validated',
  PUBLIC_DRAFT_NOT_SENT:
    'This public-form draft has not been sent by its visitor yet: its status cannot change',
  ID_DOCUMENT_REQUIRED:
    'A professional vendor receives a depositor’s items only with the identity document shown (type, number, authority, date)',
};

/** Throws the refusal of a rule verdict as FAILED_PRECONDITION with the rule's code as reason. */
export function enforce(verdict: Verdict): void {
  if (verdict.ok) return;
  const step = verdict.step ? ` (${verdict.step})` : '';
  throw fail(
    Code.FailedPrecondition,
    verdict.code,
    `${MESSAGES[verdict.code] ?? verdict.code}${step}`,
  );
}

/** How many products of a deposit are in each sale status, read inside the caller's transaction. */
export async function saleStatusCounts(
  trx: Kysely<Database>,
  deposit: string,
): Promise<SaleStatusCounts> {
  const { rows } = await sql<{ status: string; n: number }>`
    select sale_status::text as status, count(*)::int as n from product
    where deposit = ${deposit} and sale_status is not null group by sale_status`.execute(trx);
  const counts: SaleStatusCounts = {};
  for (const { status, n } of rows) if (isSaleStatus(status)) counts[status] = Number(n);
  return counts;
}

/** Locks a deposit row for the rest of the transaction and answers its status (undefined: none). */
export async function lockDepositStatus(
  trx: Kysely<Database>,
  deposit: string,
  lock: 'for share' | 'for update',
): Promise<{ status: DepositStatus | null } | undefined> {
  const { rows } = await sql<{ status: string | null }>`
    select status::text as status from deposit where uuid = ${deposit} ${sql.raw(lock)}`.execute(
    trx,
  );
  const row = rows[0];
  if (!row) return undefined;
  return { status: isDepositStatus(row.status) ? row.status : null };
}

/** The migrated schema, read once on first use (hand-written handlers get no schema otherwise). */
export function lazySchema(db: Kysely<Database>): () => Promise<Schema> {
  let loaded: Promise<Schema> | undefined;
  return () => {
    loaded ??= loadSchema(db).catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
    return loaded;
  };
}

export function tableColumns(schema: Schema, table: string) {
  const columns = schema.get(table);
  if (!columns) throw new Error(`No ${table} table in the database`);
  return columns;
}
