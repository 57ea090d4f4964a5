import { Code, type HandlerContext } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import { listPage, pageOf, requireCaller, requireUuid } from '../../crud/crudService.ts';
import type { Caller } from '../../rpc/caller.ts';
import { fail } from '../../rpc/reasons.ts';
import {
  ListReservationsResponseSchema,
  ReservationStatus,
  ShopSchema,
  StorefrontReservationSchema,
  StorefrontService,
  type DecideReservationRequest,
  type ListReservationsRequest,
  type StorefrontReservation,
} from '../../../src/rpc/gen/seconde/v1/listing_pb.ts';
import type { ServiceDeps } from '../deps.ts';
import { implement } from '../implement.ts';
import {
  confirmReservation,
  releaseReservation,
  withdrawnWhileReserved,
  type Row,
} from './decide.ts';
import { vendorDisplayName } from './shopData.ts';
import { shopRoutes } from './shopRoutes.ts';
import { ensureShopSlug, shopUrl } from './shopSlug.ts';

const STATUS_LABELS: Record<number, string> = {
  [ReservationStatus.PENDING]: 'PENDING',
  [ReservationStatus.CONFIRMED]: 'CONFIRMED',
  [ReservationStatus.RELEASED]: 'RELEASED',
};
const STATUS_OF: Record<string, ReservationStatus> = {
  PENDING: ReservationStatus.PENDING,
  CONFIRMED: ReservationStatus.CONFIRMED,
  RELEASED: ReservationStatus.RELEASED,
};

const date = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));

function toMessage(row: Row, withdrawn: readonly string[] = []): StorefrontReservation {
  return create(StorefrontReservationSchema, {
    uuid: String(row.uuid),
    product: String(row.product),
    buyer: row.buyer ? String(row.buyer) : '',
    vendor: String(row.vendor),
    status: STATUS_OF[String(row.status)] ?? ReservationStatus.UNSPECIFIED,
    message: row.message ? String(row.message) : '',
    ...(row.decided_at ? { decidedAt: timestampFromDate(date(row.decided_at)) } : {}),
    buyerName: row.buyer_name ? String(row.buyer_name) : '',
    buyerEmail: row.buyer_email ? String(row.buyer_email) : '',
    buyerPhone: row.buyer_phone ? String(row.buyer_phone) : '',
    withdrawnPublishers: row.status === 'RELEASED' ? [...withdrawn] : [],
    createdAt: timestampFromDate(date(row.created_at)),
    updatedAt: timestampFromDate(date(row.updated_at)),
    rowVersion: Number(row.row_version),
  });
}

async function toMessages(db: Kysely<Database>, rows: readonly Row[]) {
  const released = rows.filter((r) => r.status === 'RELEASED');
  const withdrawn = await withdrawnWhileReserved(
    db,
    released.map((r) => String(r.product)),
  );
  return rows.map((r) => toMessage(r, withdrawn.get(String(r.product))));
}

/** A vendor, or staff: customers have no shop. */
function requireSeller(ctx: HandlerContext): Caller {
  const caller = requireCaller(ctx);
  if (!caller.isAdminLevel && !caller.vendorUuid)
    throw fail(Code.PermissionDenied, 'FORBIDDEN', 'Only vendors have a shop');
  return caller;
}

/**
 * StorefrontService (the vendor's side of their shop) and the public shop pages. Every call is
 * scoped to the caller's vendor; staff see every vendor's reservations.
 */
export function storefrontCallsHandlers(deps: ServiceDeps) {
  const { db } = deps;
  deps.http.add('/shop/', shopRoutes(deps));

  return [
    implement(StorefrontService, {
      /** The caller's shop; its address is given on first use. */
      async getShop(_req: unknown, ctx: HandlerContext) {
        const caller = requireSeller(ctx);
        const vendor = caller.vendorUuid;
        if (!vendor)
          throw fail(Code.FailedPrecondition, 'NO_OWN_RECORD', 'Only a vendor has a shop');
        const slug = await ensureShopSlug(db, vendor);
        const { rows } = await sql<{
          company: string | null;
          first_name: string | null;
          last_name: string | null;
          online: number;
          pending: number;
        }>`
          select c.title as company, v.first_name, v.last_name,
            (select count(*)::int from product p join deposit d on d.uuid = p.deposit
              where d.vendor = v.uuid and p.sale_status = 'ONLINE'
                and exists (select 1 from product_listing l where l.product = p.uuid
                  and l.publisher_name = 'SECONDE_STOREFRONT' and l.status = 'LISTED')) as online,
            (select count(*)::int from storefront_reservation r
              where r.vendor = v.uuid and r.status = 'PENDING') as pending
          from vendor v left join company c on c.uuid = v.company
          where v.uuid = ${vendor}`.execute(db);
        const row = rows[0]!;
        return create(ShopSchema, {
          slug,
          url: shopUrl(deps.publicUrl(), slug),
          name: vendorDisplayName(row),
          onlineCount: Number(row.online),
          pendingReservations: Number(row.pending),
        });
      },

      /** The caller's reservations, newest first, optionally of one product or one status. */
      async listReservations(req: ListReservationsRequest, ctx: HandlerContext) {
        const caller = requireSeller(ctx);
        const where: RawBuilder<SqlBool>[] = [];
        if (!caller.isAdminLevel) where.push(sql<SqlBool>`r.vendor = ${caller.vendorUuid}`);
        if (req.product !== undefined && req.product !== '')
          where.push(sql<SqlBool>`r.product = ${requireUuid(req.product, 'product')}`);
        if (req.status !== undefined && req.status !== ReservationStatus.UNSPECIFIED) {
          const label = STATUS_LABELS[req.status];
          if (!label) throw fail(Code.InvalidArgument, 'INVALID_ARGUMENT', 'Unknown status');
          where.push(sql<SqlBool>`r.status = ${label}`);
        }
        const { rows, count } = await listPage(
          db,
          'storefront_reservation',
          where,
          sql`r.created_at desc, r.uuid`,
          pageOf(req.pagination),
        );
        return create(ListReservationsResponseSchema, {
          results: await toMessages(db, rows),
          count,
        });
      },

      async confirmReservation(req: DecideReservationRequest, ctx: HandlerContext) {
        const caller = requireSeller(ctx);
        requireUuid(req.uuid);
        return toMessage(await confirmReservation(deps, caller, req.uuid, req.soldPrice));
      },

      async releaseReservation(req: DecideReservationRequest, ctx: HandlerContext) {
        const caller = requireSeller(ctx);
        requireUuid(req.uuid);
        const [message] = await toMessages(db, [await releaseReservation(deps, caller, req.uuid)]);
        return message!;
      },
    }),
  ] as const;
}
