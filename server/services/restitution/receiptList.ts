import { Code } from '@connectrpc/connect';
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import type { Page } from '../../crud/crudService.ts';
import type { Caller } from '../../rpc/caller.ts';
import { fail } from '../../rpc/reasons.ts';
import { refuse } from '../policeRegister/entries.ts';
import { isDayValue } from '../../../src/domain/dates.ts';
import { RestitutionReceiptStatus } from '../../../src/rpc/gen/seconde/v1/restitution_receipt_pb.ts';

export interface ReceiptFilters {
  readonly vendor: string;
  readonly customer: string;
  readonly status: RestitutionReceiptStatus;
  readonly from: string;
  readonly to: string;
}

/**
 * The rows a caller may list: staff every receipt, anyone else the receipts naming them as vendor
 * or as depositor (the receipt's own columns, since a restituted deposit has left the vendor's
 * scope). A filter naming someone else's vendor or depositor is refused, not answered empty.
 */
function scopeOf(caller: Caller, filters: ReceiptFilters): RawBuilder<SqlBool>[] {
  const named: RawBuilder<SqlBool>[] = [
    ...(filters.vendor ? [sql<SqlBool>`r.vendor = ${filters.vendor}`] : []),
    ...(filters.customer ? [sql<SqlBool>`r.customer = ${filters.customer}`] : []),
  ];
  if (caller.isAdminLevel) return named;
  const foreignVendor = filters.vendor && filters.vendor !== caller.vendorUuid;
  const foreignCustomer = filters.customer && filters.customer !== caller.customerUuid;
  // A vendor may narrow to one of their depositors; a depositor names only themself.
  if (foreignVendor || (foreignCustomer && !caller.vendorUuid))
    throw fail(Code.PermissionDenied, 'FORBIDDEN', 'These restitution receipts are not yours');
  const own = [
    ...(caller.vendorUuid ? [sql<SqlBool>`r.vendor = ${caller.vendorUuid}`] : []),
    ...(caller.customerUuid ? [sql<SqlBool>`r.customer = ${caller.customerUuid}`] : []),
  ];
  if (own.length === 0) return [sql<SqlBool>`false`];
  return [sql<SqlBool>`(${sql.join(own, sql` or `)})`, ...named];
}

/** The period's bounds (Paris days, both included); an end before the start is refused. */
function periodOf(from: string, to: string): RawBuilder<SqlBool>[] {
  for (const value of [from, to])
    if (value !== '' && !isDayValue(value))
      throw refuse('RESTITUTION_RECEIPT_PERIOD_INVALID', 'Not a day', Code.InvalidArgument);
  if (from && to && from > to)
    throw refuse(
      'RESTITUTION_RECEIPT_PERIOD_INVALID',
      'The period ends before it starts',
      Code.InvalidArgument,
    );
  const day = sql`(r.restituted_at at time zone 'Europe/Paris')::date`;
  return [
    ...(from ? [sql<SqlBool>`${day} >= ${from}::date`] : []),
    ...(to ? [sql<SqlBool>`${day} <= ${to}::date`] : []),
  ];
}

const STATUS: Partial<Record<RestitutionReceiptStatus, string>> = {
  [RestitutionReceiptStatus.WAITING]: 'WAITING',
  [RestitutionReceiptStatus.ACCEPTED]: 'ACCEPTED',
};

/** One page of the receipts the caller may read, newest restitution first, and their count. */
export async function selectReceipts<Row>(
  db: Kysely<Database>,
  columns: RawBuilder<unknown>,
  caller: Caller,
  filters: ReceiptFilters,
  { page, pageSize }: Page,
): Promise<{ rows: Row[]; count: number }> {
  const status = STATUS[filters.status];
  const where = sql.join(
    [
      ...scopeOf(caller, filters),
      ...periodOf(filters.from, filters.to),
      ...(status ? [sql<SqlBool>`r.status = ${status}`] : []),
      sql<SqlBool>`true`,
    ],
    sql` and `,
  );
  const { rows } = await sql<Row>`
    select ${columns} from restitution_receipt r where ${where}
    order by r.restituted_at desc, r.uuid
    limit ${pageSize} offset ${(page - 1) * pageSize}`.execute(db);
  const { rows: counted } = await sql<{ count: string | number }>`
    select count(*) as count from restitution_receipt r where ${where}`.execute(db);
  return { rows, count: Number(counted[0]?.count ?? 0) };
}
