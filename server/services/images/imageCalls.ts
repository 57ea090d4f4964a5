import type { HandlerContext } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { sql } from 'kysely';
import {
  DepositImageSchema,
  DepositImageService,
  StreamDepositImageProgressionResponseSchema,
  type CreateDepositImageRequest,
  type DestroyForDepositRequest,
  type ReorderDepositImagesRequest,
  type RotateDepositImageRequest,
  type StreamDepositImageProgressionRequest,
} from '../../../src/rpc/gen/seconde/v1/deposit_image_pb.ts';
import {
  ProductImageSchema,
  ProductImageService,
  StreamProductImageProgressionResponseSchema,
  type CreateFromDepositImageRequest,
  type CreateProductImageRequest,
  type ReorderProductImagesRequest,
  type RotateProductImageRequest,
  type StreamProductImageProgressionRequest,
} from '../../../src/rpc/gen/seconde/v1/product_image_pb.ts';
import { requireCaller, requireUuid, updateHandler } from '../../crud/crudService.ts';
import type { Caller } from '../../rpc/caller.ts';
import { tableColumns } from '../deposit/requests/columns.ts';
import type { ServiceDeps } from '../deps.ts';
import { implement, tableDriven } from '../implement.ts';
import { createPhoto } from './createPhoto.ts';
import { requireReadable } from './imageAccess.ts';
import {
  createFromDepositImage,
  depositPhotoUpdateHooks,
  productPhotoUpdateHooks,
} from './movePhotos.ts';
import { photoCalls } from './photoCalls.ts';
import { photoListHandler } from './photoList.ts';
import { photoProgression } from './photoProgression.ts';
import { DEPOSIT_PHOTOS, PRODUCT_PHOTOS } from './photoSpecs.ts';
import { visitorDepositLock } from './visitorUpload.ts';

type Handler = (req: Record<string, unknown>, ctx: HandlerContext) => Promise<unknown>;

const isVendorSide = (caller: Caller) => caller.isAdminLevel || caller.vendorUuid !== null;

