import { Code } from '@connectrpc/connect';
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import { mapDatabaseErrors, requireUuid } from '../../crud/crudService.ts';
import { rowToMessage } from '../../crud/rowMapping.ts';
import type { Schema } from '../../crud/tableInfo.ts';
import { scopeFor } from '../../crud/policies.ts';
import { scopeSql } from '../../crud/queryParts.ts';
import type { Caller } from '../../rpc/caller.ts';
import { fail } from '../../rpc/reasons.ts';
import {
  AnnouncementSchema,
  type Announcement,
} from '../../../src/rpc/gen/seconde/v1/announcement_pb.ts';
import {
  ProductAnnouncementSchema,
  type ProductAnnouncement,
} from '../../../src/rpc/gen/seconde/v1/product_announcement_pb.ts';
import { lazySchema, tableColumns } from '../deposit/rules/ruleSql.ts';

export type Row = Record<string, unknown>;

/** What the announcement calls share: the database, the clock and the row-to-message mapping. */
export interface AnnouncementContext {
  readonly db: Kysely<Database>;
  readonly clock: () => Date;
  readonly schema: () => Promise<Schema>;
  toAnnouncement(row: Row): Promise<Announcement>;
  toProductText(row: Row): Promise<ProductAnnouncement>;
  /** One transaction, database errors mapped; the schema is read first (one embedded connection). */
  write<T>(run: (trx: Kysely<Database>) => Promise<T>): Promise<T>;
}

export function announcementContext(db: Kysely<Database>, clock: () => Date): AnnouncementContext {
  const schema = lazySchema(db);
  return {
    db,
    clock,
    schema,
    async toAnnouncement(row) {
      return rowToMessage(AnnouncementSchema, tableColumns(await schema(), 'announcement'), row);
    },
    async toProductText(row) {
      const columns = tableColumns(await schema(), 'product_announcement');
      return rowToMessage(ProductAnnouncementSchema, columns, row);
    },
    async write(run) {
      await schema();
      return mapDatabaseErrors(() => db.transaction().execute(run));
    },
  };
}

/** Announcements a caller reads: the announcement row policy (server/crud/policies.ts). */
export function readScope(caller: Caller, alias: string): RawBuilder<SqlBool> {
  return scopeSql(scopeFor(caller, 'announcement', 'read'), alias);
}

/** Announcements a caller changes: the announcement row policy's write scope. */
export function writeScope(caller: Caller, alias: string): RawBuilder<SqlBool> {
  return scopeSql(scopeFor(caller, 'announcement', 'write'), alias);
}

/**
 * One announcement in the caller's read or write scope (optionally locked), else FORBIDDEN when it
 * exists (NOT_FOUND otherwise): another vendor's announcement is never shown.
 */
export async function requireAnnouncement(
  executor: Kysely<Database>,
  uuid: string,
  caller: Caller,
  mode: 'read' | 'write',
  lock = false,
): Promise<Row> {
  requireUuid(uuid, 'announcement');
  const scope = mode === 'read' ? readScope(caller, 'a') : writeScope(caller, 'a');
  const { rows } = await sql<Row>`
    select * from announcement a where a.uuid = ${uuid} and ${scope}
    ${lock ? sql`for update` : sql``}`.execute(executor);
  if (rows[0]) return rows[0];
  const exists = await sql`select 1 from announcement where uuid = ${uuid}`.execute(executor);
  if (exists.rows.length === 0) throw fail(Code.NotFound, 'NOT_FOUND', 'Announcement not found');
  throw fail(
    Code.PermissionDenied,
    'FORBIDDEN',
    mode === 'read'
      ? 'This announcement is not yours'
      : 'Only its vendor or the company administrator may change this announcement',
  );
}

/** NO_FAVORITE_ANNOUNCEMENT, the error of 2-business-data.md §8. */
export const noFavorite = () =>
  fail(
    Code.FailedPrecondition,
    'NO_FAVORITE_ANNOUNCEMENT',
    'No favourite announcement: choose one on your announcements page',
  );

/**
 * The vendor's favourite announcement, if it is still one they may read (an announcement of a
 * company they left is no longer theirs).
 */
export async function favoriteOf(
  executor: Kysely<Database>,
  vendor: string | null,
  caller: Caller,
): Promise<Row | undefined> {
  if (!vendor) return undefined;
  const { rows } = await sql<Row>`
    select a.* from vendor v join announcement a on a.uuid::text = v.favorite_announcement
    where v.uuid = ${vendor} and ${readScope(caller, 'a')}`.execute(executor);
  return rows[0];
}
