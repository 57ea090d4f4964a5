import { Code } from '@connectrpc/connect';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SANDBOX_BILLING,
  type BillingSettings,
} from '../../server/services/billing/billingSettings.ts';
import { PAYMENT_WEBHOOK_PATH } from '../../server/services/billing/paymentProvider.ts';
import { SHIPPING_WEBHOOK_PATH } from '../../server/services/shipping/carrierClient.ts';
import { LABEL_WEIGHT_BANDS_KG } from '../../server/services/shipping/labelPrices.ts';
import {
  SANDBOX_SHIPPING,
  type ShippingSettings,
} from '../../server/services/shipping/shippingSettings.ts';
import { createPaymentSandbox, type PaymentSandbox } from '../../server/sandbox/paymentSandbox.ts';
import {
  PARCEL_STATUSES,
  createSendcloudSandbox,
  type SendcloudSandbox,
} from '../../server/sandbox/sendcloudSandbox.ts';
import { DeliveryPlaceService } from '../../src/rpc/gen/seconde/v1/delivery_place_pb.ts';
import {
  PaymentProcessService,
  PaymentStatus,
} from '../../src/rpc/gen/seconde/v1/payment_process_pb.ts';
import {
  LabelFormat,
  ShippingLabelService,
  ShippingStatus,
} from '../../src/rpc/gen/seconde/v1/shipping_label_pb.ts';
import { listenHttpDouble, type HttpDouble } from '../helpers/httpDouble.ts';
import { refusalOf, startTestServer, type TestServer } from '../helpers/testServer.ts';

const PUBLIC_KEY = 'paid_labels_public';
const SECRET_KEY = 'paid_labels_secret';
const STRIPE_KEY = 'sk_test_paid_labels';
const WEBHOOK_SECRET = 'whsec_paid_labels';
const MONDIAL_RELAY = 1;
const COLISSIMO = 2;

let t: TestServer;
let carrierDouble: HttpDouble;
let paymentDouble: HttpDouble;
let carrier: SendcloudSandbox;
let payments: PaymentSandbox;
let serverUrl = '';
let counter = 0;

beforeAll(async () => {
  let carrierBase = '';
  let paymentBase = '';
  carrier = createSendcloudSandbox({
    publicKey: PUBLIC_KEY,
    secretKey: SECRET_KEY,
    baseUrl: () => carrierBase,
    webhookUrl: () => `${serverUrl}${SHIPPING_WEBHOOK_PATH}`,
  });
  payments = createPaymentSandbox({
    secretKey: STRIPE_KEY,
    webhookSecret: WEBHOOK_SECRET,
    prices: [],
    pagesUrl: () => paymentBase,
    webhookUrl: () => `${serverUrl}${PAYMENT_WEBHOOK_PATH}`,
  });
  carrierDouble = await listenHttpDouble((req, res) => carrier.handle(req, res, req.url ?? '/'));
  paymentDouble = await listenHttpDouble((req, res) => payments.handle(req, res, req.url ?? '/'));
  carrierBase = carrierDouble.base;
  paymentBase = paymentDouble.base;
  const shipping: ShippingSettings = {
    ...SANDBOX_SHIPPING,
    publicKey: PUBLIC_KEY,
    secretKey: SECRET_KEY,
    apiUrl: `${carrierBase}/panel/api/v2`,
    servicePointsUrl: `${carrierBase}/servicepoints/api/v2`,
    sandbox: false,
    timeoutMs: 1_500,
    // One free label a month on every plan: the second is paid.
    freeLabelsPerMonth: { STARTER: 1, ESSENTIAL: 1, PRO: 1, PREMIUM: 1, FORMATION: 1 },
  };
  const billing: BillingSettings = {
    ...SANDBOX_BILLING,
    secretKey: STRIPE_KEY,
    webhookSecret: WEBHOOK_SECRET,
    apiUrl: paymentBase,
    sandbox: false,
    timeoutMs: 1_500,
  };
  t = await startTestServer({ demoProducts: 0, shipping, billing }, ['vendor', 'company', 'trial']);
  serverUrl = t.server.url;
  // vendor@ uses their free label of the month; company@ (plan ended) has none and asks to pay.
  await place('vendor');
  await labels('vendor').createFreeLabel(order(await soldProduct('vendor'), 'free-vendor'));
  await place('company');
  await labels('company').createWithPaymentUrl(
    order(await soldProduct('company'), 'company-label'),
  );
});

