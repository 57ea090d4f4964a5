import { Code } from '@connectrpc/connect';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SANDBOX_BILLING,
  type BillingSettings,
} from '../../server/services/billing/billingSettings.ts';
import { PAYMENT_WEBHOOK_PATH } from '../../server/services/billing/paymentProvider.ts';
import { createPaymentSandbox, type PaymentSandbox } from '../../server/sandbox/paymentSandbox.ts';
import { ProductFamily } from '../../src/rpc/gen/seconde/v1/category_pb.ts';
import { DepositService, DepositStatus } from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { ProductService, SaleStatus } from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import { PaymentPortalService } from '../../src/rpc/gen/seconde/v1/payment_portal_pb.ts';
import {
  CheckoutStatus,
  SubscriptionService,
  SubscriptionType,
} from '../../src/rpc/gen/seconde/v1/subscription_pb.ts';
import { listenHttpDouble, type HttpDouble } from '../helpers/httpDouble.ts';
import { refusalOf, startTestServer, type TestServer } from '../helpers/testServer.ts';

const SECRET_KEY = 'sk_test_payments_suite';
const WEBHOOK_SECRET = 'whsec_payments_suite';

let t: TestServer;
let double: HttpDouble;
let sandbox: PaymentSandbox;
let serverUrl = '';
let counter = 0;

const billing = (apiUrl: string): BillingSettings => ({
  ...SANDBOX_BILLING,
  secretKey: SECRET_KEY,
  webhookSecret: WEBHOOK_SECRET,
  apiUrl,
  sandbox: false,
  timeoutMs: 1_500,
});

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
    pagesUrl: () => base,
    webhookUrl: () => `${serverUrl}${PAYMENT_WEBHOOK_PATH}`,
  });
  double = await listenHttpDouble((req, res) => sandbox.handle(req, res, req.url ?? '/'));
  base = double.base;
  t = await startTestServer({ demoProducts: 0, billing: billing(double.base) }, [
    'vendor',
    'company',
    'trial',
    'admin',
  ]);
  serverUrl = t.server.url;
});

afterAll(async () => {
  await t?.close();
  await double?.close();
});

const db = () => t.server.db;

async function subscriptionOf(who: 'vendor' | 'trial' | 'company') {
  const vendor = (await t.me(who)).vendorUuid;
  const { rows } = await sql<{
    uuid: string;
    status: string;
    type: string;
    cancel_at_period_end: boolean;
    row_version: number;
    payment_provider_id: string;
  }>`select s.uuid, s.status::text as status, s.type::text as type, s.cancel_at_period_end,
      s.row_version, s.payment_provider_id
    from vendor v join subscription s on s.uuid = v.subscription where v.uuid = ${vendor}`.execute(
    db(),
  );
  return rows[0];
}

