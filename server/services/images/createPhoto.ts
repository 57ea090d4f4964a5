import { Code } from '@connectrpc/connect';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import { mapDatabaseErrors, requireUuid } from '../../crud/crudService.ts';
import { messageToRow, rowToMessage } from '../../crud/rowMapping.ts';
import type { MediaStorage } from '../../media/storage.ts';
import { fail } from '../../rpc/reasons.ts';
import { tableColumns } from '../deposit/requests/columns.ts';
import { intakeImage } from './imageIntake.ts';
import { nextOrder } from './imageList.ts';
import type { PhotoSpec } from './photoSpecs.ts';

type Row = Record<string, unknown>;

/** One upload as the Create calls receive it. */
export interface PhotoUpload {
  /** The resource message (DepositImage or ProductImage) the browser filled. */
  readonly message: Record<string, unknown>;
  readonly content: Uint8Array;
  readonly image256: Uint8Array;
  readonly image32: Uint8Array;
  readonly uploadKey: string;
  /** CUSTOMER or VENDOR for deposit photos; product photos have no such column. */
  readonly uploadedFrom?: 'CUSTOMER' | 'VENDOR';
}

/** Columns the browser may set on a new photo; keys, order and status are the server's. */
const FROM_BROWSER = ['kind', 'family', 'original_name', 'taken_at', 'cluster'];
const UPLOAD_KEY = /^[A-Za-z0-9_.:-]{1,200}$/;

async function storedByKey(
  db: Kysely<Database>,
  spec: PhotoSpec,
  owner: string,
  key: string,
): Promise<Row | undefined> {
  const { rows } = await sql<Row>`
    select * from ${sql.table(spec.table)}
    where ${sql.ref(spec.owner)} = ${owner} and upload_key = ${key}`.execute(db);
  return rows[0];
}

/**
 * Create of a photo: the owner is checked first, a retried upload key answers the stored photo,
 * then the content is checked and the variants made in memory (a refused file stores nothing). The
 * original is stored and the row inserted PROCESSING at the end of the list; the variants are
 * stored and the row becomes COMPLETED, or FAILED with the error when storing them failed.
 */
export async function createPhoto(
  db: Kysely<Database>,
  media: MediaStorage,
  spec: PhotoSpec,
  upload: PhotoUpload,
  lockOwner: (trx: Kysely<Database>) => Promise<unknown>,
): Promise<Row> {
  const columns = await tableColumns(db, spec.table);
  const toMessage = (row: Row) => rowToMessage(spec.resource, columns, row);
  const owner = requireUuid(String(upload.message[spec.owner] ?? ''), spec.owner);
  const uploadKey = upload.uploadKey.trim();
  if (uploadKey && !UPLOAD_KEY.test(uploadKey))
    throw fail(Code.InvalidArgument, 'INVALID_ARGUMENT', 'upload_key: 1 to 200 plain characters');

  await db.transaction().execute(lockOwner);
  if (uploadKey) {
    const stored = await storedByKey(db, spec, owner, uploadKey);
    if (stored) return toMessage(stored);
  }

  const intake = await intakeImage({
    content: upload.content,
    image256: upload.image256,
    image32: upload.image32,
    wants32: spec.has32,
  });
  const original = await media.put(intake.original.data, intake.original.contentType);

  // Unset fields take the column defaults (cluster 0, no kind).
  const fields = Object.fromEntries(
    Object.entries(
      messageToRow(spec.resource, columns, upload.message, new Set(FROM_BROWSER)),
    ).filter(([, value]) => value !== null && value !== undefined),
  );
  const inserted = await mapDatabaseErrors(() =>
    db.transaction().execute(async (trx) => {
      await lockOwner(trx);
      if (uploadKey) {
        // Two retries of one upload may race past the first look: the second finds the first here.
        const stored = await storedByKey(trx, spec, owner, uploadKey);
        if (stored) return { row: stored, fresh: false };
      }
      const row: Row = {
        ...fields,
        [spec.owner]: owner,
        original,
        upload_key: uploadKey || null,
        order: await nextOrder(trx, spec, owner),
        processing_status: 'PROCESSING',
        rotation: 0,
        ...(upload.uploadedFrom ? { uploaded_from: upload.uploadedFrom } : {}),
      };
      const keys = Object.keys(row);
      const { rows } = await sql<Row>`
        insert into ${sql.table(spec.table)} (${sql.join(keys.map((k) => sql.id(k)))})
        values (${sql.join(keys.map((k) => sql`${row[k]}`))}) returning *`.execute(trx);
      return { row: rows[0]!, fresh: true };
    }),
  );
  if (!inserted.fresh) return toMessage(inserted.row);

  const uuid = inserted.row.uuid as string;
  let sets;
  try {
    const [image, image256, image32] = await Promise.all([
      media.put(intake.image.data, intake.image.contentType),
      media.put(intake.image256.data, intake.image256.contentType),
      intake.image32 ? media.put(intake.image32.data, intake.image32.contentType) : null,
    ]);
    sets = sql`image = ${image}, image256 = ${image256},
      ${spec.has32 ? sql`image32 = ${image32},` : sql``}
      processing_status = 'COMPLETED', processing_error = null`;
  } catch (error) {
    sets = sql`processing_status = 'FAILED', processing_error = ${String(error).slice(0, 500)}`;
  }
  const done = await db.transaction().execute(async (trx) => {
    const { rows } = await sql<Row>`
      update ${sql.table(spec.table)} set ${sets}, updated_at = now(), row_version = row_version + 1
      where uuid = ${uuid} returning *`.execute(trx);
    await spec.afterChange(trx, owner);
    return rows[0];
  });
  return toMessage(done ?? inserted.row);
}