afterAll(async () => {
  await t?.close();
  await carrierDouble?.close();
  await paymentDouble?.close();
});

const db = () => t.server.db;
const labels = (who: 'vendor' | 'company' | 'trial') => t.client(ShippingLabelService, who);

/** A sold product of `who` (written directly: selling is another area's test). */
async function soldProduct(who: 'vendor' | 'company' | 'trial'): Promise<string> {
  const vendor = (await t.me(who)).vendorUuid;
  const deposit = (
    await sql<{
      uuid: string;
    }>`insert into deposit (vendor, name) values (${vendor}, ${`Colis ${++counter}`})
      returning uuid`.execute(db())
  ).rows[0]!.uuid;
  return (
    await sql<{ uuid: string }>`insert into product (deposit, name, sale_status)
      values (${deposit}, ${`Manteau ${counter}`}, 'SELL') returning uuid`.execute(db())
  ).rows[0]!.uuid;
}

async function place(who: 'vendor' | 'company' | 'trial', service = MONDIAL_RELAY) {
  return t.client(DeliveryPlaceService, who).create({
    deliveryPlace: {
      deliveryService: service,
      deliveryServiceId: '10001',
      deliveryPlaceName: `Relais ${++counter}`,
      isActive: true,
      order: service,
    },
  });
}

const order = (product: string, key: string, extra: Record<string, unknown> = {}) => ({
  order: {
    shippedContentType: 'product',
    shippedObjectUuid: product,
    idempotencyKey: key,
    recipientServicePointId: '10002',
    recipientName: 'Léa Dubois',
    recipientEmail: 'lea@example.test',
    recipientPhone: '+33611223344',
    weight: 0.8,
    ...extra,
  },
});

const parcelsMade = () =>
  carrier.requests.filter((r) => r.method === 'POST' && r.path === '/panel/api/v2/parcels');

/** Pays the checkout page as its form does, and waits for the signed webhook to be answered. */
async function pay(url: string): Promise<void> {
  const answer = await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
  expect(answer.status).toBe(302);
  await payments.settled();
}

async function invoicesOf(process: string) {
  return (
    await sql<{ total_cents: string; invoice_status: string; vendor: string }>`
      select total_cents::text, invoice_status::text, vendor from invoice
      where category = 'PROVIDER_SHIPPING_LABEL' and payment_provider_id = ${process}`.execute(db())
  ).rows;
}

/** A paid label, made at the carrier once its payment completed. */
async function paidLabel(key: string) {
  const made = await labels('vendor').createWithPaymentUrl(order(await soldProduct('vendor'), key));
  await pay(made.paymentUrl);
  return labels('vendor').retrieve({ uuid: made.shippingLabel!.uuid });
}

