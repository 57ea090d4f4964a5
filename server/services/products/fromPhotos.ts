import { Code, type HandlerContext } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import { insertRow, isUuid, requireUuid } from '../../crud/crudService.ts';
import type { Caller } from '../../rpc/caller.ts';
import { fail } from '../../rpc/reasons.ts';
import { groupPhotos } from '../../../src/domain/images/clusters.ts';
import {
  UpdateClusterImagesResponseSchema,
  type UpdateClusterImagesRequest,
} from '../../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import {
  ProcessClusterAndCreateProductResponseSchema,
  type CreateFromDepositImagesRequest,
  type ProcessClusterAndCreateProductRequest,
} from '../../../src/rpc/gen/seconde/v1/product_pb.ts';
import { checkAgainstDeposit } from '../deposit/rules/productRules.ts';
import {
  mediaUrl,
  requireInventoryWriter,
  rowInScope,
  type ProductContext,
  type Row,
} from './productRows.ts';
import { enterReceivedProducts } from '../policeRegister/entries.ts';
import { lockProductCreation, takeReferences } from './references.ts';

/**
 * A new product of a deposit made of some of its photos, which move onto it in the order given
 * (same storage keys; the deposit_image rows go): reference from the deposit's range, entered in
 * stock now, the deposit's default quality and size, main image from the first photo.
 */
export async function productFromPhotos(
  trx: Kysely<Database>,
  clock: () => Date,
  deposit: Row,
  photoUuids: readonly string[],
): Promise<string> {
  const depositUuid = String(deposit.uuid);
  const uuids = [...new Set(photoUuids)];
  if (uuids.length === 0)
    throw fail(Code.InvalidArgument, 'INVALID_ARGUMENT', 'Choose at least one photo');
  for (const uuid of uuids) requireUuid(uuid, 'photo');
  await lockProductCreation(trx, depositUuid);
  await checkAgainstDeposit(trx, depositUuid, undefined, 'OFFLINE');
  const { rows: photos } = await sql<{ uuid: string; image: string | null }>`
    select uuid, image from deposit_image
    where deposit = ${depositUuid} and uuid = any(${uuids}::uuid[]) for update`.execute(trx);
  if (photos.length !== uuids.length)
    throw fail(Code.InvalidArgument, 'INVALID_ARGUMENT', 'Some photos are not in this deposit');
  const first = photos.find((p) => p.uuid === uuids[0]);
  const [reference] = await takeReferences(trx, depositUuid);
  const size = typeof deposit.default_product_size === 'string' ? deposit.default_product_size : '';
  const product = await insertRow(trx, 'product', {
    deposit: depositUuid,
    reference,
    stock_entry_datetime: clock(),
    sale_status: 'OFFLINE',
    last_updated_by: 'PROVIDER',
    main_image_url: mediaUrl(first?.image),
    ...(deposit.default_quality ? { quality: deposit.default_quality } : {}),
    ...(isUuid(size) ? { product_size: size } : {}),
  });
  await sql`
    insert into product_image (product, image, image256, kind, "order", family, processing_status,
      processing_error, rotation, original, upload_key)
    select ${product}, image, image256, kind, array_position(${uuids}::uuid[], uuid), family,
      processing_status, processing_error, rotation, original, upload_key
    from deposit_image where uuid = any(${uuids}::uuid[])`.execute(trx);
  await sql`delete from deposit_image where uuid = any(${uuids}::uuid[])`.execute(trx);
  // Made in a received deposit: entered in the police register at once.
  await enterReceivedProducts(trx, { products: [product] }, clock(), '');
  return product;
}

/** A deposit's remaining photos grouped into items (src/domain/images/clusters.ts). */
export async function photoGroups(trx: Kysely<Database>, deposit: string): Promise<string[][]> {
  const { rows } = await sql<{
    uuid: string;
    order: number | null;
    taken_at: Date;
    cluster: number;
  }>`
    select uuid, "order", coalesce(taken_at, created_at) as taken_at, cluster
    from deposit_image where deposit = ${deposit}`.execute(trx);
  return groupPhotos(
    rows.map((r) => ({
      uuid: r.uuid,
      order: Number(r.order ?? 0),
      takenAt: new Date(r.taken_at).getTime(),
      cluster: Number(r.cluster ?? 0),
    })),
  );
}

