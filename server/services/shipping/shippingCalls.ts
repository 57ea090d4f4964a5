import type { IncomingMessage, ServerResponse } from 'node:http';
import { create } from '@bufbuild/protobuf';
import { Code, type HandlerContext } from '@connectrpc/connect';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import {
  DeliveryPlaceSchema,
  DeliveryPlaceService,
  ProviderDeliveryPlaceSchema,
  type DestroyDeliveryPlaceRequest,
  type FindPlacesFromProvidersRequest,
} from '../../../src/rpc/gen/seconde/v1/delivery_place_pb.ts';
import {
  LabelFormat,
  ShippingLabelSchema,
  ShippingLabelService,
  type CancelShippingLabelRequest,
  type CheckIfNextLabelIsFreeRequest,
  type CreateFreeLabelRequest,
  type CreateLabelWithPaymentUrlRequest,
  type DownloadShippingLabelRequest,
  type RegenerateShippingLabelRequest,
} from '../../../src/rpc/gen/seconde/v1/shipping_label_pb.ts';
import { deliveryServiceOf } from '../../../src/domain/shipping/deliveryServices.ts';
import type { SubscriptionTypeName } from '../../../src/domain/subscriptionAccess.ts';
import { requireCaller, updateHandler, type UpdateHooks } from '../../crud/crudService.ts';
import { rowToMessage } from '../../crud/rowMapping.ts';
import type { Caller } from '../../rpc/caller.ts';
import { fail } from '../../rpc/reasons.ts';
import { readBody } from '../../sandbox/sandboxHttp.ts';
import { createSendcloudSandbox } from '../../sandbox/sendcloudSandbox.ts';
import { tableColumns } from '../deposit/requests/columns.ts';
import type { ServiceDeps } from '../deps.ts';
import { implement, tableDriven } from '../implement.ts';
import {
  SANDBOX_SHIPPING_KEYS,
  SHIPPING_SANDBOX_PATH,
  SHIPPING_WEBHOOK_PATH,
  carrierClientOf,
  requireCarrier,
  type CarrierClient,
} from './carrierClient.ts';
import { labelByRequestKey, vendorSender } from './labelRows.ts';
import { statusOfCarrier } from './labelStatus.ts';
import { applyCarrierStatus, shippingEvent } from './labelTracking.ts';
import { nextLabelPrice, paidLabelHandlers } from './paidLabels.ts';

type Row = Record<string, unknown>;

/** Products that were sold and may be shipped. */
const SOLD = ['SELL', 'PAYED', 'FACTURED'];
/** Labels whose parcel is on its way: the place they leave from must stay. */
const OPEN_STATUSES = ['CREATED', 'SHIPPED', 'BLOCKED'];
/** Labels that no longer stand for the product's parcel: a new one may be made. */
export const ENDED_STATUSES = ['CANCELED', 'EXPIRED', 'ERROR', 'RETURNED'];

/** The vendor a call acts for: the caller's own record (staff name one). */
function ownVendor(caller: Caller, named?: string): string {
  const vendor = (caller.isAdminLevel && named) || caller.vendorUuid;
  if (!vendor)
    throw fail(Code.FailedPrecondition, 'NO_OWN_RECORD', 'Only a vendor ships their own sales');
  if (!caller.isAdminLevel && named && named !== caller.vendorUuid)
    throw fail(Code.PermissionDenied, 'FORBIDDEN', 'A vendor sees only their own labels');
  return vendor;
}

/** Free labels left this calendar month (UTC) under the vendor's running plan. */
export async function freeLabelsLeft(
  db: Kysely<Database>,
  deps: Pick<ServiceDeps, 'shipping' | 'clock'>,
  vendor: string,
): Promise<number> {
  const row = (
    await sql<{ type: SubscriptionTypeName | null; status: string | null }>`
      select s.type::text as type, s.status::text as status from vendor v
      left join subscription s on s.uuid = v.subscription where v.uuid = ${vendor}`.execute(db)
  ).rows[0];
  const running = row?.status === 'ACTIVE' || row?.status === 'TRIALING';
  const allowance = running && row?.type ? (deps.shipping.freeLabelsPerMonth[row.type] ?? 0) : 0;
  const now = deps.clock();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const used = (
    await sql<{ n: number }>`select count(*)::int as n from shipping_label
      where vendor = ${vendor} and free_reason is not null and created_at >= ${monthStart}
        and delivery_status is distinct from 'CANCELED'`.execute(db)
  ).rows[0]!.n;
  return Math.max(0, allowance - used);
}