/** Photo calls: uploads checked with sharp, variants, rotation, order, moves and progression. */
export function imageCallsHandlers(deps: ServiceDeps) {
  const { db, media } = deps;
  const deposits = photoCalls(db, DEPOSIT_PHOTOS);
  const products = photoCalls(db, PRODUCT_PHOTOS);
  let productUpdate: Promise<Handler> | undefined;
  const depositUpdates = new Map<'update' | 'partialUpdate', Promise<Handler>>();
  const depositUpdate = (method: 'update' | 'partialUpdate'): Handler => {
    return async (req, ctx) => {
      let built = depositUpdates.get(method);
      if (!built) {
        built = tableColumns(db, 'deposit_image').then((columns) =>
          updateHandler(
            db,
            DepositImageService,
            DepositImageSchema,
            'deposit_image',
            columns,
            method,
            depositPhotoUpdateHooks(),
          ),
        );
        depositUpdates.set(method, built);
      }
      return (await built)(req, ctx);
    };
  };

  return [
    implement(DepositImageService, {
      list: tableDriven(photoListHandler(db, DepositImageService, DEPOSIT_PHOTOS)),
      async create(req: CreateDepositImageRequest, ctx: HandlerContext) {
        const message = { ...(req.depositImage ?? {}) } as Record<string, unknown>;
        const deposit = String(message.deposit ?? '');
        // A visitor of the public form holds a draft token instead of a session.
        const visitor = visitorDepositLock(ctx, deposit);
        const caller = visitor ? null : requireCaller(ctx);
        const row = await createPhoto(
          db,
          media,
          DEPOSIT_PHOTOS,
          {
            message,
            content: req.imageContent,
            image256: req.image256Content,
            image32: new Uint8Array(),
            uploadKey: req.uploadKey,
            uploadedFrom: caller && isVendorSide(caller) ? 'VENDOR' : 'CUSTOMER',
          },
          (trx) =>
            visitor ? visitor(trx) : DEPOSIT_PHOTOS.lockOwner(trx, caller!, deposit, 'upload'),
        );
        return row;
      },
      update: tableDriven(depositUpdate('update')),
      partialUpdate: tableDriven(depositUpdate('partialUpdate')),
      rotate: (req: RotateDepositImageRequest, ctx: HandlerContext) =>
        deposits.rotate(requireCaller(ctx), req.uuid, req.targetRotation),
      reorder: tableDriven((req: ReorderDepositImagesRequest, ctx: HandlerContext) =>
        deposits.reorder(requireCaller(ctx), requireUuid(req.deposit, 'deposit'), req.uuids),
      ),
      destroy: (req: { uuid: string }, ctx: HandlerContext) =>
        deposits.destroy(requireCaller(ctx), req.uuid),
      destroyForDeposit: (req: DestroyForDepositRequest, ctx: HandlerContext) =>
        deposits.destroyMany(requireCaller(ctx), requireUuid(req.deposit, 'deposit'), req.uuids),
      async *streamProgression(req: StreamDepositImageProgressionRequest, ctx: HandlerContext) {
        await requireReadable(db, requireCaller(ctx), 'deposit', req.deposit);
        const where = sql<boolean>`r.deposit = ${req.deposit}`;
        for await (const step of photoProgression(db, DEPOSIT_PHOTOS, where, ctx))
          yield create(StreamDepositImageProgressionResponseSchema, step as never);
      },
    }),
    implement(ProductImageService, {
      list: tableDriven(photoListHandler(db, ProductImageService, PRODUCT_PHOTOS)),
      async create(req: CreateProductImageRequest, ctx: HandlerContext) {
        const caller = requireCaller(ctx);
        const message = { ...(req.productImage ?? {}) } as Record<string, unknown>;
        const product = String(message.product ?? '');
        return createPhoto(
          db,
          media,
          PRODUCT_PHOTOS,
          {
            message,
            content: req.imageContent,
            image256: req.image256Content,
            image32: req.image32Content,
            uploadKey: req.uploadKey,
          },
          (trx) => PRODUCT_PHOTOS.lockOwner(trx, caller, product, 'upload'),
        );
      },
      createFromDepositImage: tableDriven(
        (req: CreateFromDepositImageRequest, ctx: HandlerContext) =>
          createFromDepositImage(db, media, requireCaller(ctx), req.product, req.depositImage),
      ),
      update: tableDriven(async (req: Record<string, unknown>, ctx: HandlerContext) => {
        productUpdate ??= tableColumns(db, 'product_image').then((columns) =>
          updateHandler(
            db,
            ProductImageService,
            ProductImageSchema,
            'product_image',
            columns,
            'update',
            productPhotoUpdateHooks(),
          ),
        );
        return (await productUpdate)(req, ctx);
      }),
      rotate: (req: RotateProductImageRequest, ctx: HandlerContext) =>
        products.rotate(requireCaller(ctx), req.uuid, req.targetRotation),
      reorder: tableDriven((req: ReorderProductImagesRequest, ctx: HandlerContext) =>
        products.reorder(requireCaller(ctx), requireUuid(req.product, 'product'), req.uuids),
      ),
      destroy: (req: { uuid: string }, ctx: HandlerContext) =>
        products.destroy(requireCaller(ctx), req.uuid),
      async *streamProgression(req: StreamProductImageProgressionRequest, ctx: HandlerContext) {
        const caller = requireCaller(ctx);
        const where = req.product
          ? sql<boolean>`r.product = ${req.product}`
          : sql<boolean>`r.product in (select uuid from product where deposit = ${req.deposit ?? ''})`;
        if (req.product) await requireReadable(db, caller, 'product', req.product);
        else await requireReadable(db, caller, 'deposit', req.deposit ?? '');
        for await (const step of photoProgression(db, PRODUCT_PHOTOS, where, ctx))
          yield create(StreamProductImageProgressionResponseSchema, step as never);
      },
    }),
  ] as const;
}
