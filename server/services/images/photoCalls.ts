import { Code } from '@connectrpc/connect';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import { mapDatabaseErrors, requireUuid } from '../../crud/crudService.ts';
import { rowToMessage } from '../../crud/rowMapping.ts';
import type { Caller } from '../../rpc/caller.ts';
import { fail } from '../../rpc/reasons.ts';
import { tableColumns } from '../deposit/requests/columns.ts';
import type { ImageAction } from './imageAccess.ts';
import { listPhotos, renumber, reorder } from './imageList.ts';
import type { PhotoSpec } from './photoSpecs.ts';

type Row = Record<string, unknown>;

/** Any angle as a quarter turn in [0, 360): 900 → 180, -90 → 270, 100 → 90. */
export function normaliseRotation(target: number): number {
  const quarter = Math.round((Number.isFinite(target) ? target : 0) / 90);
  return (((quarter % 4) + 4) % 4) * 90;
}

/** The photo, locked, with its owner locked first, when the caller may act on it. */
export async function lockPhoto(
  trx: Kysely<Database>,
  caller: Caller,
  spec: PhotoSpec,
  uuid: string,
  action: ImageAction,
): Promise<Row> {
  requireUuid(uuid);
  const t = sql.table(spec.table);
  const { rows } =
    await sql<Row>`select ${sql.ref(spec.owner)} as owner from ${t} where uuid = ${uuid}`.execute(
      trx,
    );
  if (!rows[0]) throw fail(Code.NotFound, 'NOT_FOUND', 'Photo not found');
  const owner = rows[0].owner as string;
  await spec.lockOwner(trx, caller, owner, action);
  const locked = await sql<Row>`select * from ${t} where uuid = ${uuid} for update`.execute(trx);
  const photo = locked.rows[0];
  if (!photo || photo[spec.owner] !== owner)
    throw fail(Code.Aborted, 'CHANGED_BY_SOMEONE_ELSE', 'This photo just moved; reload it');
  if (!spec.mayEdit(caller, photo))
    throw fail(Code.PermissionDenied, 'FORBIDDEN', 'You may change only the photos you added');
  return photo;
}

/** Rotate, Reorder, Destroy and the list clearing, written once for both photo lists. */
export function photoCalls(db: Kysely<Database>, spec: PhotoSpec) {
  const toMessages = async (rows: Row[]) => {
    const columns = await tableColumns(db, spec.table);
    return rows.map((row) => rowToMessage(spec.resource, columns, row));
  };
  const t = sql.table(spec.table);

  return {
    async rotate(caller: Caller, uuid: string, target: number) {
      const rotation = normaliseRotation(target);
      await mapDatabaseErrors(() =>
        db.transaction().execute(async (trx) => {
          const photo = await lockPhoto(trx, caller, spec, uuid, 'edit');
          await sql`update ${t} set rotation = ${rotation}, updated_at = now(),
            row_version = row_version + 1 where uuid = ${uuid}`.execute(trx);
          await spec.afterChange(trx, photo[spec.owner] as string);
        }),
      );
      return { success: true, newRotation: rotation };
    },

    async reorder(caller: Caller, owner: string, uuids: readonly string[]) {
      uuids.forEach((u) => requireUuid(u));
      const rows = await mapDatabaseErrors(() =>
        db.transaction().execute(async (trx) => {
          await spec.lockOwner(trx, caller, owner, 'arrange');
          const rows = await reorder(trx, spec, owner, uuids);
          await spec.afterChange(trx, owner);
          return rows;
        }),
      );
      return { results: await toMessages(rows), count: rows.length };
    },

    async destroy(caller: Caller, uuid: string) {
      await mapDatabaseErrors(() =>
        db.transaction().execute(async (trx) => {
          const photo = await lockPhoto(trx, caller, spec, uuid, 'edit');
          await sql`delete from ${t} where uuid = ${uuid}`.execute(trx);
          await renumber(trx, spec, photo[spec.owner] as string);
          await spec.afterChange(trx, photo[spec.owner] as string);
        }),
      );
      return { success: true };
    },

    /** Removes the listed photos of one owner, or all of them when none is listed. */
    async destroyMany(caller: Caller, owner: string, uuids: readonly string[]) {
      uuids.forEach((u) => requireUuid(u));
      const deleted = await mapDatabaseErrors(() =>
        db.transaction().execute(async (trx) => {
          await spec.lockOwner(trx, caller, owner, 'arrange');
          const current = new Set((await listPhotos(trx, spec, owner)).map((r) => r.uuid));
          const foreign = uuids.find((u) => !current.has(u));
          if (foreign)
            throw fail(
              Code.InvalidArgument,
              'INVALID_ARGUMENT',
              `${foreign} is not a photo of this ${spec.owner}`,
            );
          const { rows } = await sql`
            delete from ${t} where ${sql.ref(spec.owner)} = ${owner}
            ${uuids.length ? sql`and uuid = any(${[...uuids]}::uuid[])` : sql``}
            returning uuid`.execute(trx);
          await renumber(trx, spec, owner);
          await spec.afterChange(trx, owner);
          return rows.length;
        }),
      );
      return { success: true, deletedCount: deleted };
    },
  };
}