async function postEvent(payload: string, signature: string): Promise<Response> {
  return fetch(`${serverUrl}${PAYMENT_WEBHOOK_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
}

async function openDeposit() {
  return t.client(DepositService, 'admin').create({
    deposit: {
      name: `Paiement ${++counter}`,
      status: DepositStatus.WAITING_FOR_VENDOR,
      customerPostalCode: '75018',
      family: ProductFamily.MIXED,
      customerAcceptSendPostal: true,
      isCreatedByPublicForm: true,
    },
  });
}

describe('plans and checkout', () => {
  it('lists every plan of the spec with its configured price', async () => {
    const { plans } = await t.client(SubscriptionService, 'trial').listPlans({});
    expect(plans.map((p) => `${SubscriptionType[p.type]}/${p.interval}`)).toEqual([
      'STARTER/month',
      'STARTER/year',
      'ESSENTIAL/month',
      'ESSENTIAL/year',
      'PRO/month',
      'PRO/year',
      'PREMIUM/month',
      'PREMIUM/year',
      'COMMISSION/month',
      'FORMATION/month',
    ]);
    expect(plans.find((p) => p.type === SubscriptionType.PRO)?.amountCents).toBe(4900n);
  });

  it('gives the same checkout page when asked twice for the same plan', async () => {
    const client = t.client(SubscriptionService, 'trial');
    const ask = () =>
      client.createCheckoutSession({ type: SubscriptionType.PRO, interval: 'month' });
    const [a, b] = await Promise.all([ask(), ask()]);
    const c = await ask();
    expect(a.errorCode).toBeUndefined();
    expect(a.url).toMatch(new RegExp(`^${double.base}/checkout/cs_test_`));
    expect(new Set([a.url, b.url, c.url]).size).toBe(1);
    expect([...sandbox.sessions.values()].filter((s) => s.customer !== null)).toHaveLength(1);
    const rows = await sql`select * from checkout_session`.execute(db());
    expect(rows.rows).toHaveLength(1);
    // The provider saw the same idempotency key for both first asks.
    const keys = sandbox.requests
      .filter((r) => r.path === '/v1/checkout/sessions')
      .map((r) => r.idempotencyKey);
    expect(new Set(keys).size).toBe(1);
  });

  it('confirms the plan only once the signed webhook has set it; the trial continues at the provider', async () => {
    const client = t.client(SubscriptionService, 'trial');
    const { sessionId } = await client.createCheckoutSession({
      type: SubscriptionType.PRO,
      interval: 'month',
    });
    expect((await client.getCheckoutStatus({ sessionId })).status).toBe(CheckoutStatus.PENDING);
    await sandbox.completeCheckout(sessionId);
    await sandbox.settled();
    expect(sandbox.deliveries.map((d) => [d.event.type, d.status])).toEqual([
      ['customer.subscription.created', 200],
      ['invoice.finalized', 200],
      ['invoice.paid', 200],
    ]);
    const status = await client.getCheckoutStatus({ sessionId });
    expect(status.status).toBe(CheckoutStatus.CONFIRMED);
    expect(status.subscription?.type).toBe(SubscriptionType.PRO);
    const sub = await subscriptionOf('trial');
    expect(sub).toMatchObject({ status: 'TRIALING', type: 'PRO' });
    // Another vendor never reads this checkout.
    expect(
      await refusalOf(t.client(SubscriptionService, 'vendor').getCheckoutStatus({ sessionId })),
    ).toEqual({ code: Code.NotFound, reason: 'NOT_FOUND' });
  });

  it('ends the trial at the provider; the webhook makes the plan active and deposits open', async () => {
    const deposit = await openDeposit();
    expect(
      await refusalOf(t.client(DepositService, 'trial').wantDeposit({ uuid: deposit.uuid })),
    ).toMatchObject({ reason: 'TRIAL_PERIOD' });
    await t.client(SubscriptionService, 'trial').terminateTrial({});
    await sandbox.settled();
    expect(await subscriptionOf('trial')).toMatchObject({ status: 'ACTIVE', type: 'PRO' });
    const taken = await t.client(DepositService, 'trial').wantDeposit({ uuid: deposit.uuid });
    expect(taken.success).toBe(true);
    expect(taken.deposit?.uuid).toBe(deposit.uuid);
  });

  it('cancels at period end through the billing portal: refusal 5 afterwards', async () => {
    const portal = await t.client(PaymentPortalService, 'trial').getCustomerPortalUrl({});
    expect(portal.errorCode).toBeUndefined();
    expect(portal.url).toMatch(new RegExp(`^${double.base}/portal/bps_`));
    const page = await (await fetch(portal.url)).text();
    expect(page).toContain('Annuler l’abonnement');
    const sub = await subscriptionOf('trial');
    const form = new URLSearchParams({ subscription: sub!.payment_provider_id, action: 'cancel' });
    await fetch(`${portal.url}/update`, { method: 'POST', body: form, redirect: 'manual' });
    await sandbox.settled();
    expect(await subscriptionOf('trial')).toMatchObject({ cancel_at_period_end: true });
    const deposit = await openDeposit();
    expect(
      await refusalOf(t.client(DepositService, 'trial').wantDeposit({ uuid: deposit.uuid })),
    ).toMatchObject({ reason: 'SUBSCRIPTION_CANCELLED_AT_PERIOD_END' });
  });
});

describe('webhook signatures', () => {
  /** An event about the trial vendor's subscription, dated `created`, with `status`. */
  async function eventAbout(status: string, created: number, id = `evt_test_${++counter}`) {
    const sub = sandbox.subscriptions.get((await subscriptionOf('trial'))!.payment_provider_id)!;
    return JSON.stringify({
      id,
      object: 'event',
      api_version: '2026-10-28.endive',
      created,
      type: 'customer.subscription.updated',
      data: { object: { ...sub, status } },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    });
  }
  const later = () => Math.floor(Date.now() / 1000) + 3600 + counter * 10;

  it('refuses a bad signature and writes nothing', async () => {
    const before = await subscriptionOf('trial');
    const payload = await eventAbout('past_due', later());
    const forged = `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`;
    expect((await postEvent(payload, forged)).status).toBe(400);
    expect((await postEvent(payload, '')).status).toBe(400);
    // Signed with another secret.
    const other = createPaymentSandbox({
      secretKey: 'x',
      webhookSecret: 'whsec_someone_else',
      prices: [],
      pagesUrl: () => '',
      webhookUrl: () => '',
    });
    expect((await postEvent(payload, other.sign(payload))).status).toBe(400);
    expect(await subscriptionOf('trial')).toEqual(before);
  });

  it('applies a good signature once: a replay changes nothing', async () => {
    const payload = await eventAbout('past_due', later());
    const signature = sandbox.sign(payload);
    const first = await postEvent(payload, signature);
    expect(await first.json()).toMatchObject({ outcome: 'applied' });
    const after = await subscriptionOf('trial');
    expect(after?.status).toBe('PAST_DUE');
    const replay = await postEvent(payload, sandbox.sign(payload));
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ outcome: 'replayed' });
    expect(await subscriptionOf('trial')).toEqual(after);
  });

  it('resolves events arriving out of order by their dates', async () => {
    const t0 = later();
    const newer = await eventAbout('active', t0 + 5);
    const older = await eventAbout('unpaid', t0);
    expect(await (await postEvent(newer, sandbox.sign(newer))).json()).toMatchObject({
      outcome: 'applied',
    });
    expect(await (await postEvent(older, sandbox.sign(older))).json()).toMatchObject({
      outcome: 'stale',
    });
    expect((await subscriptionOf('trial'))?.status).toBe('ACTIVE');
  });
});

describe('invoice events', () => {
  it('a failed payment makes the plan past due; the paid invoice brings it back', async () => {
    const sub = (await subscriptionOf('trial'))!;
    const invoiceEvent = (type: string, created: number) =>
      JSON.stringify({
        id: `evt_invoice_${++counter}`,
        object: 'event',
        api_version: '2026-10-28.endive',
        created,
        type,
        data: {
          object: {
            id: `in_test_${counter}`,
            object: 'invoice',
            status: type === 'invoice.paid' ? 'paid' : 'open',
            parent: {
              type: 'subscription_details',
              subscription_details: { subscription: sub.payment_provider_id, metadata: {} },
            },
          },
        },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
      });
    const base = Math.floor(Date.now() / 1000) + 7200 + counter * 10;
    const failed = invoiceEvent('invoice.payment_failed', base);
    expect((await postEvent(failed, sandbox.sign(failed))).status).toBe(200);
    expect((await subscriptionOf('trial'))?.status).toBe('PAST_DUE');
    const paid = invoiceEvent('invoice.paid', base + 1);
    expect((await postEvent(paid, sandbox.sign(paid))).status).toBe(200);
    expect((await subscriptionOf('trial'))?.status).toBe('ACTIVE');
    // A failure dated before the payment arrives late: it changes nothing.
    const late = invoiceEvent('invoice.payment_failed', base);
    expect(await (await postEvent(late, sandbox.sign(late))).json()).toMatchObject({
      outcome: 'stale',
    });
    expect((await subscriptionOf('trial'))?.status).toBe('ACTIVE');
  });
});

describe('billing portal scopes', () => {
  it('a vendor never opens another vendor’s portal; staff open the one they name', async () => {
    const companyVendorUuid = (await t.me('company')).vendorUuid;
    expect(
      await refusalOf(
        t
          .client(PaymentPortalService, 'vendor')
          .getCustomerPortalUrl({ vendor: companyVendorUuid }),
      ),
    ).toMatchObject({ code: Code.PermissionDenied });
    expect(
      await refusalOf(
        t
          .client(PaymentPortalService, 'vendor')
          .getCustomerPortalClientSecret({ vendor: companyVendorUuid }),
      ),
    ).toMatchObject({ code: Code.PermissionDenied });
    const staff = await t
      .client(PaymentPortalService, 'admin')
      .getCustomerPortalUrl({ vendor: companyVendorUuid });
    expect(staff.url).toMatch(/\/portal\/bps_/);
    const secret = await t.client(PaymentPortalService, 'vendor').getCustomerPortalClientSecret({});
    expect(secret.clientSecret).toMatch(/^cuss_secret_/);
  });
});

describe('the provider down or slow', () => {
  it('down: a clear Unavailable, no checkout written, and the next ask works', async () => {
    const before = (await sql`select * from checkout_session`.execute(db())).rows.length;
    sandbox.failNext(5, 500);
    expect(
      await refusalOf(
        t
          .client(SubscriptionService, 'vendor')
          .createCheckoutSession({ type: SubscriptionType.PREMIUM, interval: 'year' }),
      ),
    ).toEqual({ code: Code.Unavailable, reason: 'PAYMENT_PROVIDER_UNAVAILABLE' });
    expect((await sql`select * from checkout_session`.execute(db())).rows).toHaveLength(before);
    sandbox.failNext(0);
    const retried = await t
      .client(SubscriptionService, 'vendor')
      .createCheckoutSession({ type: SubscriptionType.PREMIUM, interval: 'year' });
    expect(retried.url).toMatch(/\/checkout\/cs_test_/);
  });

  it('slow: the call gives up after its time limit, nothing written', async () => {
    const before = (await sql`select * from checkout_session`.execute(db())).rows.length;
    sandbox.delayNext(4, 2_500);
    const started = Date.now();
    expect(
      await refusalOf(
        t
          .client(SubscriptionService, 'company')
          .createCheckoutSession({ type: SubscriptionType.STARTER, interval: 'month' }),
      ),
    ).toEqual({ code: Code.Unavailable, reason: 'PAYMENT_PROVIDER_UNAVAILABLE' });
    expect(Date.now() - started).toBeLessThan(8_000);
    expect((await sql`select * from checkout_session`.execute(db())).rows).toHaveLength(before);
    sandbox.delayNext(0, 0);
  });

  it('a refusal comes back as error_code', async () => {
    await sql`update vendor set payment_provider_customer_id = 'cus_unknown'
      where uuid = ${(await t.me('company')).vendorUuid}`.execute(db());
    const answer = await t.client(PaymentPortalService, 'company').getCustomerPortalUrl({});
    expect(answer).toMatchObject({ url: '', errorCode: 'resource_missing' });
  });
});

describe('the plan’s product limit', () => {
  it('refuses one product too many with a clear reason, and counts only products held', async () => {
    const vendor = (await t.me('vendor')).vendorUuid;
    const deposit = await t.client(DepositService, 'vendor').create({
      deposit: { name: `Limite ${++counter}`, vendor },
    });
    const held = async () =>
      (
        await sql<{ n: number }>`select count(*)::int as n from product p
          join deposit d on d.uuid = p.deposit where d.vendor = ${vendor}
          and p.sale_status::text in ('OFFLINE', 'READY', 'ONLINE', 'RESERVED')`.execute(db())
      ).rows[0]!.n;
    // vendor@ is on PRO (5,000 products): a negotiated limit of one more than held is set.
    await sql`update vendor set subscription_product_limit = ${(await held()) + 1}
      where uuid = ${vendor}`.execute(db());
    const create = (name: string, saleStatus = SaleStatus.OFFLINE) =>
      t.client(ProductService, 'vendor').create({
        product: { deposit: deposit.uuid, name, saleStatus, suggestedPrice: 10 },
      });
    await create('Dernier');
    expect(await refusalOf(create('De trop'))).toEqual({
      code: Code.ResourceExhausted,
      reason: 'PRODUCT_LIMIT_REACHED',
    });
    // Staff are not limited.
    await t.client(ProductService, 'admin').create({
      product: { deposit: deposit.uuid, name: 'Par l’équipe', suggestedPrice: 10 },
    });
    await sql`update vendor set subscription_product_limit = null where uuid = ${vendor}`.execute(
      db(),
    );
    await create('Sous la limite de la formule');
  });
});
