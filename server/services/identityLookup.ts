import { Code, type HandlerContext } from '@connectrpc/connect';
import type { DescMessage } from '@bufbuild/protobuf';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.gen.ts';
import {
  SubscriptionSchema,
  type Subscription,
} from '../../src/rpc/gen/seconde/v1/subscription_pb.ts';
import { requireCaller } from '../crud/crudService.ts';
import { scopeFor } from '../crud/policies.ts';
import { scopeSql } from '../crud/queryParts.ts';
import { rowToMessage } from '../crud/rowMapping.ts';
import type { ColumnInfo } from '../crud/tableInfo.ts';
import { fail } from '../rpc/reasons.ts';
import { tableColumns } from './deposit/requests/columns.ts';

type Row = Record<string, unknown>;

/**
 * A vendor's `subscription_detail`: the subscription row the vendor points at, so the session
 * knows the plan (trial, training, status) without a second call. Undefined without one.
 */
async function subscriptionDetail(
  db: Kysely<Database>,
  vendor: Row,
): Promise<Subscription | undefined> {
  if (!vendor.subscription) return undefined;
  const row = await db
    .selectFrom('subscription')
    .selectAll()
    .where('uuid', '=', String(vendor.subscription))
    .executeTakeFirst();
  if (!row) return undefined;
  return rowToMessage(SubscriptionSchema, await tableColumns(db, 'subscription'), row);
}

/**
 * RetrieveByIdentity for vendors and customers: the guard's lookup of the signed-in subject. A
 * caller may always look themselves up; anyone else's record follows the table's read scope.
 */
export function retrieveByIdentityHandler(
  db: Kysely<Database>,
  resource: DescMessage,
  table: string,
  columns: ReadonlyMap<string, ColumnInfo>,
) {
  return async (req: { identityUserUuid?: string }, ctx: HandlerContext) => {
    const caller = requireCaller(ctx);
    const subject = req.identityUserUuid || caller.sub;
    const scope =
      subject === caller.sub ? sql`true` : scopeSql(scopeFor(caller, table, 'read'), 'r');
    const { rows } = await sql<Row>`
      select * from ${sql.table(table)} as r where r.identity_user_uuid = ${subject} and ${scope} limit 1`.execute(
      db,
    );
    if (!rows[0])
      throw fail(Code.NotFound, 'UNRECOGNIZED_USER', `No ${table} record for this identity`);
    const record = rowToMessage(resource, columns, rows[0]);
    // Resource views are not columns: the vendor's plan is joined here.
    if (table === 'vendor') {
      (record as { subscriptionDetail?: Subscription }).subscriptionDetail =
        await subscriptionDetail(db, rows[0]);
    }
    return record;
  };
}
