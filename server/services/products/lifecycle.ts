import { Code, type HandlerContext } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import { insertRow, requireUuid } from '../../crud/crudService.ts';
import { fail } from '../../rpc/reasons.ts';
import { isSaleStatus } from '../../../src/domain/deposit/statuses.ts';
import { DestroyResponseSchema } from '../../../src/rpc/gen/seconde/v1/common_pb.ts';
import {
  TransferToAnotherDepositResponseSchema,
  type DestroyProductRequest,
  type DuplicateProductRequest,
  type TransferToAnotherDepositRequest,
} from '../../../src/rpc/gen/seconde/v1/product_pb.ts';
import { checkAgainstDeposit } from '../deposit/rules/productRules.ts';
import { enforce, lockDepositStatus } from '../deposit/rules/ruleSql.ts';
import {
  requireInventoryWriter,
  rowInScope,
  type ProductContext,
  type Row,
} from './productRows.ts';
import { takeReferences } from './references.ts';
import { enterReceivedProducts } from '../policeRegister/entries.ts';
import { isInvoiced } from './writeRules.ts';

/** Columns a duplicate takes from its original: what describes the item, not its sale life. */
const DESCRIPTION_COLUMNS = [
  'name',
  'category',
  'manual_category',
  'brand',
  'manual_brand',
  'quality',
  'suggested_price',
  'comment',
  'colors',
  'tax_eligible',
  'sub_gender',
  'product_size',
  'default_image_kind',
  'marketplace_title',
  'category_attribute_values',
  'measurement_width',
  'measurement_length',
  'author',
  'book_title',
  'isbn',
  'video_game_rating',
];

const IMAGE_COLUMNS = sql.raw(
  [
    'image',
    'image256',
    'image32',
    'image_without_background',
    'kind',
    '"order"',
    'vision_api_data',
    'background_remover_model_used',
    'family',
    'processing_status',
    'processing_error',
    'rotation',
    'original',
  ].join(', '),
);

/**
 * Refuses to destroy what has been sold: invoiced, sold or paid, each with its own reason. Staff
 * may still remove a sold or paid product (correcting a sale recorded by mistake), never an
 * invoiced one.
 */
function refuseDestroyingSold(product: Row, isStaff: boolean): void {
  if (isInvoiced(product)) enforce({ ok: false, code: 'PRODUCT_INVOICED' });
  if (isStaff) return;
  if (product.sale_status === 'SELL')
    throw fail(Code.FailedPrecondition, 'PRODUCT_SOLD', 'A sold product cannot be deleted');
  if (product.sale_status === 'PAYED')
    throw fail(Code.FailedPrecondition, 'PRODUCT_PAID', 'A paid product cannot be deleted');
}

/** Locks deposits `for share` in one order (uuid), so two transfers never wait on each other. */
async function lockDeposits(trx: Kysely<Database>, deposits: Iterable<string>): Promise<void> {
  for (const deposit of [...new Set(deposits)].sort())
    await lockDepositStatus(trx, deposit, 'for share');
}

