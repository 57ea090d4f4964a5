import sharp from 'sharp';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import { mapDatabaseErrors, requireUuid, type UpdateHooks } from '../../crud/crudService.ts';
import { rowToMessage } from '../../crud/rowMapping.ts';
import type { MediaStorage } from '../../media/storage.ts';
import type { Caller } from '../../rpc/caller.ts';
import { tableColumns } from '../deposit/requests/columns.ts';
import { lockProduct, requireSameVendor } from './imageAccess.ts';
import { IMAGE_LIMITS } from './imageLimits.ts';
import { nextOrder, refreshMainImage, renumber } from './imageList.ts';
import { lockPhoto } from './photoCalls.ts';
import { DEPOSIT_PHOTOS, PRODUCT_PHOTOS } from './photoSpecs.ts';

type Row = Record<string, unknown>;

/** Deposit photos have no 32 px thumbnail: made from the 256 one when the photo joins a product. */
async function thumbnail32(media: MediaStorage, key256: unknown): Promise<string | null> {
  if (typeof key256 !== 'string' || !key256) return null;
  const found = await media.get(key256);
  if (!found) return null;
  const side = IMAGE_LIMITS.thumbnailSides.image32;
  const data = await sharp(found.data)
    .resize(side, side, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: IMAGE_LIMITS.jpegQuality.thumbnail })
    .toBuffer();
  return media.put(data, 'image/jpeg');
}

/**
 * A deposit photo becomes a product photo without a new upload: same vendor, the product not
 * invoiced; the product photo takes its files and rotation at the end of the product's list, the
 * deposit photo goes and the deposit's list is renumbered. Locks: deposit, then product.
 */
export async function createFromDepositImage(
  db: Kysely<Database>,
  media: MediaStorage,
  caller: Caller,
  productUuid: string,
  depositImageUuid: string,
): Promise<unknown> {
  requireUuid(productUuid, 'product');
  const row = await mapDatabaseErrors(() =>
    db.transaction().execute(async (trx) => {
      const photo = await lockPhoto(trx, caller, DEPOSIT_PHOTOS, depositImageUuid, 'arrange');
      const product = await lockProduct(trx, caller, productUuid);
      const { rows } = await sql<{ vendor: string | null }>`
        select vendor from deposit where uuid = ${photo.deposit as string}`.execute(trx);
      requireSameVendor(rows[0]?.vendor, product.vendor);
      const moved: Row = {
        product: productUuid,
        image: photo.image,
        image256: photo.image256,
        image32: await thumbnail32(media, photo.image256),
        original: photo.original,
        kind: photo.kind,
        family: photo.family,
        rotation: photo.rotation ?? 0,
        processing_status: photo.processing_status,
        processing_error: photo.processing_error,
        order: await nextOrder(trx, PRODUCT_PHOTOS, productUuid),
      };
      const keys = Object.keys(moved);
      const inserted = await sql<Row>`
        insert into product_image (${sql.join(keys.map((k) => sql.id(k)))})
        values (${sql.join(keys.map((k) => sql`${moved[k]}`))}) returning *`.execute(trx);
      await sql`delete from deposit_image where uuid = ${depositImageUuid}`.execute(trx);
      await renumber(trx, DEPOSIT_PHOTOS, photo.deposit as string);
      await refreshMainImage(trx, productUuid);
      return inserted.rows[0]!;
    }),
  );
  return rowToMessage(PRODUCT_PHOTOS.resource, await tableColumns(db, 'product_image'), row);
}

/**
 * Columns only the server writes: files, processing, position (Reorder moves photos), rotation
 * (Rotate normalises it).
 */
const SERVER_COLUMNS = [
  'rotation',
  'image',
  'image256',
  'image32',
  'image_without_background',
  'original',
  'upload_key',
  'processing_status',
  'processing_error',
  'order',
];

interface Move {
  readonly from: Row;
  readonly to: Row;
}

/**
 * ProductImageService.Update: the generic update with the photo's files protected, and a changed
 * `product` moving the photo to the end of another product of the same vendor (both products
 * locked in uuid order, neither invoiced), the old list renumbered.
 */
/**
 * Update and PartialUpdate of a deposit photo: only what describes it (kind, family, name,
 * group, capture time) may change; its files, its deposit and who uploaded it stay.
 */
export function depositPhotoUpdateHooks(): UpdateHooks {
  return {
    async beforeWrite({ row }) {
      for (const column of [...SERVER_COLUMNS, 'deposit', 'uploaded_from']) delete row[column];
    },
  };
}

export function productPhotoUpdateHooks(): UpdateHooks {
  const moves = new WeakMap<object, Move | null>();
  const targetOf = (request: Record<string, unknown>) =>
    String((request.productImage as Row | undefined)?.product ?? '');
  return {
    async beforeLock({ trx, caller, request, uuid }) {
      const { rows } = await sql<{ product: string }>`
        select product from product_image where uuid = ${uuid}`.execute(trx);
      const source = rows[0]?.product;
      if (!source) return;
      const target = targetOf(request);
      if (!target || target === source) {
        await lockProduct(trx, caller, source);
        moves.set(request, null);
        return;
      }
      requireUuid(target, 'product');
      const [first, second] = [source, target].sort();
      const locked = new Map<string, Row>();
      locked.set(first!, await lockProduct(trx, caller, first!));
      locked.set(second!, await lockProduct(trx, caller, second!));
      moves.set(request, { from: locked.get(source)!, to: locked.get(target)! });
    },
    async beforeWrite({ trx, request, current, row }) {
      for (const column of SERVER_COLUMNS) delete row[column];
      const move = moves.get(request);
      if (!move || move.from.uuid !== current.product) {
        delete row.product;
        return;
      }
      requireSameVendor(move.from.vendor, move.to.vendor);
      row.product = move.to.uuid;
      row.order = await nextOrder(trx, PRODUCT_PHOTOS, move.to.uuid as string);
      row.upload_key = null;
    },
    async afterWrite({ trx, request, current }) {
      const move = moves.get(request);
      if (!move) return refreshMainImage(trx, current.product as string);
      await renumber(trx, PRODUCT_PHOTOS, move.from.uuid as string);
      await refreshMainImage(trx, move.from.uuid as string);
      await refreshMainImage(trx, move.to.uuid as string);
    },
  };
}