/**
 * Delivery places and shipping labels: the vendor's places (spec §5: the last active place stays
 * while a parcel is on its way), relay points from the carrier API, free labels within the plan's
 * allowance (idempotent per request key), cancelling, the label PDF, and the carrier's signed
 * webhook updating the tracking status. On local installs the carrier sandbox answers on this server.
 */
export function shippingCallsHandlers(deps: ServiceDeps) {
  const { db, clock } = deps;
  const carrier = carrierClientOf(deps.shipping, deps.publicUrl);
  mountShippingRoutes(deps, carrier);
  const paid = paidLabelHandlers(deps, carrier);

  const labelMessage = async (row: Row) =>
    rowToMessage(ShippingLabelSchema, await tableColumns(db, 'shipping_label'), row);

  /** A label in the caller's scope, or NOT_FOUND (another vendor's label is never told apart). */
  async function ownLabel(trx: Kysely<Database>, caller: Caller, uuid: string, lock = false) {
    const row = (
      await sql<Row>`select * from shipping_label where uuid = ${uuid}
        ${caller.isAdminLevel ? sql`` : sql`and vendor = ${caller.vendorUuid}`}
        ${lock ? sql`for update` : sql``}`.execute(trx)
    ).rows[0];
    if (!row) throw fail(Code.NotFound, 'NOT_FOUND', 'Shipping label not found');
    return row;
  }

  /** Refuses leaving the vendor without an active place while one of their parcels is on its way. */
  async function keepLastPlace(trx: Kysely<Database>, place: Row): Promise<void> {
    const others = (
      await sql<{ n: number }>`select count(*)::int as n from delivery_place
        where vendor = ${place.vendor as string} and is_active and uuid <> ${place.uuid as string}`.execute(
        trx,
      )
    ).rows[0]!.n;
    if (others > 0) return;
    const open = (
      await sql<{ n: number }>`select count(*)::int as n from shipping_label
        where vendor = ${place.vendor as string}
          and delivery_status::text in (${sql.join(OPEN_STATUSES.map((s) => sql`${s}`))})`.execute(
        trx,
      )
    ).rows[0]!.n;
    if (open > 0)
      throw fail(
        Code.FailedPrecondition,
        'LAST_DELIVERY_PLACE',
        'At least one active delivery place must stay while a parcel is on its way',
      );
  }

  const placeHooks: UpdateHooks = {
    async beforeWrite({ trx, current, row }) {
      if (current.is_active && row.is_active === false) await keepLastPlace(trx, current);
      if (row.delivery_service !== undefined && !deliveryServiceOf(Number(row.delivery_service)))
        throw fail(Code.InvalidArgument, 'UNKNOWN_DELIVERY_SERVICE', 'Unknown delivery service');
    },
  };
  const placeUpdate = (method: 'update' | 'partialUpdate') => {
    let handler: ((req: never, ctx: HandlerContext) => Promise<unknown>) | undefined;
    return tableDriven(async (req: never, ctx: HandlerContext) => {
      handler ??= updateHandler(
        db,
        DeliveryPlaceService,
        DeliveryPlaceSchema,
        'delivery_place',
        await tableColumns(db, 'delivery_place'),
        method,
        placeHooks,
      ) as never;
      return handler(req, ctx);
    });
  };

  const placeHandlers = {
    update: placeUpdate('update'),
    partialUpdate: placeUpdate('partialUpdate'),

    async destroy(req: DestroyDeliveryPlaceRequest, ctx: HandlerContext) {
      const caller = requireCaller(ctx);
      return db.transaction().execute(async (trx) => {
        const place = (
          await sql<Row>`select * from delivery_place where uuid = ${req.uuid}
            ${caller.isAdminLevel ? sql`` : sql`and vendor = ${caller.vendorUuid}`} for update`.execute(
            trx,
          )
        ).rows[0];
        if (!place) throw fail(Code.NotFound, 'NOT_FOUND', 'Delivery place not found');
        if (place.is_active) await keepLastPlace(trx, place);
        const used = (
          await sql<{ n: number }>`select count(*)::int as n from shipping_label
            where delivery_place = ${req.uuid}`.execute(trx)
        ).rows[0]!.n;
        if (used > 0) {
          // Labels keep naming it: the place is switched off instead of removed.
          await sql`update delivery_place set is_active = false, updated_at = now(),
            row_version = row_version + 1 where uuid = ${req.uuid}`.execute(trx);
        } else await sql`delete from delivery_place where uuid = ${req.uuid}`.execute(trx);
        await sql`update vendor set favorite_delivery_place = null
          where favorite_delivery_place = ${req.uuid}`.execute(trx);
        return { success: true };
      });
    },

    async findPlacesFromProviders(req: FindPlacesFromProvidersRequest) {
      const service = deliveryServiceOf(req.deliveryService);
      if (!service)
        throw fail(Code.InvalidArgument, 'UNKNOWN_DELIVERY_SERVICE', 'Unknown delivery service');
      const points = await requireCarrier(carrier).findServicePoints(
        service.carrier,
        req.postalCode
          ? { postalCode: req.postalCode }
          : { latitude: req.latitude, longitude: req.longitude },
      );
      return {
        results: points.map((p) =>
          create(ProviderDeliveryPlaceSchema, {
            deliveryServiceId: p.id,
            distance: p.distance,
            name: p.name,
            address: p.address,
            postalCode: p.postalCode,
            city: p.city,
            latitude: p.latitude,
            longitude: p.longitude,
          }),
        ),
        count: points.length,
      };
    },
  };

  const labelHandlers = {
    async checkIfNextLabelIsFree(req: CheckIfNextLabelIsFreeRequest, ctx: HandlerContext) {
      const vendor = ownVendor(requireCaller(ctx), req.vendor);
      const left = await freeLabelsLeft(db, deps, vendor);
      return {
        isFree: left > 0,
        freeRemaining: left,
        ...(await nextLabelPrice(deps, vendor, req)),
      };
    },

    async createWithPaymentUrl(req: CreateLabelWithPaymentUrlRequest, ctx: HandlerContext) {
      return paid.createWithPaymentUrl(ownVendor(requireCaller(ctx)), req);
    },

    async regenerate(req: RegenerateShippingLabelRequest, ctx: HandlerContext) {
      return paid.regenerate(requireCaller(ctx), req);
    },

    async createFreeLabel(req: CreateFreeLabelRequest, ctx: HandlerContext) {
      const caller = requireCaller(ctx);
      const vendor = ownVendor(caller);
      const order = req.order;
      if (!order)
        throw fail(Code.InvalidArgument, 'INVALID_ARGUMENT', 'The label order is missing');
      const key = order.idempotencyKey || null;
      const existing = (trx: Kysely<Database>) => labelByRequestKey(trx, vendor, key);
      const already = await existing(db);
      if (already) return labelMessage(already);
      if (order.shippedContentType !== 'product')
        throw fail(Code.InvalidArgument, 'INVALID_ARGUMENT', 'Only sold products are shipped here');
      if (!order.recipientName.trim() || !order.recipientServicePointId)
        throw fail(
          Code.InvalidArgument,
          'RECIPIENT_INCOMPLETE',
          'Name the recipient and the relay point they collect from',
        );
      const client = requireCarrier(carrier);

      const row = await db.transaction().execute(async (trx) => {
        // The vendor's row locked: the allowance is counted once per label, retries wait here.
        const seller = (
          await sql<Row>`select * from vendor where uuid = ${vendor} for update`.execute(trx)
        ).rows[0];
        if (!seller) throw fail(Code.NotFound, 'NOT_FOUND', 'Vendor not found');
        const again = await existing(trx);
        if (again) return again;
        const product = (
          await sql<Row>`select p.uuid, p.name, p.sale_status::text as sale_status from product p
            join deposit d on d.uuid = p.deposit
            where p.uuid = ${order.shippedObjectUuid} and d.vendor = ${vendor}`.execute(trx)
        ).rows[0];
        if (!product) throw fail(Code.NotFound, 'NOT_FOUND', 'Product not found');
        if (!SOLD.includes(product.sale_status as string))
          throw fail(Code.FailedPrecondition, 'PRODUCT_NOT_SOLD', 'Only a sold product is shipped');
        const active = (
          await sql<{ n: number }>`select count(*)::int as n from shipping_label
            where vendor = ${vendor} and shipped_content_type = 'product'
              and shipped_object_uuid = ${order.shippedObjectUuid} and is_return = ${order.isReturn}
              and delivery_status::text not in (${sql.join(ENDED_STATUSES.map((s) => sql`${s}`))})`.execute(
            trx,
          )
        ).rows[0]!.n;
        if (active > 0)
          throw fail(
            Code.FailedPrecondition,
            'LABEL_ALREADY_MADE',
            'This item already has a label; cancel it before making another',
          );
        const place = (
          await sql<Row>`select * from delivery_place where vendor = ${vendor} and is_active
            ${order.deliveryPlace ? sql`and uuid = ${order.deliveryPlace}` : sql``}
            order by (uuid::text = ${(seller.favorite_delivery_place as string | null) ?? ''}) desc,
              "order" nulls last, created_at limit 1`.execute(trx)
        ).rows[0];
        if (!place)
          throw fail(
            Code.FailedPrecondition,
            'NO_DELIVERY_PLACE',
            'Add an active delivery place in your settings before shipping',
          );
        const service = deliveryServiceOf(Number(place.delivery_service));
        if (!service)
          throw fail(
            Code.FailedPrecondition,
            'UNKNOWN_DELIVERY_SERVICE',
            'Unknown delivery service',
          );
        if ((await freeLabelsLeft(trx, deps, vendor)) <= 0)
          throw fail(
            Code.FailedPrecondition,
            'NO_FREE_LABEL_LEFT',
            'Your plan has no free label left this month',
          );
        const point = await client.servicePoint(order.recipientServicePointId);
        if (!point)
          throw fail(
            Code.FailedPrecondition,
            'CARRIER_REFUSED',
            'This relay point is unknown to the carrier',
          );
        const uuid = crypto.randomUUID();
        // The carrier call last: a refusal or time-out rolls everything back, no label half-made.
        const parcel = await client.createParcel({
          carrier: service.carrier,
          servicePointId: order.recipientServicePointId,
          recipient: {
            name: order.recipientName.trim(),
            email: order.recipientEmail,
            phone: order.recipientPhone,
            address: point.address,
            postalCode: point.postalCode,
            city: point.city,
          },
          sender: vendorSender(seller),
          weightKg: order.weight ?? deps.shipping.defaultWeightKg,
          reference: uuid,
        });
        const now = clock();
        const made = (
          await sql<Row>`insert into shipping_label (uuid, vendor, idempotency_key, delivery_place,
              delivery_service, sender_content_type, sender_object_uuid, recipient_content_type,
              recipient_object_uuid, shipped_content_type, shipped_object_uuid, weight, is_return,
              parcel_number, tracking_number, carrier_parcel_id, recipient_service_point_id,
              recipient_name, delivery_status, delivery_status_datetime, original_code,
              original_label, free_reason, created_at, updated_at, recipient_email,
              recipient_phone)
            values (${uuid}, ${vendor}, ${key}, ${place.uuid as string}, ${service.code},
              'vendor', ${vendor}, 'relay_point', ${order.recipientServicePointId}, 'product',
              ${order.shippedObjectUuid}, ${order.weight ?? deps.shipping.defaultWeightKg},
              ${order.isReturn}, ${parcel.id}, ${parcel.trackingNumber}, ${parcel.id},
              ${order.recipientServicePointId}, ${order.recipientName.trim()},
              ${statusOfCarrier(parcel.statusId, parcel.statusMessage)}, ${now},
              ${String(parcel.statusId)}, ${parcel.statusMessage}, 'STARTER_SUBSCRIPTION',
              ${now}, ${now}, ${order.recipientEmail}, ${order.recipientPhone})
            returning *`.execute(trx)
        ).rows[0]!;
        await shippingEvent(trx, made);
        return made;
      });
      return labelMessage(row);
    },

    async cancel(req: CancelShippingLabelRequest, ctx: HandlerContext) {
      const caller = requireCaller(ctx);
      const unpaid = await paid.cancelUnpaid(caller, req.uuid);
      if (unpaid) return unpaid;
      const row = await db.transaction().execute(async (trx) => {
        const label = await ownLabel(trx, caller, req.uuid, true);
        if (label.delivery_status === 'CANCELED') return label;
        await paid.refusePaidCancel(trx, caller, label);
        if (label.delivery_status !== 'CREATED' && label.delivery_status !== 'ERROR')
          throw fail(
            Code.FailedPrecondition,
            'LABEL_ALREADY_SHIPPED',
            'This parcel already left; it can no longer be cancelled',
          );
        const voided = await requireCarrier(carrier).cancelParcel(
          label.carrier_parcel_id as string,
        );
        if (!voided)
          throw fail(
            Code.FailedPrecondition,
            'LABEL_ALREADY_SHIPPED',
            'This parcel already left; it can no longer be cancelled',
          );
        const now = clock();
        const cancelled = (
          await sql<Row>`update shipping_label set delivery_status = 'CANCELED',
              delivery_status_datetime = ${now}, cancel_datetime = ${now}, updated_at = ${now},
              row_version = row_version + 1
            where uuid = ${req.uuid} returning *`.execute(trx)
        ).rows[0]!;
        await shippingEvent(trx, cancelled);
        return cancelled;
      });
      return labelMessage(row);
    },

    async download(req: DownloadShippingLabelRequest, ctx: HandlerContext) {
      const label = await ownLabel(db, requireCaller(ctx), req.uuid);
      if (label.delivery_status === 'CANCELED')
        throw fail(
          Code.FailedPrecondition,
          'LABEL_CANCELED',
          'A cancelled label cannot be printed',
        );
      const a4 = req.format === LabelFormat.A4;
      const file = await requireCarrier(carrier).labelPdf(
        label.carrier_parcel_id as string,
        a4 ? 'a4' : '10x15',
      );
      return {
        file,
        fileName: `etiquette-${String(label.tracking_number)}${a4 ? '-a4' : ''}.pdf`,
        contentType: 'application/pdf',
      };
    },
  };

  return [
    implement(DeliveryPlaceService, placeHandlers),
    implement(ShippingLabelService, labelHandlers),
  ] as const;
}

