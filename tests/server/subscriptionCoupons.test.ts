import { Code } from '@connectrpc/connect';
import { sql } from 'kysely';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SubscriptionService,
  SubscriptionType,
} from '../../src/rpc/gen/seconde/v1/subscription_pb.ts';
import { startPaymentSandbox, type TestPaymentSandbox } from '../helpers/paymentSandbox.ts';
import { refusalOf, startTestServer, type TestServer } from '../helpers/testServer.ts';

const DAY = 86_400;
/** ESSENTIAL monthly, 20 % off: 29,00 € less 5,80 €. */
const PRICE_CENTS = 2900;
const DISCOUNTED_CENTS = 2320;

let t: TestServer;
let payments: TestPaymentSandbox;
let serverUrl = '';

beforeAll(async () => {
  payments = await startPaymentSandbox('subscription_coupons', () => serverUrl, {
    coupons: [
      { id: 'BIENVENUE20', code: 'BIENVENUE20', percentOff: 20 },
      // Redeemable until a day before now: no longer valid.
      { id: 'ETE', code: 'ETE', percentOff: 15, redeemBy: Math.floor(Date.now() / 1000) - DAY },
    ],
  });
  t = await startTestServer({ demoProducts: 0, billing: payments.billing }, ['vendor', 'company']);
  serverUrl = t.server.url;
  // Vendors whose free trial is long over: the first invoice is paid at once.
  for (const who of ['vendor', 'company'] as const) {
    const vendor = (await t.me(who)).vendorUuid;
    await sql`update vendor set extension_free_trial_start_datetime = now() - interval '60 days'
      where uuid = ${vendor}`.execute(t.server.db);
  }
});

afterAll(async () => {
  await t?.close();
  await payments?.double.close();
});

const invoicesOf = (customer: unknown) =>
  payments.sandbox.deliveries
    .filter((d) => d.event.type === 'invoice.paid')
    .map((d) => (d.event.data as { object: Stripe.Invoice }).object)
    .filter((i) => i.customer === customer);

const checkoutRows = async () =>
  (await sql`select * from checkout_session`.execute(t.server.db)).rows.length;
const sessionCalls = () =>
  payments.sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions')
    .length;

