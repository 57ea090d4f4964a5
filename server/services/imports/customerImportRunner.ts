import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import type { CustomerRowValues } from '../../../src/domain/sheetImport/customers.ts';
import { encodeRowIssue } from '../../../src/domain/sheetImport/issues.ts';
import { insertRow } from '../../crud/crudService.ts';
import { changes, customerByEmail, lockEmail } from '../people/customerCalls.ts';
import { TaskFailure, type TaskRunner } from '../tasks/taskQueue.ts';
import { writeInBatches } from './writeInBatches.ts';

/** What an accepted contacts sheet leaves for its task: the vendor and the checked rows. */
export interface CustomerImportPayload {
  readonly vendor: string;
  readonly rows: readonly { readonly row: number; readonly values: CustomerRowValues }[];
}

/** Contacts written per transaction, and per progress report. */
export const CUSTOMER_BATCH = 100;

export function readCustomerPayload(payload: Record<string, unknown>): CustomerImportPayload {
  const { vendor, rows } = payload as Partial<CustomerImportPayload>;
  if (typeof vendor !== 'string' || !Array.isArray(rows))
    throw new TaskFailure('The import task has no contacts to write');
  return { vendor, rows };
}

/** What happened to one contact of the sheet. */
export type ContactOutcome = 'created' | 'updated' | 'otherVendor';

/**
 * One contact, under its e-mail's lock: a new e-mail becomes the vendor's customer; the vendor's
 * own contact takes the sheet's non-empty values; someone else's customer is left alone (linking
 * would open their record to this vendor). Running it twice gives the same result.
 */
export async function writeContact(
  trx: Kysely<Database>,
  vendor: string,
  values: CustomerRowValues,
): Promise<ContactOutcome> {
  await lockEmail(trx, values.email);
  const existing = await customerByEmail(trx, values.email);
  if (!existing) {
    await insertRow(trx, 'customer', { ...values, vendors: [vendor] });
    return 'created';
  }
  if (!(existing.vendors ?? []).includes(vendor)) return 'otherVendor';
  const update = Object.fromEntries(Object.entries(values).filter(([k, v]) => k !== 'email' && v));
  if (Object.keys(update).length)
    await sql`update customer set ${changes(update)} where uuid = ${existing.uuid}`.execute(trx);
  return 'updated';
}

/**
 * TASK_NAME_IMPORT_CUSTOMERS: writes the sheet's contacts, CUSTOMER_BATCH per transaction with a
 * progress report after each. A contact that became someone else's customer since the sheet was
 * accepted is reported in the task's messages, as the answer reported the others.
 */
export function customerImportRunner(db: Kysely<Database>): TaskRunner {
  return async (stored, report) => {
    const { vendor, rows } = readCustomerPayload(stored);
    await writeInBatches(db, rows, CUSTOMER_BATCH, report, async (trx, batch) => {
      const refused: number[] = [];
      for (const { row, values } of batch)
        if ((await writeContact(trx, vendor, values)) === 'otherVendor') refused.push(row);
      return refused
        .map((row) =>
          encodeRowIssue({ row, code: 'customerOfAnotherVendor', level: 'error', column: 'email' }),
        )
        .join('\n');
    });
  };
}
