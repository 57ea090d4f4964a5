import { Code, type HandlerContext } from '@connectrpc/connect';
import type { DescMessage } from '@bufbuild/protobuf';
import { sql, type Kysely } from 'kysely';
import { requireCaller } from '../crud/crudService.ts';
import { scopeFor } from '../crud/policies.ts';
import { scopeSql } from '../crud/queryParts.ts';
import { rowToMessage } from '../crud/rowMapping.ts';
import type { ColumnInfo } from '../crud/tableInfo.ts';
import { fail } from '../rpc/reasons.ts';

/**
 * RetrieveByIdentity for vendors and customers: the guard's lookup of the signed-in subject. A
 * caller may always look themselves up; anyone else's record follows the table's read scope.
 */
export function retrieveByIdentityHandler(
  db: Kysely<unknown>,
  resource: DescMessage,
  table: string,
  columns: ReadonlyMap<string, ColumnInfo>,
) {
  return async (req: { identityUserUuid?: string }, ctx: HandlerContext) => {
    const caller = requireCaller(ctx);
    const subject = req.identityUserUuid || caller.sub;
    const scope =
      subject === caller.sub ? sql`true` : scopeSql(scopeFor(caller, table, 'read'), 'r');
    const { rows } = await sql<Record<string, unknown>>`
      select * from ${sql.table(table)} as r where r.identity_user_uuid = ${subject} and ${scope} limit 1`.execute(
      db,
    );
    if (!rows[0])
      throw fail(Code.NotFound, 'UNRECOGNIZED_USER', `No ${table} record for this identity`);
    return rowToMessage(resource, columns, rows[0]);
  };
}