describe('a label beyond the allowance', () => {
  it('prices the next label by the place’s carrier and the weight', async () => {
    const next = await labels('vendor').checkIfNextLabelIsFree({});
    expect(next).toMatchObject({ isFree: false, freeRemaining: 0 });
    expect(next.priceCents).toBe(BigInt(SANDBOX_SHIPPING.labelPrices.mondial_relay[0]!));
    const heavy = await labels('vendor').checkIfNextLabelIsFree({ weight: 4 });
    expect(heavy.priceCents).toBe(BigInt(SANDBOX_SHIPPING.labelPrices.mondial_relay[2]!));
    const colissimo = await place('vendor', COLISSIMO);
    const other = await labels('vendor').checkIfNextLabelIsFree({
      deliveryPlace: colissimo.uuid,
    });
    expect(other.priceCents).toBe(BigInt(SANDBOX_SHIPPING.labelPrices.colissimo[0]!));
    // Every band of the place's carrier comes with the answer, so the dialog prices each weight.
    expect(other.priceBands.map((b) => [b.maxWeightKg, b.priceCents])).toEqual(
      LABEL_WEIGHT_BANDS_KG.map((kg, i) => [
        kg,
        BigInt(SANDBOX_SHIPPING.labelPrices.colissimo[i]!),
      ]),
    );
    await t.client(DeliveryPlaceService, 'vendor').destroy({ uuid: colissimo.uuid });
  });

  it('asks for payment first, makes one label once paid, invoices it once, even when the webhook is replayed', async () => {
    const product = await soldProduct('vendor');
    const before = parcelsMade().length;
    const made = await labels('vendor').createWithPaymentUrl(order(product, 'paid-1'));
    const label = made.shippingLabel!;
    expect(label.deliveryStatus).toBe(ShippingStatus.NOT_CREATED);
    expect(label.trackingNumber).toBe('');
    expect(made.paymentUrl).toMatch(/^http/);
    // Nothing is asked of the carrier before the money is there.
    expect(parcelsMade().length).toBe(before);

    // A retried request answers the same label and the same checkout page.
    const retried = await labels('vendor').createWithPaymentUrl(order(product, 'paid-1'));
    expect(retried.shippingLabel!.uuid).toBe(label.uuid);
    expect(retried.paymentUrl).toBe(made.paymentUrl);
    const processes = await t
      .client(PaymentProcessService, 'vendor')
      .list({ ownerObjectUuid: label.uuid });
    expect(processes.count).toBe(1);
    const process = processes.results[0]!;
    expect(process.amountCents).toBe(BigInt(SANDBOX_SHIPPING.labelPrices.mondial_relay[0]!));
    expect(process.ownerContentType).toBe('shipping_label');

    await pay(made.paymentUrl);
    const paid = await labels('vendor').retrieve({ uuid: label.uuid });
    expect(paid.deliveryStatus).toBe(ShippingStatus.CREATED);
    expect(paid.trackingNumber).toMatch(/^MO\d{12}$/);
    expect(paid.paymentUrl).toBe('');
    expect(paid.payment).toBe(process.uuid);
    expect(parcelsMade().length).toBe(before + 1);
    expect(parcelsMade().at(-1)!.body).toMatchObject({
      parcel: {
        name: 'Léa Dubois',
        email: 'lea@example.test',
        telephone: '+33611223344',
        to_service_point: 10002,
        weight: '0.800',
        order_number: label.uuid,
      },
    });
    const invoices = await invoicesOf(process.uuid);
    expect(invoices).toEqual([
      {
        total_cents: String(SANDBOX_SHIPPING.labelPrices.mondial_relay[0]),
        invoice_status: 'PAYED',
        vendor: (await t.me('vendor')).vendorUuid,
      },
    ]);

    // The provider sends the same event again: nothing more is made or invoiced.
    const delivery = payments.deliveries.findLast(
      (d) => d.event.type === 'checkout.session.completed',
    )!;
    const replay = await fetch(`${serverUrl}${PAYMENT_WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature },
      body: delivery.payload,
    });
    expect(await replay.json()).toMatchObject({ outcome: 'replayed' });
    expect(parcelsMade().length).toBe(before + 1);
    expect(await invoicesOf(process.uuid)).toHaveLength(1);
    const again = await labels('vendor').retrieve({ uuid: label.uuid });
    expect(again.trackingNumber).toBe(paid.trackingNumber);
    // A paid label is not given back by cancelling it.
    expect(await refusalOf(labels('vendor').cancel({ uuid: label.uuid }))).toEqual({
      code: Code.FailedPrecondition,
      reason: 'LABEL_PAID',
    });
  });

  it('keeps the money and the label when the carrier fails after payment; Regenerate makes it then', async () => {
    const made = await labels('vendor').createWithPaymentUrl(
      order(await soldProduct('vendor'), 'paid-carrier-down'),
    );
    const uuid = made.shippingLabel!.uuid;
    carrier.failNext(1, 503, '/panel/api/v2/parcels');
    await pay(made.paymentUrl);
    const waiting = await labels('vendor').retrieve({ uuid });
    expect(waiting.deliveryStatus).toBe(ShippingStatus.NOT_CREATED);
    expect(waiting.paymentUrl).toBe('');
    const process = (
      await t.client(PaymentProcessService, 'vendor').list({ ownerObjectUuid: uuid })
    ).results[0]!;
    expect(process.paymentStatus).toBe(PaymentStatus.COMPLETED);
    expect(await invoicesOf(process.uuid)).toHaveLength(1);
    const { rows } = await sql<{ carrier_error: string | null }>`
      select carrier_error from shipping_label where uuid = ${uuid}`.execute(db());
    expect(rows[0]!.carrier_error).toBeTruthy();
    // Not cancelled away, and made on the next try without a second payment.
    expect(await refusalOf(labels('vendor').cancel({ uuid }))).toMatchObject({
      reason: 'LABEL_PAID',
    });
    const made2 = await labels('vendor').regenerate({ uuid });
    expect(made2.deliveryStatus).toBe(ShippingStatus.CREATED);
    expect(made2.trackingNumber).toMatch(/^MO/);
    expect(
      (await t.client(PaymentProcessService, 'vendor').list({ ownerObjectUuid: uuid })).count,
    ).toBe(1);
  });

  it('cancels a label still waiting for its payment, closing its checkout page', async () => {
    const product = await soldProduct('vendor');
    const made = await labels('vendor').createWithPaymentUrl(order(product, 'paid-abandoned'));
    const uuid = made.shippingLabel!.uuid;
    expect(await refusalOf(labels('vendor').regenerate({ uuid }))).toEqual({
      code: Code.FailedPrecondition,
      reason: 'LABEL_NOT_PAID',
    });
    // The item has its (unpaid) label: a second one is refused until it is cancelled.
    expect(
      await refusalOf(labels('vendor').createWithPaymentUrl(order(product, 'paid-abandoned-2'))),
    ).toMatchObject({ reason: 'LABEL_ALREADY_MADE' });
    const cancelled = await labels('vendor').cancel({ uuid });
    expect(cancelled.deliveryStatus).toBe(ShippingStatus.CANCELED);
    const process = (
      await t.client(PaymentProcessService, 'vendor').list({ ownerObjectUuid: uuid })
    ).results[0]!;
    expect(process.paymentStatus).toBe(PaymentStatus.CANCELED);
    expect(payments.sessions.get(process.paymentProviderId)?.status).toBe('expired');
    const next = await labels('vendor').createWithPaymentUrl(order(product, 'paid-abandoned-3'));
    expect(next.shippingLabel!.deliveryStatus).toBe(ShippingStatus.NOT_CREATED);
  });

  it('cancels a paid label not yet left when its payment is refunded, once', async () => {
    const label = await paidLabel('paid-refunded');
    expect(label.deliveryStatus).toBe(ShippingStatus.CREATED);
    const cancels = () =>
      carrier.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/cancel')).length;
    const before = cancels();
    const process = (
      await t.client(PaymentProcessService, 'vendor').list({ ownerObjectUuid: label.uuid })
    ).results[0]!;
    const intent = String(payments.sessions.get(process.paymentProviderId)!.payment_intent);
    const refund = async (id: string) => {
      const payload = JSON.stringify({
        id,
        object: 'event',
        created: Math.floor(Date.now() / 1000) + 5,
        type: 'charge.refunded',
        data: {
          object: { id: `ch_${id}`, object: 'charge', payment_intent: intent, refunded: true },
        },
      });
      const answer = await fetch(`${serverUrl}${PAYMENT_WEBHOOK_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': payments.sign(payload) },
        body: payload,
      });
      expect(answer.status).toBe(200);
    };
    await refund(`evt_refund_${label.uuid}`);
    const cancelled = await labels('vendor').retrieve({ uuid: label.uuid });
    expect(cancelled.deliveryStatus).toBe(ShippingStatus.CANCELED);
    expect(cancels()).toBe(before + 1);
    // The refund is the provider's fact: the payment says so; a second event changes nothing.
    const refunded = await t
      .client(PaymentProcessService, 'vendor')
      .retrieve({ uuid: process.uuid });
    expect(refunded.paymentStatus).toBe(PaymentStatus.REFUNDED);
    await refund(`evt_refund_again_${label.uuid}`);
    expect(cancels()).toBe(before + 1);
    expect(
      await refusalOf(
        labels('vendor').download({ uuid: label.uuid, format: LabelFormat.LABEL_PRINTER }),
      ),
    ).toMatchObject({ reason: 'LABEL_CANCELED' });
  });

  it('refuses a paid label while the plan still covers one, and a parcel too heavy', async () => {
    await place('trial');
    expect(
      await refusalOf(
        labels('trial').createWithPaymentUrl(order(await soldProduct('trial'), 'trial-paid')),
      ),
    ).toEqual({ code: Code.FailedPrecondition, reason: 'FREE_LABEL_LEFT' });
    expect(
      await refusalOf(
        labels('vendor').createWithPaymentUrl(
          order(await soldProduct('vendor'), 'too-heavy', { weight: 25 }),
        ),
      ),
    ).toEqual({ code: Code.InvalidArgument, reason: 'PARCEL_TOO_HEAVY' });
  });

  it('a provider down writes nothing', async () => {
    const product = await soldProduct('vendor');
    payments.failNext(3, 500);
    expect(
      await refusalOf(labels('vendor').createWithPaymentUrl(order(product, 'paid-down'))),
    ).toMatchObject({ code: expect.any(Number) });
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from shipping_label
      where shipped_object_uuid = ${product}`.execute(db());
    expect(rows[0]!.n).toBe(0);
  });
});

describe('regenerating a label', () => {
  it('sends the same parcel to another relay point: the old one is cancelled, nothing is paid or counted again', async () => {
    const label = await paidLabel('regen-paid');
    const oldParcel = Number((await parcelIdOf(label.uuid))!);
    const freeBefore = await labels('vendor').checkIfNextLabelIsFree({});
    const processesBefore = (await t.client(PaymentProcessService, 'vendor').list({})).count;
    const moved = await labels('vendor').regenerate({
      uuid: label.uuid,
      recipientServicePointId: '10003',
    });
    expect(moved.uuid).toBe(label.uuid);
    expect(moved.deliveryStatus).toBe(ShippingStatus.CREATED);
    expect(moved.recipientObjectUuid).toBe('10003');
    expect(moved.trackingNumber).not.toBe(label.trackingNumber);
    expect(moved.payment).toBe(label.payment);
    expect(carrier.parcels.get(oldParcel)!.status.id).toBe(PARCEL_STATUSES.CANCELLED.id);
    expect(parcelsMade().at(-1)!.body).toMatchObject({ parcel: { to_service_point: 10003 } });
    expect(await labels('vendor').checkIfNextLabelIsFree({})).toEqual(freeBefore);
    expect((await t.client(PaymentProcessService, 'vendor').list({})).count).toBe(processesBefore);
    // A free label stays free, and is not counted twice.
    const free = await sql<{ uuid: string }>`select uuid from shipping_label
      where idempotency_key = 'free-vendor'`.execute(db());
    const freeLabel = free.rows[0]!.uuid;
    const regenerated = await labels('vendor').regenerate({
      uuid: freeLabel,
      recipientServicePointId: '10003',
    });
    expect(regenerated.freeReason).not.toBe(0);
    expect(await labels('vendor').checkIfNextLabelIsFree({})).toEqual(freeBefore);
  });

  it('makes one parcel per request key: a retried call answers the label, another key makes it again', async () => {
    const label = await paidLabel('regen-keyed');
    const first = Number((await parcelIdOf(label.uuid))!);
    const before = parcelsMade().length;
    const ask = { uuid: label.uuid, recipientServicePointId: '10003', idempotencyKey: 'regen-a' };
    const moved = await labels('vendor').regenerate(ask);
    // The same action sent again (a network drop, a double click, a replay): no second parcel.
    const [again, twice] = await Promise.all([
      labels('vendor').regenerate(ask),
      labels('vendor').regenerate(ask),
    ]);
    expect(parcelsMade().length).toBe(before + 1);
    for (const answer of [again, twice]) {
      expect(answer.uuid).toBe(label.uuid);
      expect(answer.trackingNumber).toBe(moved.trackingNumber);
    }
    const second = Number((await parcelIdOf(label.uuid))!);
    expect(second).not.toBe(first);
    expect(carrier.parcels.get(first)!.status.id).toBe(PARCEL_STATUSES.CANCELLED.id);
    expect(carrier.parcels.get(second)!.status.id).not.toBe(PARCEL_STATUSES.CANCELLED.id);
    // Another action is another key: one more parcel, and the one before is cancelled.
    const remade = await labels('vendor').regenerate({ ...ask, idempotencyKey: 'regen-b' });
    expect(parcelsMade().length).toBe(before + 2);
    expect(remade.trackingNumber).not.toBe(moved.trackingNumber);
    expect(carrier.parcels.get(second)!.status.id).toBe(PARCEL_STATUSES.CANCELLED.id);
    // The first key replayed late still answers the label without a parcel.
    expect((await labels('vendor').regenerate(ask)).trackingNumber).toBe(remade.trackingNumber);
    expect(parcelsMade().length).toBe(before + 2);
    // A key names one label: sent for another, it is refused and nothing is made.
    const other = await paidLabel('regen-keyed-other');
    expect(await refusalOf(labels('vendor').regenerate({ ...ask, uuid: other.uuid }))).toEqual({
      code: Code.InvalidArgument,
      reason: 'IDEMPOTENCY_KEY_REUSED',
    });
    expect(parcelsMade().length).toBe(before + 3);
    expect((await labels('vendor').retrieve({ uuid: other.uuid })).trackingNumber).toBe(
      other.trackingNumber,
    );
    // Keys are per vendor: another vendor's same key is theirs, and never reaches this label.
    expect(await refusalOf(labels('company').regenerate(ask))).toMatchObject({
      reason: expect.stringMatching(/NOT_FOUND|FORBIDDEN/),
    });
  });

  it('is refused once the parcel has left, for a place of another carrier, and for another vendor', async () => {
    const label = await paidLabel('regen-shipped');
    const colissimo = await place('vendor', COLISSIMO);
    expect(
      await refusalOf(
        labels('vendor').regenerate({ uuid: label.uuid, deliveryPlaceUuid: colissimo.uuid }),
      ),
    ).toEqual({ code: Code.InvalidArgument, reason: 'PLACE_OTHER_CARRIER' });
    await t.client(DeliveryPlaceService, 'vendor').destroy({ uuid: colissimo.uuid });
    // company@ never reaches vendor@'s label, nor names vendor@'s place or item.
    expect(await refusalOf(labels('company').regenerate({ uuid: label.uuid }))).toMatchObject({
      reason: expect.stringMatching(/NOT_FOUND|FORBIDDEN/),
    });
    const vendorPlace = (
      await t.client(DeliveryPlaceService, 'vendor').list({ pagination: { pageSize: 10 } })
    ).results[0]!;
    const companyLabel = (
      await sql<{ uuid: string }>`select uuid from shipping_label
        where idempotency_key = 'company-label'`.execute(db())
    ).rows[0]!.uuid;
    expect(
      await refusalOf(
        labels('company').regenerate({ uuid: companyLabel, deliveryPlaceUuid: vendorPlace.uuid }),
      ),
    ).toMatchObject({ reason: expect.stringMatching(/NOT_FOUND|FORBIDDEN/) });
    expect(
      await refusalOf(
        labels('company').createWithPaymentUrl(order(await soldProduct('vendor'), 'not-theirs')),
      ),
    ).toMatchObject({ reason: expect.stringMatching(/NOT_FOUND|FORBIDDEN/) });
    expect(
      await refusalOf(
        labels('company').checkIfNextLabelIsFree({ deliveryPlace: vendorPlace.uuid }),
      ),
    ).toMatchObject({ reason: expect.stringMatching(/NOT_FOUND|FORBIDDEN/) });

    const parcel = Number((await parcelIdOf(label.uuid))!);
    expect(await carrier.advance(parcel, PARCEL_STATUSES.EN_ROUTE)).toBe(200);
    expect(
      await refusalOf(
        labels('vendor').regenerate({ uuid: label.uuid, recipientServicePointId: '10003' }),
      ),
    ).toEqual({ code: Code.FailedPrecondition, reason: 'LABEL_ALREADY_SHIPPED' });
  });
});

async function parcelIdOf(label: string): Promise<string | null> {
  const { rows } = await sql<{ carrier_parcel_id: string | null }>`
    select carrier_parcel_id from shipping_label where uuid = ${label}`.execute(db());
  return rows[0]!.carrier_parcel_id;
}
