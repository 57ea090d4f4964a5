import { Code } from '@connectrpc/connect';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import {
  refuseOutOfScope,
  requireInScope,
  requireUuid,
  selectInScope,
} from '../../crud/crudService.ts';
import { scopeSql } from '../../crud/queryParts.ts';
import { scopeFor } from '../../crud/policies.ts';
import type { Caller } from '../../rpc/caller.ts';
import { fail } from '../../rpc/reasons.ts';
import { isInvoiced } from '../products/writeRules.ts';

type Row = Record<string, unknown>;

/**
 * What a caller does to a photo list: add a photo, change one photo (rotate, delete), or arrange
 * the whole list (reorder, clear, move). Customers may add photos to their own deposits and change
 * the ones they added; arranging is the vendor's work.
 */
export type ImageAction = 'upload' | 'edit' | 'arrange';

/**
 * The deposit, locked for the rest of the transaction, when the caller may act on its photos:
 * staff on any deposit, a vendor on their own (not restituted), a customer on their own for
 * uploads and their own photos. Refuses FORBIDDEN or NOT_FOUND otherwise.
 */
export async function lockDeposit(
  trx: Kysely<Database>,
  caller: Caller,
  uuid: string,
  action: ImageAction,
): Promise<Row> {
  requireUuid(uuid, 'deposit');
  const inScope = await selectInScope(trx, 'deposit', uuid, caller, 'write', 'for update');
  if (inScope) return inScope;
  if (caller.customerUuid && action !== 'arrange') {
    const { rows } = await sql<Row>`
      select * from deposit where uuid = ${uuid} and customer = ${caller.customerUuid}
      for update`.execute(trx);
    if (rows[0]) return rows[0];
  }
  throw await refuseOutOfScope(trx, 'deposit', uuid, 'deposit');
}

/**
 * The product with its deposit's vendor, locked, when the caller may change its photos: the
 * product's write scope (vendors their own, staff all, customers none), never an invoiced one.
 */
export async function lockProduct(
  trx: Kysely<Database>,
  caller: Caller,
  uuid: string,
): Promise<Row> {
  requireUuid(uuid, 'product');
  const row = await requireInScope(trx, 'product', uuid, caller, 'write', 'product', 'for update');
  if (isInvoiced(row))
    throw fail(
      Code.FailedPrecondition,
      'PRODUCT_INVOICED',
      'This product is invoiced: its photos can no longer change',
    );
  const deposit = await trx
    .selectFrom('deposit')
    .select('vendor')
    .where('uuid', '=', row.deposit as string)
    .executeTakeFirst();
  return { ...row, vendor: deposit?.vendor ?? null };
}

/** Refuses a caller who may not read this deposit's or product's photos. */
export async function requireReadable(
  db: Kysely<Database>,
  caller: Caller,
  table: 'deposit' | 'product',
  uuid: string,
): Promise<void> {
  requireUuid(uuid, table);
  const { rows } = await sql`
    select 1 from ${sql.table(table)} as r where r.uuid = ${uuid}
    and ${scopeSql(scopeFor(caller, table, 'read'), 'r')}`.execute(db);
  if (!rows.length) throw await refuseOutOfScope(db, table, uuid, table);
}

/** A photo moves only between lists of one vendor. */
export function requireSameVendor(from: unknown, to: unknown): void {
  if (!from || from !== to)
    throw fail(
      Code.PermissionDenied,
      'FORBIDDEN',
      'A photo moves only between deposits and products of the same vendor',
    );
}
