import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import { checkSaleStatusChange } from '../../../src/domain/deposit/rules.ts';
import type { ProductRowValues } from '../../../src/domain/sheetImport/products.ts';
import { insertRows } from '../../db/insertRows.ts';
import { lockDepositStatus } from '../deposit/rules/ruleSql.ts';
import { TaskFailure, type TaskRunner } from '../tasks/taskQueue.ts';
import { writeInBatches } from './writeInBatches.ts';

/** What an accepted product sheet leaves for its task: the deposit and the checked rows. */
export interface ProductImportPayload {
  readonly deposit: string;
  readonly rows: readonly { readonly row: number; readonly values: ProductRowValues }[];
}

/** Rows written per transaction, and per progress report. */
export const PRODUCT_BATCH = 50;

/** The payload as stored; a task row edited by hand fails clearly rather than half-way. */
export function readProductPayload(payload: Record<string, unknown>): ProductImportPayload {
  const { deposit, rows } = payload as Partial<ProductImportPayload>;
  if (typeof deposit !== 'string' || !Array.isArray(rows))
    throw new TaskFailure('The import task has no rows to create');
  return { deposit, rows };
}

function productRow(deposit: string, values: ProductRowValues, now: Date) {
  return {
    deposit,
    reference: values.reference,
    name: values.name,
    category: values.category,
    brand: values.brand,
    manual_brand: values.manualBrand || null,
    product_size: values.size,
    colors: values.colors.length ? [...values.colors] : null,
    quality: values.quality ?? 'VERY_GOOD',
    suggested_price: values.price,
    // A day without time: midnight UTC, the same day in Paris.
    stock_entry_datetime: values.entryDate ? new Date(`${values.entryDate}T00:00:00Z`) : now,
    comment: values.comment || null,
    sale_status: 'OFFLINE',
    sale_status_modified: now,
    last_updated_by: 'CSV',
  };
}

/**
 * Creates one batch in one transaction: the deposit must still take products, and the references
 * already in it (an earlier, interrupted run) are skipped, so a re-run never creates twice.
 */
async function createBatch(
  trx: Kysely<Database>,
  payload: ProductImportPayload,
  batch: ProductImportPayload['rows'],
  now: Date,
): Promise<number> {
  // Two imports into one deposit take turns, so neither misses the other's references.
  await sql`select pg_advisory_xact_lock(hashtext(${`product-import:${payload.deposit}`}))`.execute(
    trx,
  );
  const deposit = await lockDepositStatus(trx, payload.deposit, 'for share');
  if (!deposit) throw new TaskFailure('The deposit of this import no longer exists');
  if (deposit.status) {
    const verdict = checkSaleStatusChange({ depositStatus: deposit.status, to: 'OFFLINE' });
    if (!verdict.ok)
      throw new TaskFailure(`The deposit no longer takes products (${verdict.code})`);
  }
  const references = batch.map((r) => r.values.reference);
  const { rows } = await sql<{ reference: string }>`
    select reference from product
    where deposit = ${payload.deposit} and reference in (${sql.join(references)})`.execute(trx);
  const existing = new Set(rows.map((r) => r.reference));
  const fresh = batch.filter((r) => !existing.has(r.values.reference));
  await insertRows(
    trx,
    'product',
    fresh.map((r) => productRow(payload.deposit, r.values, now)),
  );
  return fresh.length;
}

/**
 * TASK_NAME_IMPORT_SHEET_FILE: creates the sheet's products in their deposit, PRODUCT_BATCH rows
 * per transaction with a progress report after each, then raises the deposit's announced item
 * count to what it holds. Idempotent: a re-run skips the references already created.
 */
export function productImportRunner(db: Kysely<Database>, clock: () => Date): TaskRunner {
  return async (stored, report) => {
    const payload = readProductPayload(stored);
    await writeInBatches(db, payload.rows, PRODUCT_BATCH, report, async (trx, batch) => {
      await createBatch(trx, payload, batch, clock());
      return undefined;
    });
    // Only when it changes: an edit of the deposit in progress keeps its row version otherwise.
    await sql`
      with held as (select count(*)::int as n from product where deposit = ${payload.deposit})
      update deposit d set product_number = held.n, updated_at = now(),
        row_version = row_version + 1
      from held where d.uuid = ${payload.deposit} and coalesce(d.product_number, 0) < held.n`.execute(
      db,
    );
  };
}