/** The signed webhook, and on local installs without carrier keys the sandbox on this server. */
function mountShippingRoutes(deps: ServiceDeps, carrier: () => CarrierClient | undefined): void {
  deps.http.add(SHIPPING_WEBHOOK_PATH, (req, res) => webhook(deps, carrier, req, res));
  const s = deps.shipping;
  if (s.publicKey || !s.sandbox) return;
  const sandbox = createSendcloudSandbox({
    ...SANDBOX_SHIPPING_KEYS,
    baseUrl: () => `${deps.publicUrl()}${SHIPPING_SANDBOX_PATH}`,
    webhookUrl: () => `${deps.publicUrl()}${SHIPPING_WEBHOOK_PATH}`,
  });
  deps.http.add(`${SHIPPING_SANDBOX_PATH}/`, (req, res, url) =>
    sandbox.handle(req, res, `${url.pathname.slice(SHIPPING_SANDBOX_PATH.length)}${url.search}`),
  );
}

/**
 * `parcel_status_changed` events, signed with Sendcloud-Signature (HMAC-SHA256 of the raw body
 * with the secret key): the label's tracking status moves, an older event never overwrites a newer.
 */
async function webhook(
  deps: ServiceDeps,
  carrier: () => CarrierClient | undefined,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  if (req.method !== 'POST') return void res.writeHead(405).end();
  const client = carrier();
  if (!client) return void res.writeHead(404).end();
  const payload = await readBody(req);
  const signature = req.headers['sendcloud-signature'];
  if (typeof signature !== 'string' || !client.verifySignature(payload, signature)) {
    res.writeHead(403, { 'content-type': 'application/json' });
    return void res.end(JSON.stringify({ error: 'signature' }));
  }
  let event: {
    action?: string;
    timestamp?: number;
    parcel?: { id?: number | string; status?: { id?: number; message?: string } };
  };
  try {
    event = JSON.parse(payload) as typeof event;
  } catch {
    return void res.writeHead(400).end();
  }
  let updated = 0;
  if (event.action === 'parcel_status_changed' && event.parcel?.id !== undefined) {
    const at = new Date(Number(event.timestamp) || deps.clock().getTime());
    const id = Number(event.parcel.status?.id ?? 0);
    const message = String(event.parcel.status?.message ?? '');
    const parcelId = String(event.parcel.id);
    // The polling job applies what it reads through the same code.
    updated = await applyCarrierStatus(deps.db, { parcelId, statusId: id, message, at });
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ received: true, updated }));
}
