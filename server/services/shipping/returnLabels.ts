import { Code, type HandlerContext } from '@connectrpc/connect';
import { sql, type Kysely } from 'kysely';
import { deliveryServiceOf } from '../../../src/domain/shipping/deliveryServices.ts';
import { isReturnable } from '../../../src/domain/shipping/returnLabels.ts';
import {
  ShippingLabelSchema,
  ShippingLabelService,
  type CreateReturnLabelRequest,
} from '../../../src/rpc/gen/seconde/v1/shipping_label_pb.ts';
import { requireCaller } from '../../crud/crudService.ts';
import { rowToMessage } from '../../crud/rowMapping.ts';
import type { Database } from '../../db/schema.gen.ts';
import { fail } from '../../rpc/reasons.ts';
import { tableColumns } from '../deposit/requests/columns.ts';
import type { ServiceDeps } from '../deps.ts';
import { implement } from '../implement.ts';
import { carrierClientOf, requireCarrier } from './carrierClient.ts';
import { labelByRequestKey, vendorShippingName } from './labelRows.ts';
import { statusOfCarrier } from './labelStatus.ts';
import { ENDED_STATUSES, freeLabelsLeft } from './shippingCalls.ts';

type Row = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * Return labels: a deposit being restituted sent back by post to its depositor, who accepted
 * postal sending. The parcel goes to the depositor's address from the vendor's delivery place (its
 * address read from the carrier); it is a free label of the plan's allowance, made once per
 * request key, the carrier called last so a refusal leaves nothing behind.
 */
export function returnLabelHandlers(deps: ServiceDeps) {
  const { db, clock } = deps;
  const carrier = carrierClientOf(deps.shipping, deps.publicUrl);

  async function createReturnLabel(req: CreateReturnLabelRequest, ctx: HandlerContext) {
    const caller = requireCaller(ctx);
    const vendor = caller.vendorUuid;
    if (!vendor)
      throw fail(Code.FailedPrecondition, 'NO_OWN_RECORD', 'Only a vendor ships their deposits');
    const key = req.idempotencyKey || null;
    const existing = (trx: Kysely<Database>) => labelByRequestKey(trx, vendor, key);
    const columns = await tableColumns(db, 'shipping_label');
    const already = await existing(db);
    if (already) return rowToMessage(ShippingLabelSchema, columns, already);
    const client = requireCarrier(carrier);

    const row = await db.transaction().execute(async (trx) => {
      // The vendor's row locked: the allowance is counted once per label, retries wait here.
      const seller = (
        await sql<Row>`select * from vendor where uuid = ${vendor} for update`.execute(trx)
      ).rows[0];
      if (!seller) throw fail(Code.NotFound, 'NOT_FOUND', 'Vendor not found');
      const again = await existing(trx);
      if (again) return again;
      const deposit = (
        await sql<Row>`select d.uuid, d.status::text as status, d.customer,
            d.customer_accept_send_postal, c.accept_send_postal, c.first_name, c.last_name,
            c.email, c.phone_number, c.address, c.postal_code, c.city
          from deposit d left join customer c on c.uuid = d.customer
          where d.uuid = ${req.deposit} and d.vendor = ${vendor}`.execute(trx)
      ).rows[0];
      if (!deposit) throw fail(Code.NotFound, 'NOT_FOUND', 'Deposit not found');
      if (!isReturnable(deposit.status as string))
        throw fail(
          Code.FailedPrecondition,
          'DEPOSIT_NOT_RETURNABLE',
          'A return label sends back a deposit you hold, before it is restituted',
        );
      if (!deposit.customer_accept_send_postal && !deposit.accept_send_postal)
        throw fail(
          Code.FailedPrecondition,
          'POSTAL_SENDING_REFUSED',
          'The depositor did not accept postal sending',
        );
      const name = [text(deposit.first_name), text(deposit.last_name)].filter(Boolean).join(' ');
      const address = text(deposit.address);
      if (!name || !address || !text(deposit.postal_code) || !text(deposit.city))
        throw fail(
          Code.FailedPrecondition,
          'RECIPIENT_INCOMPLETE',
          'The depositor’s name and full address are needed to send the parcel',
        );
      const active = (
        await sql<{ n: number }>`select count(*)::int as n from shipping_label
          where vendor = ${vendor} and shipped_content_type = 'deposit'
            and shipped_object_uuid = ${req.deposit} and is_return
            and delivery_status::text not in (${sql.join(ENDED_STATUSES.map((s) => sql`${s}`))})`.execute(
          trx,
        )
      ).rows[0]!.n;
      if (active > 0)
        throw fail(
          Code.FailedPrecondition,
          'LABEL_ALREADY_MADE',
          'This deposit already has a return label; cancel it before making another',
        );
      const place = (
        await sql<Row>`select * from delivery_place where vendor = ${vendor} and is_active
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
        throw fail(Code.FailedPrecondition, 'UNKNOWN_DELIVERY_SERVICE', 'Unknown delivery service');
      if ((await freeLabelsLeft(trx, deps, vendor)) <= 0)
        throw fail(
          Code.FailedPrecondition,
          'NO_FREE_LABEL_LEFT',
          'Your plan has no free label left this month',
        );
      // The parcel leaves from the vendor's place: its address is the carrier's, never typed.
      const from = await client.servicePoint(String(place.delivery_service_id ?? ''));
      const vendorName = vendorShippingName(seller);
      const uuid = crypto.randomUUID();
      const weight = req.weight ?? deps.shipping.defaultWeightKg;
      const parcel = await client.createParcel({
        carrier: service.carrier,
        recipient: {
          name,
          email: text(deposit.email),
          phone: text(deposit.phone_number),
          address,
          postalCode: text(deposit.postal_code),
          city: text(deposit.city),
        },
        sender: {
          name: from ? `${vendorName} – ${from.name}` : vendorName,
          address: from?.address ?? String(seller.address ?? ''),
          postalCode: from?.postalCode ?? String(seller.postal_code ?? ''),
          city: from?.city ?? String(seller.city ?? ''),
        },
        weightKg: weight,
        reference: uuid,
      });
      const now = clock();
      return (
        await sql<Row>`insert into shipping_label (uuid, vendor, idempotency_key, delivery_place,
            delivery_service, sender_content_type, sender_object_uuid, recipient_content_type,
            recipient_object_uuid, shipped_content_type, shipped_object_uuid, weight, is_return,
            parcel_number, tracking_number, carrier_parcel_id, recipient_name, delivery_status,
            delivery_status_datetime, original_code, original_label, free_reason, created_at,
            updated_at)
          values (${uuid}, ${vendor}, ${key}, ${place.uuid as string}, ${service.code},
            'delivery_place', ${place.uuid as string}, 'customer', ${deposit.customer as string},
            'deposit', ${req.deposit}, ${weight}, true, ${parcel.id}, ${parcel.trackingNumber},
            ${parcel.id}, ${name}, ${statusOfCarrier(parcel.statusId, parcel.statusMessage)},
            ${now}, ${String(parcel.statusId)}, ${parcel.statusMessage}, 'STARTER_SUBSCRIPTION',
            ${now}, ${now})
          returning *`.execute(trx)
      ).rows[0]!;
    });
    return rowToMessage(ShippingLabelSchema, columns, row);
  }

  return [implement(ShippingLabelService, { createReturnLabel })] as const;
}
