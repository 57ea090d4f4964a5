import { Code } from '@connectrpc/connect';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import {
  ShippingLabelSchema,
  type CheckIfNextLabelIsFreeRequest,
  type CreateLabelWithPaymentUrlRequest,
  type RegenerateShippingLabelRequest,
} from '../../../src/rpc/gen/seconde/v1/shipping_label_pb.ts';
import {
  deliveryServiceOf,
  type DeliveryService,
} from '../../../src/domain/shipping/deliveryServices.ts';
import { rowToMessage } from '../../crud/rowMapping.ts';
import type { Caller } from '../../rpc/caller.ts';
import { fail, type Reason } from '../../rpc/reasons.ts';
import {
  cancelPaymentProcess,
  createPaymentProcess,
  onPaymentCompleted,
  onPaymentRefunded,
} from '../billing/paymentProcesses.ts';
import { tableColumns } from '../deposit/requests/columns.ts';
import type { ServiceDeps } from '../deps.ts';
import { recordProductEvent } from '../publishing/timeline.ts';
import { requireCarrier, type CarrierClient, type CreatedParcel } from './carrierClient.ts';
import { LABEL_WEIGHT_BANDS_KG, labelPriceCents } from './labelPrices.ts';
import {
  isUniqueViolation,
  labelByRequestKey,
  regenerationByRequestKey,
  vendorSender,
} from './labelRows.ts';
import { statusOfCarrier } from './labelStatus.ts';
import { shippingEvent } from './labelTracking.ts';
import { ENDED_STATUSES, freeLabelsLeft } from './shippingCalls.ts';

type Row = Record<string, unknown>;

/** The payment process's owner type for a paid label. */
export const LABEL_OWNER = 'shipping_label';
/** Products that were sold and may be shipped. */
const SOLD = ['SELL', 'PAYED', 'FACTURED'];
/** Statuses after which a parcel has left: its relay point can no longer change. */
const LEFT = ['SHIPPED', 'BLOCKED', 'DELIVERED', 'RETURNED'];

const refused = (reason: Reason, message: string) => fail(Code.FailedPrecondition, reason, message);

/** The vendor's active place a label leaves from: the one named, else favourite, then by order. */
async function placeOf(
  db: Kysely<Database>,
  vendor: string,
  named: string | undefined,
): Promise<Row | undefined> {
  return (
    await sql<Row>`select p.* from delivery_place p join vendor v on v.uuid = p.vendor
      where p.vendor = ${vendor} and p.is_active ${named ? sql`and p.uuid = ${named}` : sql``}
      order by (p.uuid::text = v.favorite_delivery_place) desc nulls last, p."order" nulls last,
        p.created_at limit 1`.execute(db)
  ).rows[0];
}

function serviceOf(place: Row): DeliveryService {
  const service = deliveryServiceOf(Number(place.delivery_service));
  if (!service) throw refused('UNKNOWN_DELIVERY_SERVICE', 'Unknown delivery service');
  return service;
}

function priceOf(deps: ServiceDeps, service: DeliveryService, weightKg: number): number {
  const price = labelPriceCents(deps.shipping.labelPrices, service.carrier, weightKg);
  if (price === undefined)
    throw fail(
      Code.InvalidArgument,
      'PARCEL_TOO_HEAVY',
      `A relay-point parcel weighs at most ${LABEL_WEIGHT_BANDS_KG.at(-1)} kg`,
    );
  return price;
}

/**
 * What a paid label from the named place (or the first active one) costs at that weight, and at
 * every weight band of its carrier; 0 and no band without a place.
 */
export async function nextLabelPrice(
  deps: ServiceDeps,
  vendor: string,
  req: CheckIfNextLabelIsFreeRequest,
): Promise<{ priceCents: bigint; priceBands: { maxWeightKg: number; priceCents: bigint }[] }> {
  const place = await placeOf(deps.db, vendor, req.deliveryPlace || undefined);
  if (!place) return { priceCents: 0n, priceBands: [] };
  const service = serviceOf(place);
  return {
    priceCents: BigInt(priceOf(deps, service, req.weight ?? deps.shipping.defaultWeightKg)),
    priceBands: LABEL_WEIGHT_BANDS_KG.map((maxWeightKg) => ({
      maxWeightKg,
      priceCents: BigInt(priceOf(deps, service, maxWeightKg)),
    })),
  };
}