describe('a promotion code typed on the plans page', () => {
  it('refuses an unknown code before any checkout page is made, writing nothing', async () => {
    const client = t.client(SubscriptionService, 'company');
    expect(
      await refusalOf(
        client.createCheckoutSession({
          type: SubscriptionType.ESSENTIAL,
          interval: 'month',
          couponCode: 'NOPE',
        }),
      ),
    ).toEqual({ code: Code.InvalidArgument, reason: 'COUPON_UNKNOWN' });
    expect(sessionCalls()).toBe(0);
    expect(payments.sandbox.sessions.size).toBe(0);
    expect(await checkoutRows()).toBe(0);
  });

  it('refuses a code past its date the same way, with its own reason', async () => {
    const client = t.client(SubscriptionService, 'company');
    expect(
      await refusalOf(
        client.createCheckoutSession({
          type: SubscriptionType.ESSENTIAL,
          interval: 'month',
          couponCode: 'ete',
        }),
      ),
    ).toEqual({ code: Code.FailedPrecondition, reason: 'COUPON_EXPIRED' });
    expect(sessionCalls()).toBe(0);
    expect(await checkoutRows()).toBe(0);
  });

  it('discounts the checkout and the invoices it makes, and the plan shows the coupon', async () => {
    const client = t.client(SubscriptionService, 'company');
    const plain = await client.createCheckoutSession({
      type: SubscriptionType.ESSENTIAL,
      interval: 'month',
    });
    const coded = await client.createCheckoutSession({
      type: SubscriptionType.ESSENTIAL,
      interval: 'month',
      couponCode: ' bienvenue20 ',
    });
    // The page without the code is not reused for the code, nor the other way round.
    expect(coded.sessionId).not.toBe(plain.sessionId);
    const again = await client.createCheckoutSession({
      type: SubscriptionType.ESSENTIAL,
      interval: 'month',
      couponCode: 'BIENVENUE20',
    });
    expect(again.sessionId).toBe(coded.sessionId);
    expect(sessionCalls()).toBe(2);

    // What the provider holds, read back through its official library.
    const stripe = payments.provider();
    const session = await stripe.checkout.sessions.retrieve(coded.sessionId);
    expect(session.amount_subtotal).toBe(PRICE_CENTS);
    expect(session.total_details?.amount_discount).toBe(PRICE_CENTS - DISCOUNTED_CENTS);
    expect(session.amount_total).toBe(DISCOUNTED_CENTS);
    expect(session.discounts?.[0]?.coupon).toBe('BIENVENUE20');

    await payments.sandbox.completeCheckout(coded.sessionId);
    await payments.sandbox.settled();
    const paid = payments.sandbox.deliveries.filter((d) => d.event.type === 'invoice.paid');
    expect(paid).toHaveLength(1);
    const invoice = (paid[0]!.event.data as { object: Stripe.Invoice }).object;
    expect(invoice.subtotal).toBe(PRICE_CENTS);
    expect(invoice.amount_paid).toBe(DISCOUNTED_CENTS);
    expect(invoice.total_discount_amounts?.[0]?.amount).toBe(PRICE_CENTS - DISCOUNTED_CENTS);
    expect(payments.sandbox.deliveries.every((d) => d.status === 200)).toBe(true);

    const vendor = (await t.me('company')).vendorUuid;
    const { rows } = await sql<{ total_cents: number }>`select total_cents from invoice
      where vendor = ${vendor} and category = 'PROVIDER_INVOICE'`.execute(t.server.db);
    expect(rows.map((r) => Number(r.total_cents))).toEqual([DISCOUNTED_CENTS]);

    const { rows: subs } = await sql<{ uuid: string }>`select subscription as uuid from vendor
      where uuid = ${vendor}`.execute(t.server.db);
    const plan = await client.retrieve({ uuid: subs[0]!.uuid });
    expect(plan.discountCouponPercentOff).toBe(20);
    expect(plan.discountCouponValid).toBe(true);

    // A "forever" coupon discounts the renewal too.
    payments.sandbox.advanceClock(32 * DAY);
    await payments.sandbox.settled();
    const renewals = payments.sandbox.deliveries.filter((d) => d.event.type === 'invoice.paid');
    expect(renewals).toHaveLength(2);
    expect((renewals[1]!.event.data as { object: Stripe.Invoice }).object.amount_paid).toBe(
      DISCOUNTED_CENTS,
    );
  });

  it('takes a code made in the provider once only, and its coupon off the first invoice only', async () => {
    const stripe = payments.provider();
    const coupon = await stripe.coupons.create({
      percent_off: 15,
      duration: 'once',
      max_redemptions: 1,
    });
    await stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: coupon.id },
      code: 'UNEFOIS',
    });
    const client = t.client(SubscriptionService, 'vendor');
    const coded = await client.createCheckoutSession({
      type: SubscriptionType.STARTER,
      interval: 'month',
      couponCode: 'UneFois',
    });
    const session = await payments.sandbox.completeCheckout(coded.sessionId);
    await payments.sandbox.settled();
    // STARTER monthly, 19,00 € less 15 % (2,85 €).
    expect(invoicesOf(session.customer).map((i) => i.amount_paid)).toEqual([1615]);
    const vendor = (await t.me('vendor')).vendorUuid;
    const { rows } = await sql<{ percent: number; valid: boolean }>`
      select s.discount_coupon_percent_off as percent, s.discount_coupon_valid as valid
      from vendor v join subscription s on s.uuid = v.subscription
      where v.uuid = ${vendor}`.execute(t.server.db);
    // Fully redeemed: no longer offered, while this plan keeps its discount.
    expect(rows[0]).toEqual({ percent: 15, valid: false });
    expect((await stripe.coupons.retrieve(coupon.id)).times_redeemed).toBe(1);

    const before = sessionCalls();
    expect(
      await refusalOf(
        client.createCheckoutSession({
          type: SubscriptionType.PRO,
          interval: 'month',
          couponCode: 'UNEFOIS',
        }),
      ),
    ).toEqual({ code: Code.FailedPrecondition, reason: 'COUPON_EXPIRED' });
    expect(sessionCalls()).toBe(before);

    payments.sandbox.advanceClock(32 * DAY);
    await payments.sandbox.settled();
    expect(invoicesOf(session.customer).map((i) => i.amount_paid)).toEqual([1615, 1900]);
  });
});