export function fromPhotosHandlers(context: ProductContext) {
  const { clock } = context;
  const writableDeposit = (trx: Kysely<Database>, uuid: string, caller: Caller) =>
    rowInScope(trx, 'deposit', uuid, caller, 'write');

  return {
    async createFromDepositImages(req: CreateFromDepositImagesRequest, ctx: HandlerContext) {
      const caller = requireInventoryWriter(ctx);
      return context.write(async (trx) => {
        const deposit = await writableDeposit(trx, req.deposit, caller);
        await context.requireRoom(trx, caller);
        const uuid = await productFromPhotos(trx, clock, deposit, req.depositImagesUuids);
        return context.toProduct(trx, uuid);
      });
    },

    /** Group `clusterIndex` (0-based, in the order of each group's first photo) becomes a product. */
    async processClusterAndCreateProduct(
      req: ProcessClusterAndCreateProductRequest,
      ctx: HandlerContext,
    ) {
      const caller = requireInventoryWriter(ctx);
      return context.write(async (trx) => {
        const deposit = await writableDeposit(trx, req.depositUuid, caller);
        await lockProductCreation(trx, req.depositUuid);
        await context.requireRoom(trx, caller);
        const groups = await photoGroups(trx, req.depositUuid);
        const group = req.clusterIndex >= 0 ? groups[req.clusterIndex] : undefined;
        if (!group)
          throw fail(
            Code.FailedPrecondition,
            'NO_CLUSTER_LEFT',
            `No photo group ${req.clusterIndex} left in this deposit (${groups.length} left)`,
          );
        const productUuid = await productFromPhotos(trx, clock, deposit, group);
        return create(ProcessClusterAndCreateProductResponseSchema, {
          productUuid,
          remainingClustersCount: groups.length - 1,
          deposit: req.depositUuid,
        });
      });
    },

    /**
     * The vendor's grouping: photos of cluster i get number i + 1 (empty clusters are skipped);
     * photos left out go back to automatic grouping (0).
     */
    async updateClusterImages(req: UpdateClusterImagesRequest, ctx: HandlerContext) {
      const caller = requireInventoryWriter(ctx);
      const clusters = req.clusters.map((c) => c.depositImages).filter((c) => c.length > 0);
      const listed = clusters.flat();
      for (const uuid of listed) requireUuid(uuid, 'photo');
      if (new Set(listed).size !== listed.length)
        throw fail(Code.InvalidArgument, 'INVALID_ARGUMENT', 'A photo is in two groups');
      return context.write(async (trx) => {
        await writableDeposit(trx, req.uuid, caller);
        await lockProductCreation(trx, req.uuid);
        const { rows } = await sql<{ n: number }>`
            select count(*)::int as n from deposit_image
            where deposit = ${req.uuid} and uuid = any(${listed}::uuid[])`.execute(trx);
        if (Number(rows[0]?.n ?? 0) !== listed.length)
          throw fail(
            Code.InvalidArgument,
            'INVALID_ARGUMENT',
            'Some photos are not in this deposit',
          );
        const numbers = clusters.flatMap((c, i) => c.map(() => i + 1));
        await sql`
            update deposit_image d set cluster = coalesce(v.cluster, 0),
              updated_at = now(), row_version = d.row_version + 1
            from deposit_image i
            left join unnest(${listed}::uuid[], ${numbers}::int[]) as v(uuid, cluster)
              on v.uuid = i.uuid
            where d.uuid = i.uuid and i.deposit = ${req.uuid}`.execute(trx);
        return create(UpdateClusterImagesResponseSchema, {
          success: true,
          clustersCount: clusters.length,
        });
      });
    },
  };
}
