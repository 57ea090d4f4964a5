import { Code } from '@connectrpc/connect';
import { sql } from 'kysely';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SANDBOX_BILLING,
  type BillingSettings,
} from '../../server/services/billing/billingSettings.ts';
import { PAYMENT_WEBHOOK_PATH } from '../../server/services/billing/paymentProvider.ts';
import { createPaymentSandbox, type PaymentSandbox } from '../../server/sandbox/paymentSandbox.ts';
import {
  SubscriptionService,
  SubscriptionType,
} from '../../src/rpc/gen/seconde/v1/subscription_pb.ts';
import { listenHttpDouble, type HttpDouble } from '../helpers/httpDouble.ts';
import { refusalOf, startTestServer, type TestServer } from '../helpers/testServer.ts';

const SECRET_KEY = 'sk_test_subscription_coupons';
const WEBHOOK_SECRET = 'whsec_subscription_coupons';
const DAY = 86_400;
/** ESSENTIAL monthly, 20 % off: 29,00 € less 5,80 €. */
const PRICE_CENTS = 2900;
const DISCOUNTED_CENTS = 2320;

let t: TestServer;
let double: HttpDouble;
let sandbox: PaymentSandbox;
let serverUrl = '';

beforeAll(async () => {
  let base = '';
  sandbox = createPaymentSandbox({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    prices: SANDBOX_BILLING.plans.map((p) => ({
      id: p.priceId,
      unitAmount: p.amountCents,
      currency: 'eur',
      interval: p.interval,
      name: p.type,
    })),
    coupons: [
      { id: 'BIENVENUE20', code: 'BIENVENUE20', percentOff: 20 },
      // Redeemable until a day before now: no longer valid.
      { id: 'ETE', code: 'ETE', percentOff: 15, redeemBy: Math.floor(Date.now() / 1000) - DAY },
    ],
    pagesUrl: () => base,
    webhookUrl: () => `${serverUrl}${PAYMENT_WEBHOOK_PATH}`,
  });
  double = await listenHttpDouble((req, res) => sandbox.handle(req, res, req.url ?? '/'));
  base = double.base;
  const billing: BillingSettings = {
    ...SANDBOX_BILLING,
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    apiUrl: double.base,
    sandbox: false,
  };
  t = await startTestServer({ demoProducts: 0, billing }, ['vendor', 'company']);
  serverUrl = t.server.url;
  // A vendor whose free trial is long over: the first invoice is paid at once.
  const vendor = (await t.me('company')).vendorUuid;
  await sql`update vendor set extension_free_trial_start_datetime = now() - interval '60 days'
    where uuid = ${vendor}`.execute(t.server.db);
});

afterAll(async () => {
  await t?.close();
  await double?.close();
});

const checkoutRows = async () =>
  (await sql`select * from checkout_session`.execute(t.server.db)).rows.length;
const sessionCalls = () =>
  sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions').length;

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
    expect(sandbox.sessions.size).toBe(0);
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
    const stripe = new Stripe(SECRET_KEY, {
      host: new URL(double.base).hostname,
      port: Number(new URL(double.base).port),
      protocol: 'http',
    });
    const session = await stripe.checkout.sessions.retrieve(coded.sessionId);
    expect(session.amount_subtotal).toBe(PRICE_CENTS);
    expect(session.total_details?.amount_discount).toBe(PRICE_CENTS - DISCOUNTED_CENTS);
    expect(session.amount_total).toBe(DISCOUNTED_CENTS);
    expect(session.discounts?.[0]?.coupon).toBe('BIENVENUE20');

    await sandbox.completeCheckout(coded.sessionId);
    await sandbox.settled();
    const paid = sandbox.deliveries.filter((d) => d.event.type === 'invoice.paid');
    expect(paid).toHaveLength(1);
    const invoice = (paid[0]!.event.data as { object: Stripe.Invoice }).object;
    expect(invoice.subtotal).toBe(PRICE_CENTS);
    expect(invoice.amount_paid).toBe(DISCOUNTED_CENTS);
    expect(invoice.total_discount_amounts?.[0]?.amount).toBe(PRICE_CENTS - DISCOUNTED_CENTS);
    expect(sandbox.deliveries.every((d) => d.status === 200)).toBe(true);

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
    sandbox.advanceClock(32 * DAY);
    await sandbox.settled();
    const renewals = sandbox.deliveries.filter((d) => d.event.type === 'invoice.paid');
    expect(renewals).toHaveLength(2);
    expect((renewals[1]!.event.data as { object: Stripe.Invoice }).object.amount_paid).toBe(
      DISCOUNTED_CENTS,
    );
  });
});
