import { Code, type HandlerContext } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import type {
  CustomerColumn,
  CustomerRowValues,
} from '../../../src/domain/sheetImport/customers.ts';
import { encodeRowIssue, type RowIssue } from '../../../src/domain/sheetImport/issues.ts';
import { previewImportFile } from '../../../src/domain/sheetImport/previewFile.ts';
import { acceptedRows, refusals } from '../../../src/domain/sheetImport/sheet.ts';
import { TaskName } from '../../../src/rpc/gen/seconde/v1/background_task_pb.ts';
import {
  ImportCustomerDataResponseSchema,
  type ImportCustomerDataRequest,
  type ImportCustomerDataResponse,
} from '../../../src/rpc/gen/seconde/v1/customer_pb.ts';
import { requireCaller, requireUuid } from '../../crud/crudService.ts';
import { fail } from '../../rpc/reasons.ts';
import type { ServiceDeps } from '../deps.ts';
import { requireVendorOrStaff } from '../people/customerCalls.ts';
import { customerImportRunner, type CustomerImportPayload } from './customerImportRunner.ts';
import { requireReadable, requireRows } from './sheetChecks.ts';

/** The vendors of the customers already known by these e-mails (oldest customer per e-mail). */
async function ownersByEmail(
  db: Kysely<Database>,
  emails: readonly string[],
): Promise<Map<string, string[]>> {
  if (emails.length === 0) return new Map();
  const { rows } = await sql<{ email: string; vendors: string[] | null }>`
    select distinct on (lower(email)) lower(email) as email, vendors from customer
    where lower(email) in (${sql.join(emails)})
    order by lower(email), created_at, uuid`.execute(db);
  return new Map(rows.map((r) => [r.email, r.vendors ?? []]));
}

/**
 * CustomerService.ImportData: the contacts sheet is checked here with the browser's code, an
 * e-mail of another vendor's customer is refused on its row (never linked), and the rest is
 * written by a TASK_NAME_IMPORT_CUSTOMERS task. The counts answered are what the task will do.
 */
export function customerImportHandlers(deps: ServiceDeps) {
  const { db, tasks } = deps;
  tasks.register(TaskName.IMPORT_CUSTOMERS, customerImportRunner(db), { idempotent: true });

  async function importData(
    req: ImportCustomerDataRequest,
    ctx: HandlerContext,
  ): Promise<ImportCustomerDataResponse> {
    const caller = requireCaller(ctx);
    requireVendorOrStaff(caller, 'import customers');
    const vendor = req.vendor || caller.vendorUuid;
    if (!vendor)
      throw fail(Code.InvalidArgument, 'INVALID_ARGUMENT', 'Say which vendor the contacts are for');
    requireUuid(vendor, 'vendor');
    if (!caller.isAdminLevel && vendor !== caller.vendorUuid)
      throw fail(Code.PermissionDenied, 'FORBIDDEN', 'A vendor imports only their own contacts');
    const known = await sql`select 1 from vendor where uuid = ${vendor}`.execute(db);
    if (!known.rows.length) throw fail(Code.NotFound, 'NOT_FOUND', 'Vendor not found');

    const outcome = await previewImportFile(req.file, req.fileName, { kind: 'customers' });
    const preview = requireReadable<CustomerColumn, CustomerRowValues>(outcome, 'customers');
    const accepted = acceptedRows(preview);
    const owners = await ownersByEmail(
      db,
      accepted.map((r) => r.values.email),
    );
    const issues: RowIssue[] = [...refusals(preview)];
    const rows: CustomerImportPayload['rows'][number][] = [];
    let createdCount = 0;
    let updatedCount = 0;
    for (const row of accepted) {
      const vendors = owners.get(row.values.email);
      if (!vendors) createdCount++;
      else if (vendors.includes(vendor)) updatedCount++;
      else {
        issues.push({
          row: row.row,
          code: 'customerOfAnotherVendor',
          level: 'error',
          column: 'email',
          params: { value: row.values.email },
        });
        continue;
      }
      rows.push(row);
    }
    const errors = issues.sort((a, b) => a.row - b.row).map(encodeRowIssue);
    requireRows(rows.length, errors);
    const payload: CustomerImportPayload = { vendor, rows };
    const backgroundTask = await tasks.enqueue({
      name: TaskName.IMPORT_CUSTOMERS,
      vendorUuid: vendor,
      label: req.fileName || preview.sheetName,
      payload: { ...payload },
      totalItems: rows.length,
      requestedBy: caller.sub,
    });
    return create(ImportCustomerDataResponseSchema, {
      createdCount,
      updatedCount,
      errors,
      backgroundTask,
    });
  }

  return { importData };
}
