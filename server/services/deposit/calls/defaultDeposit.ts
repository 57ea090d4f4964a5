import { Code, type HandlerContext } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.gen.ts';
import {
  DefaultDepositForVendorResponseSchema,
  type DefaultDepositForVendorRequest,
} from '../../../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { mapDatabaseErrors, requireCaller, requireUuid } from '../../../crud/crudService.ts';
import { fail } from '../../../rpc/reasons.ts';
import type { DepositCallContext, Row } from './common.ts';

/** Name of the own-stock deposit; a number is added if the vendor already uses the name. */
export const DEFAULT_DEPOSIT_NAME = 'Stock personnel';

/**
 * DefaultDepositForVendor: the deposit that receives a vendor's own stock (selling mode
 * DEFAULT_STOCK, no customer), created on first ask. It is INLINE from the start: own stock has no
 * customer hand-over, and its products must be able to go online and be sold. A vendor asks for
 * themselves only; admins for anyone (their own record when the request names nobody).
 */
export function defaultDepositHandlers(context: DepositCallContext) {
  const { db, clock } = context.deps;
  return {
    async defaultDepositForVendor(req: DefaultDepositForVendorRequest, ctx: HandlerContext) {
      const caller = requireCaller(ctx);
      const vendor = req.vendorUuid || caller.vendorUuid;
      if (!vendor) {
        if (caller.isAdminLevel)
          throw fail(Code.InvalidArgument, 'INVALID_ARGUMENT', 'vendor_uuid is required');
        throw fail(Code.PermissionDenied, 'FORBIDDEN', 'Only vendors have a default deposit');
      }
      requireUuid(vendor, 'vendor_uuid');
      if (!caller.isAdminLevel && vendor !== caller.vendorUuid)
        throw fail(Code.PermissionDenied, 'FORBIDDEN', 'You may only ask for your own deposit');
      const row = await mapDatabaseErrors(() =>
        db.transaction().execute(async (trx) => {
          // Serialises two first asks for one vendor, so exactly one deposit is created.
          await sql`select pg_advisory_xact_lock(hashtext(${`default-deposit:${vendor}`}))`.execute(
            trx,
          );
          const found = await existing(trx, vendor);
          if (found) return found;
          const { rows: vendors } = await sql<{ company: string | null }>`
            select company from vendor where uuid = ${vendor}`.execute(trx);
          if (!vendors[0]) throw fail(Code.NotFound, 'NOT_FOUND', 'Vendor not found');
          const now = clock();
          await sql`
            insert into deposit (name, vendor, company, status, deposit_selling_mode_status,
              created_by, deposit_datetime, affectation_datetime, created_at)
            values (${await freeName(trx, vendor)}, ${vendor}, ${vendors[0].company}, 'INLINE',
              'DEFAULT_STOCK', ${caller.sub}, ${now}, ${now}, ${now})`.execute(trx);
          return (await existing(trx, vendor))!;
        }),
      );
      return create(DefaultDepositForVendorResponseSchema, {
        deposit: await context.toDeposit(row, caller),
      });
    },
  };
}

async function existing(trx: Kysely<Database>, vendor: string): Promise<Row | undefined> {
  const { rows } = await sql<Row>`
    select * from deposit
    where vendor = ${vendor} and deposit_selling_mode_status = 'DEFAULT_STOCK' and customer is null
    order by created_at, uuid limit 1`.execute(trx);
  return rows[0];
}

async function freeName(trx: Kysely<Database>, vendor: string): Promise<string> {
  const { rows } = await sql<{ name: string }>`
    select name from deposit where vendor = ${vendor} and name like ${`${DEFAULT_DEPOSIT_NAME}%`}`.execute(
    trx,
  );
  const taken = new Set(rows.map((r) => r.name));
  let name = DEFAULT_DEPOSIT_NAME;
  for (let n = 2; taken.has(name); n++) name = `${DEFAULT_DEPOSIT_NAME} ${n}`;
  return name;
}