export function lifecycleHandlers(context: ProductContext) {
  const { clock } = context;

  return {
    async destroy(req: DestroyProductRequest, ctx: HandlerContext) {
      const caller = requireInventoryWriter(ctx);
      requireUuid(req.uuid);
      return context.write(async (trx) => {
        const { rows } = await sql<{ deposit: string | null }>`
            select deposit from product where uuid = ${req.uuid}`.execute(trx);
        if (rows[0]?.deposit) await lockDeposits(trx, [rows[0].deposit]);
        const product = await rowInScope(trx, 'product', req.uuid, caller, 'write', 'for update');
        refuseDestroyingSold(product, caller.isAdminLevel);
        await sql`delete from product where uuid = ${req.uuid}`.execute(trx);
        return create(DestroyResponseSchema, { success: true });
      });
    },

    /** A new OFFLINE product in the same deposit, with a new reference and, on request, the photos (same keys) and the announcement. */
    async duplicate(req: DuplicateProductRequest, ctx: HandlerContext) {
      const caller = requireInventoryWriter(ctx);
      return context.write(async (trx) => {
        const source = await rowInScope(trx, 'product', req.uuid, caller, 'write');
        await context.requireRoom(trx, caller);
        const deposit = typeof source.deposit === 'string' ? source.deposit : '';
        const row: Row = {
          stock_entry_datetime: clock(),
          sale_status: 'OFFLINE',
          last_updated_by: 'PROVIDER',
        };
        for (const column of DESCRIPTION_COLUMNS)
          if (source[column] !== null && source[column] !== undefined) row[column] = source[column];
        if (row.category_attribute_values !== undefined)
          row.category_attribute_values = JSON.stringify(row.category_attribute_values);
        if (deposit) {
          await checkAgainstDeposit(trx, deposit, undefined, 'OFFLINE');
          row.deposit = deposit;
          [row.reference] = await takeReferences(trx, deposit);
        }
        if (req.copyImages) row.main_image_url = source.main_image_url;
        if (req.copyProductAnnouncement) row.announcement_uuid = source.announcement_uuid;
        const uuid = await insertRow(trx, 'product', row);
        await enterReceivedProducts(trx, { products: [uuid] }, clock(), caller.sub);
        if (req.copyImages)
          await sql`
              insert into product_image (product, ${IMAGE_COLUMNS})
              select ${uuid}, ${IMAGE_COLUMNS} from product_image where product = ${req.uuid}`.execute(
            trx,
          );
        if (req.copyProductAnnouncement)
          await sql`
              insert into product_announcement (product, announcement, title, description)
              select ${uuid}, announcement, title, description from product_announcement
              where product = ${req.uuid}`.execute(trx);
        return context.toProduct(trx, uuid);
      });
    },

    /**
     * Moves products to another deposit of the same vendor, all or none: invoiced products are
     * refused, each sale status must fit the target deposit (the deposit rules), and each product
     * takes a new reference from the target's range. Products already there are left as they are.
     */
    async transferToAnotherDeposit(req: TransferToAnotherDepositRequest, ctx: HandlerContext) {
      const caller = requireInventoryWriter(ctx);
      const uuids = [...new Set(req.productUuids)];
      for (const uuid of uuids) requireUuid(uuid, 'product');
      if (uuids.length === 0)
        throw fail(Code.InvalidArgument, 'INVALID_ARGUMENT', 'Choose at least one product');
      return context.write(async (trx) => {
        const target = await rowInScope(trx, 'deposit', req.targetDeposit, caller, 'write');
        const { rows: sources } = await sql<{ deposit: string | null }>`
            select distinct deposit from product where uuid = any(${uuids}::uuid[])`.execute(trx);
        await lockDeposits(trx, [
          req.targetDeposit,
          ...sources.flatMap((s) => (s.deposit ? [s.deposit] : [])),
        ]);
        const moving: Row[] = [];
        for (const uuid of uuids) {
          const product = await rowInScope(trx, 'product', uuid, caller, 'write', 'for update');
          if (product.deposit === req.targetDeposit) continue;
          if (isInvoiced(product)) enforce({ ok: false, code: 'PRODUCT_INVOICED' });
          moving.push(product);
        }
        const { rows: vendors } = await sql<{ vendor: string | null }>`
            select distinct vendor from deposit
            where uuid = any(${moving.map((p) => String(p.deposit))}::uuid[])`.execute(trx);
        if (vendors.some((v) => v.vendor !== target.vendor))
          throw fail(
            Code.PermissionDenied,
            'FORBIDDEN',
            'Products move only between deposits of the same vendor',
          );
        for (const product of moving) {
          const status = isSaleStatus(product.sale_status) ? product.sale_status : 'OFFLINE';
          await checkAgainstDeposit(trx, req.targetDeposit, undefined, status);
        }
        const references = moving.length
          ? await takeReferences(trx, req.targetDeposit, moving.length)
          : [];
        await sql`
            update product p set deposit = ${req.targetDeposit}, reference = v.reference,
              updated_at = now(), row_version = p.row_version + 1
            from unnest(${moving.map((p) => String(p.uuid))}::uuid[], ${references}::text[])
              as v(uuid, reference)
            where p.uuid = v.uuid`.execute(trx);
        // Moved into a received deposit: entered in the police register if they are not yet.
        await enterReceivedProducts(
          trx,
          { products: moving.map((p) => String(p.uuid)) },
          clock(),
          caller.sub,
        );
        return create(TransferToAnotherDepositResponseSchema, {
          success: true,
          transferredCount: moving.length,
        });
      });
    },
  };
}