/** Makes the label's parcel at the carrier, from the label row and the vendor as sender. */
async function makeParcel(
  db: Kysely<Database>,
  client: CarrierClient,
  label: Row,
  servicePointId: string,
  carrier: DeliveryService['carrier'],
  reference: string,
): Promise<CreatedParcel> {
  const point = await client.servicePoint(servicePointId);
  if (!point) throw refused('CARRIER_REFUSED', 'This relay point is unknown to the carrier');
  const seller = (
    await sql<Row>`select * from vendor where uuid = ${label.vendor as string}`.execute(db)
  ).rows[0]!;
  return client.createParcel({
    carrier,
    servicePointId,
    recipient: {
      name: String(label.recipient_name ?? ''),
      email: String(label.recipient_email ?? ''),
      phone: String(label.recipient_phone ?? ''),
      address: point.address,
      postalCode: point.postalCode,
      city: point.city,
    },
    sender: vendorSender(seller),
    weightKg: Number(label.weight ?? 1),
    reference,
  });
}

/** Writes the parcel the carrier made onto the label, with its timeline line. */
async function recordParcel(
  db: Kysely<Database>,
  label: Row,
  parcel: CreatedParcel,
  changes: { servicePointId: string; place: string; regenerations: number },
  now: Date,
): Promise<Row> {
  const made = (
    await sql<Row>`update shipping_label set carrier_parcel_id = ${parcel.id},
        parcel_number = ${parcel.id}, tracking_number = ${parcel.trackingNumber},
        recipient_service_point_id = ${changes.servicePointId},
        recipient_object_uuid = ${changes.servicePointId}, delivery_place = ${changes.place},
        delivery_status = ${statusOfCarrier(parcel.statusId, parcel.statusMessage)},
        delivery_status_datetime = ${now}, original_code = ${String(parcel.statusId)},
        original_label = ${parcel.statusMessage}, carrier_error = null, payment_url = '',
        regenerations = ${changes.regenerations}, updated_at = ${now},
        row_version = row_version + 1
      where uuid = ${label.uuid as string} returning *`.execute(db)
  ).rows[0]!;
  if (made.shipped_content_type === 'product' && made.shipped_object_uuid)
    await recordProductEvent(db, {
      product: made.shipped_object_uuid as string,
      kind: 'SHIPPING',
      detail: String(made.delivery_status),
      at: now,
    });
  return made;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Paid labels: a label beyond the plan's allowance is written unpaid (NOT_CREATED) with a payment
 * process for its price; once the provider's signed webhook completes the payment, in that same
 * transaction, it is invoiced (PROVIDER_SHIPPING_LABEL, once per payment) and made at the carrier.
 * A carrier failure then keeps the money and the label (NOT_CREATED, paid, carrier_error set) for
 * Regenerate to make again. Regenerate makes the same label's parcel again, to another relay point
 * or from another place of the same carrier, without touching its free or paid accounting.
 *
 * The completion handler is registered per process: one server per process, as deployed.
 */
export function paidLabelHandlers(deps: ServiceDeps, carrier: () => CarrierClient | undefined) {
  const { db, clock } = deps;
  const labelMessage = async (row: Row) =>
    rowToMessage(ShippingLabelSchema, await tableColumns(db, 'shipping_label'), row);

  onPaymentCompleted(LABEL_OWNER, async (trx, process) => {
    const label = (
      await sql<Row>`select * from shipping_label
        where uuid::text = ${process.owner_object_uuid as string} for update`.execute(trx)
    ).rows[0];
    if (!label || label.payment !== process.uuid) return;
    const now = clock();
    await sql`insert into invoice (category, vendor, total_cents, total_before_tax_cents,
        remaining_cents, invoice_status, invoice_payed_datetime, full_invoice_number,
        payment_provider_id, payment_provider_status, date_start, date_end, extra_data, created_at)
      values ('PROVIDER_SHIPPING_LABEL', ${label.vendor as string},
        ${Number(process.amount_cents)}, ${Number(process.amount_cents)}, 0, 'PAYED', ${now}, '',
        ${String(process.uuid)}, 'paid', ${now}, ${now},
        ${JSON.stringify({
          shippingLabel: label.uuid,
          paymentProcess: process.uuid,
          description: process.description,
          product: label.shipped_object_uuid,
        })}::jsonb, ${now})
      on conflict ("payment_provider_id") where "category" = 'PROVIDER_SHIPPING_LABEL'
      do nothing`.execute(trx);
    await sql`update shipping_label set payment_url = '', updated_at = ${now},
      row_version = row_version + 1 where uuid = ${label.uuid as string}`.execute(trx);
    if (label.delivery_status !== 'NOT_CREATED' || label.carrier_parcel_id) return;
    const client = carrier();
    const service = deliveryServiceOf(Number(label.delivery_service));
    try {
      if (!client || !service) throw new Error('No carrier is configured');
      const parcel = await makeParcel(
        trx,
        client,
        label,
        label.recipient_service_point_id as string,
        service.carrier,
        label.uuid as string,
      );
      await recordParcel(
        trx,
        label,
        parcel,
        {
          servicePointId: label.recipient_service_point_id as string,
          place: label.delivery_place as string,
          regenerations: Number(label.regenerations ?? 0),
        },
        now,
      );
    } catch (error) {
      // The payment stands: the label stays paid and unmade, and Regenerate makes it again.
      console.warn(`shipping: paid label ${String(label.uuid)} not made: ${errorText(error)}`);
      await sql`update shipping_label set carrier_error = ${errorText(error).slice(0, 500)}
        where uuid = ${label.uuid as string}`.execute(trx);
    }
  });

  // A refunded label is not shipped on the vendor's money: cancelled at the carrier unless the
  // parcel already left (then the refund was the provider's or staff's decision, and it goes on).
  onPaymentRefunded(LABEL_OWNER, async (trx, process) => {
    const label = (
      await sql<Row>`select * from shipping_label
        where uuid::text = ${process.owner_object_uuid as string} for update`.execute(trx)
    ).rows[0];
    if (!label || label.payment !== process.uuid) return;
    const status = String(label.delivery_status);
    if (!['NOT_CREATED', 'CREATED', 'ERROR'].includes(status)) return;
    if (label.carrier_parcel_id) {
      const client = carrier();
      const voided = await (
        client?.cancelParcel(String(label.carrier_parcel_id)) ?? Promise.resolve(false)
      ).catch(() => false);
      if (!voided) {
        console.warn(`shipping: refunded label ${String(label.uuid)} could not be cancelled`);
        return;
      }
    }
    const now = clock();
    const cancelled = (
      await sql<Row>`update shipping_label set delivery_status = 'CANCELED',
          delivery_status_datetime = ${now}, cancel_datetime = ${now}, updated_at = ${now},
          row_version = row_version + 1
        where uuid = ${label.uuid as string} returning *`.execute(trx)
    ).rows[0]!;
    await shippingEvent(trx, cancelled);
  });

  /** Whether the label's payment completed. */
  async function isPaid(trx: Kysely<Database>, label: Row): Promise<boolean> {
    if (!label.payment) return false;
    const status = (
      await sql<{ s: string }>`select payment_status::text as s from payment_process
        where uuid::text = ${label.payment as string}`.execute(trx)
    ).rows[0]?.s;
    return status === 'COMPLETED' || status === 'REFUNDED';
  }

  return {
    async createWithPaymentUrl(vendor: string, req: CreateLabelWithPaymentUrlRequest) {
      const order = req.order;
      if (!order)
        throw fail(Code.InvalidArgument, 'INVALID_ARGUMENT', 'The label order is missing');
      const key = order.idempotencyKey || null;
      const existing = (trx: Kysely<Database>) => labelByRequestKey(trx, vendor, key);
      const answer = async (row: Row) => ({
        shippingLabel: await labelMessage(row),
        paymentUrl: String(row.payment_url ?? ''),
      });
      const already = await existing(db);
      if (already) return answer(already);
      if (order.shippedContentType !== 'product')
        throw fail(Code.InvalidArgument, 'INVALID_ARGUMENT', 'Only sold products are shipped here');
      if (!order.recipientName.trim() || !order.recipientServicePointId)
        throw fail(
          Code.InvalidArgument,
          'RECIPIENT_INCOMPLETE',
          'Name the recipient and the relay point they collect from',
        );
      const weight = order.weight ?? deps.shipping.defaultWeightKg;
      const client = requireCarrier(carrier);

      /** Checks the order under the vendor's lock; answers the label already made for the key. */
      const check = async (trx: Kysely<Database>) => {
        await sql`select uuid from vendor where uuid = ${vendor} for update`.execute(trx);
        const again = await existing(trx);
        if (again) return { again };
        const product = (
          await sql<Row>`select p.uuid, p.name, p.sale_status::text as sale_status from product p
            join deposit d on d.uuid = p.deposit
            where p.uuid = ${order.shippedObjectUuid} and d.vendor = ${vendor}`.execute(trx)
        ).rows[0];
        if (!product) throw fail(Code.NotFound, 'NOT_FOUND', 'Product not found');
        if (!SOLD.includes(product.sale_status as string))
          throw refused('PRODUCT_NOT_SOLD', 'Only a sold product is shipped');
        const active = (
          await sql<{ n: number }>`select count(*)::int as n from shipping_label
            where vendor = ${vendor} and shipped_content_type = 'product'
              and shipped_object_uuid = ${order.shippedObjectUuid} and is_return = ${order.isReturn}
              and delivery_status::text not in (${sql.join(ENDED_STATUSES.map((s) => sql`${s}`))})`.execute(
            trx,
          )
        ).rows[0]!.n;
        if (active > 0)
          throw refused(
            'LABEL_ALREADY_MADE',
            'This item already has a label; cancel it before making another',
          );
        const place = await placeOf(trx, vendor, order.deliveryPlace || undefined);
        if (!place)
          throw refused(
            'NO_DELIVERY_PLACE',
            'Add an active delivery place in your settings before shipping',
          );
        if ((await freeLabelsLeft(trx, deps, vendor)) > 0)
          throw refused('FREE_LABEL_LEFT', 'Your plan still covers this label: take it free');
        return { product, place };
      };

      const first = await db.transaction().execute(check);
      if (first.again) return answer(first.again);
      const { product, place } = first;
      const service = serviceOf(place);
      const price = priceOf(deps, service, weight);
      if (!(await client.servicePoint(order.recipientServicePointId)))
        throw refused('CARRIER_REFUSED', 'This relay point is unknown to the carrier');
      const uuid = crypto.randomUUID();
      // The checkout page first: a provider down leaves nothing written.
      const { process, url } = await createPaymentProcess(deps, {
        vendor,
        amountCents: price,
        description: `Étiquette ${service.name} · ${String(product.name ?? '')}`.slice(0, 200),
        ownerContentType: LABEL_OWNER,
        ownerObjectUuid: uuid,
      });
      try {
        const row = await db.transaction().execute(async (trx) => {
          const again = await check(trx);
          if (again.again) return again.again;
          const now = clock();
          return (
            await sql<Row>`insert into shipping_label (uuid, vendor, idempotency_key,
                delivery_place, delivery_service, sender_content_type, sender_object_uuid,
                recipient_content_type, recipient_object_uuid, shipped_content_type,
                shipped_object_uuid, weight, is_return, recipient_service_point_id,
                recipient_name, recipient_email, recipient_phone, delivery_status,
                delivery_status_datetime, payment, payment_url, price_cents, created_at,
                updated_at)
              values (${uuid}, ${vendor}, ${key}, ${place.uuid as string}, ${service.code},
                'vendor', ${vendor}, 'relay_point', ${order.recipientServicePointId}, 'product',
                ${order.shippedObjectUuid}, ${weight}, ${order.isReturn},
                ${order.recipientServicePointId}, ${order.recipientName.trim()},
                ${order.recipientEmail}, ${order.recipientPhone}, 'NOT_CREATED', ${now},
                ${process.uuid}, ${url}, ${price}, ${now}, ${now})
              returning *`.execute(trx)
          ).rows[0]!;
        });
        if (row.uuid !== uuid) await cancelPaymentProcess(deps, process.uuid);
        return answer(row);
      } catch (error) {
        // Refused meanwhile (another tab made a label): the checkout page is closed unpaid.
        await cancelPaymentProcess(deps, process.uuid).catch(() => false);
        throw error;
      }
    },

    /** Cancels a label still waiting for its payment (its checkout page closed); undefined otherwise. */
    async cancelUnpaid(caller: Caller, uuid: string) {
      const label = (
        await sql<Row>`select * from shipping_label where uuid = ${uuid}
          ${caller.isAdminLevel ? sql`` : sql`and vendor = ${caller.vendorUuid}`}`.execute(db)
      ).rows[0];
      if (!label || label.delivery_status !== 'NOT_CREATED' || !label.payment) return undefined;
      if (!(await isPaid(db, label))) await cancelPaymentProcess(deps, label.payment as string);
      const row = await db.transaction().execute(async (trx) => {
        const locked = (
          await sql<Row>`select * from shipping_label where uuid = ${uuid} for update`.execute(trx)
        ).rows[0]!;
        if (await isPaid(trx, locked))
          throw refused(
            'LABEL_PAID',
            'This label is paid: change its relay point, or ask us to refund it',
          );
        const now = clock();
        return (
          await sql<Row>`update shipping_label set delivery_status = 'CANCELED',
              delivery_status_datetime = ${now}, cancel_datetime = ${now}, payment_url = '',
              updated_at = ${now}, row_version = row_version + 1
            where uuid = ${uuid} returning *`.execute(trx)
        ).rows[0]!;
      });
      return labelMessage(row);
    },

    /** Whether a vendor's cancel of this created label is refused because it was paid. */
    async refusePaidCancel(trx: Kysely<Database>, caller: Caller, label: Row) {
      if (!caller.isAdminLevel && label.price_cents != null && (await isPaid(trx, label)))
        throw refused(
          'LABEL_PAID',
          'This label is paid: change its relay point, or ask us to refund it',
        );
    },

    async regenerate(caller: Caller, req: RegenerateShippingLabelRequest) {
      const client = requireCarrier(carrier);
      const key = req.idempotencyKey || null;
      /** The label already made again for this key, or a refusal when the key named another. */
      const answered = async (trx: Kysely<Database>, label: Row) => {
        const earlier = await regenerationByRequestKey(trx, label.vendor as string, key);
        if (!earlier) return undefined;
        if (earlier.shipping_label !== label.uuid)
          throw fail(
            Code.InvalidArgument,
            'IDEMPOTENCY_KEY_REUSED',
            'This request key was already used to make another label again',
          );
        return label;
      };
      const regenerate = async (trx: Kysely<Database>) => {
        const label = (
          await sql<Row>`select * from shipping_label where uuid = ${req.uuid}
            ${caller.isAdminLevel ? sql`` : sql`and vendor = ${caller.vendorUuid}`}
            for update`.execute(trx)
        ).rows[0];
        if (!label) throw fail(Code.NotFound, 'NOT_FOUND', 'Shipping label not found');
        // A retry waited on the label's lock: the action it repeats is answered, not made again.
        const again = await answered(trx, label);
        if (again) return again;
        const status = String(label.delivery_status);
        if (LEFT.includes(status))
          throw refused(
            'LABEL_ALREADY_SHIPPED',
            'This parcel already left; its relay point can no longer change',
          );
        if (status === 'CANCELED' || status === 'EXPIRED')
          throw refused('LABEL_CANCELED', 'A cancelled label cannot be made again');
        if (status === 'NOT_CREATED' && !(await isPaid(trx, label)))
          throw refused('LABEL_NOT_PAID', 'Pay for this label before it is made');
        let place = label.delivery_place as string;
        if (req.deliveryPlaceUuid && req.deliveryPlaceUuid !== place) {
          const other = await placeOf(trx, label.vendor as string, req.deliveryPlaceUuid);
          if (!other) throw fail(Code.NotFound, 'NOT_FOUND', 'Delivery place not found');
          if (Number(other.delivery_service) !== Number(label.delivery_service))
            throw fail(
              Code.InvalidArgument,
              'PLACE_OTHER_CARRIER',
              'The new place must use the same carrier as the label',
            );
          place = other.uuid as string;
        }
        const point = req.recipientServicePointId || (label.recipient_service_point_id as string);
        const service = deliveryServiceOf(Number(label.delivery_service));
        if (!service) throw refused('UNKNOWN_DELIVERY_SERVICE', 'Unknown delivery service');
        const regenerations = Number(label.regenerations ?? 0) + 1;
        // The key before the carrier: the same key racing for another label waits on it here,
        // then fails on the unique key without a parcel made; a refusal below rolls it back.
        if (key)
          await sql`insert into shipping_label_regeneration (vendor, request_key, shipping_label,
              regeneration, created_at)
            values (${label.vendor as string}, ${key}, ${label.uuid as string}, ${regenerations},
              ${clock()})`.execute(trx);
        // The new parcel first: a refusal leaves the old one as it was.
        const parcel = await makeParcel(
          trx,
          client,
          label,
          point,
          service.carrier,
          `${String(label.uuid)}-${regenerations}`,
        );
        const old = label.carrier_parcel_id as string | null;
        if (old) {
          let voided: boolean;
          try {
            voided = await client.cancelParcel(old);
          } catch (error) {
            await client.cancelParcel(parcel.id).catch(() => false);
            throw error;
          }
          if (!voided) {
            await client.cancelParcel(parcel.id).catch(() => false);
            throw refused(
              'LABEL_ALREADY_SHIPPED',
              'This parcel already left; its relay point can no longer change',
            );
          }
        }
        return recordParcel(
          trx,
          label,
          parcel,
          { servicePointId: point, place, regenerations },
          clock(),
        );
      };
      let row: Row;
      try {
        row = await db.transaction().execute(regenerate);
      } catch (error) {
        // Two requests with one key raced: the loser answers as a retry would, once the winner is in.
        if (!key || !isUniqueViolation(error)) throw error;
        row = await db.transaction().execute(regenerate);
      }
      return labelMessage(row);
    },
  };
}
