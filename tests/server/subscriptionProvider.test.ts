import { Code } from '@connectrpc/connect';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_WINDOW_MS } from '../../server/services/billing/billingCalls.ts';
import { ProductFamily } from '../../src/rpc/gen/seconde/v1/category_pb.ts';
import { DepositService, DepositStatus } from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { PaymentPortalService } from '../../src/rpc/gen/seconde/v1/payment_portal_pb.ts';
import {
  SubscriptionService,
  SubscriptionType,
} from '../../src/rpc/gen/seconde/v1/subscription_pb.ts';
import { startPaymentSandbox, type TestPaymentSandbox } from '../helpers/paymentSandbox.ts';
import { refusalOf, startTestServer, type TestServer } from '../helpers/testServer.ts';

const DAY = 86_400;

let t: TestServer;
let payments: TestPaymentSandbox;
let serverUrl = '';

beforeAll(async () => {
  payments = await startPaymentSandbox('subscription_provider', () => serverUrl);
  const billing = { ...payments.billing, timeoutMs: 1_000 };
  // The server's clock starts at the beginning of an idempotency window, so the retry below
  // always falls in the same window as the first ask, whenever the run happens.
  const shift = Date.now() % CHECKOUT_WINDOW_MS;
  const clock = () => new Date(Date.now() - shift);
  t = await startTestServer({ demoProducts: 0, billing, clock }, ['vendor', 'company', 'admin']);
  serverUrl = t.server.url;
});

afterAll(async () => {
  await t?.close();
  await payments?.double.close();
});

async function planOf(who: 'vendor' | 'company') {
  const vendor = (await t.me(who)).vendorUuid;
  const { rows } = await sql<{ status: string; type: string; end: Date }>`
    select s.status::text as status, s.type::text as type, s.current_period_end as end
    from vendor v join subscription s on s.uuid = v.subscription
    where v.uuid = ${vendor}`.execute(t.server.db);
  return rows[0];
}

describe('a slow provider, retried later', () => {
  it('gives up, writes nothing, and the retry gets the session the provider made meanwhile', async () => {
    const client = t.client(SubscriptionService, 'company');
    const ask = () =>
      client.createCheckoutSession({ type: SubscriptionType.PRO, interval: 'year' });
    const rows = async () =>
      (await sql`select * from checkout_session`.execute(t.server.db)).rows.length;
    // The customer is made first; then the session call answers too late (and its network retry).
    await t.client(PaymentPortalService, 'company').getCustomerPortalUrl({});
    payments.sandbox.delayNext(2, 1_800);
    expect(await refusalOf(ask())).toEqual({
      code: Code.Unavailable,
      reason: 'PAYMENT_PROVIDER_UNAVAILABLE',
    });
    expect(await rows()).toBe(0);
    // The provider did make the session; the retry's idempotency key finds it again.
    await expect.poll(() => payments.sandbox.sessions.size, { timeout: 10_000 }).toBe(1);
    const retried = await ask();
    expect(retried.sessionId).toBe([...payments.sandbox.sessions.keys()][0]);
    expect(payments.sandbox.sessions.size).toBe(1);
    expect(await rows()).toBe(1);
  });
});

describe('the sandbox test clock', () => {
  it('renews a running plan and ends one cancelled at period end, which keeps refusal 5', async () => {
    for (const who of ['vendor', 'company'] as const) {
      const { url } = await t.client(PaymentPortalService, who).getCustomerPortalUrl({});
      const price = who === 'vendor' ? 'price_pro_month' : 'price_essential_month';
      await fetch(`${url}/subscribe`, {
        method: 'POST',
        body: new URLSearchParams({ price }),
        redirect: 'manual',
      });
    }
    await payments.sandbox.settled();
    expect(await planOf('vendor')).toMatchObject({ status: 'ACTIVE', type: 'PRO' });
    const before = (await planOf('company'))!.end;
    const vendorSub = [...payments.sandbox.subscriptions.values()].find(
      (s) =>
        (s.items as { data: { price: { id: string } }[] }).data[0]!.price.id === 'price_pro_month',
    )!;
    const portal = await t.client(PaymentPortalService, 'vendor').getCustomerPortalUrl({});
    await fetch(`${portal.url}/update`, {
      method: 'POST',
      body: new URLSearchParams({ subscription: vendorSub.id, action: 'cancel' }),
      redirect: 'manual',
    });

    payments.sandbox.advanceClock(32 * DAY);
    await payments.sandbox.settled();
    expect(await planOf('vendor')).toMatchObject({ status: 'CANCELED', type: 'PRO' });
    const company = await planOf('company');
    expect(company).toMatchObject({ status: 'ACTIVE', type: 'ESSENTIAL' });
    expect(company!.end.getTime()).toBeGreaterThan(before.getTime() + 25 * DAY * 1000);
    const events = payments.sandbox.deliveries.map((d) => d.event.type);
    expect(events).toContain('customer.subscription.deleted');
    expect(payments.sandbox.deliveries.every((d) => d.status === 200)).toBe(true);

    const deposit = await t.client(DepositService, 'admin').create({
      deposit: {
        name: `Horloge ${Date.now()}`,
        status: DepositStatus.WAITING_FOR_VENDOR,
        customerPostalCode: '75018',
        family: ProductFamily.MIXED,
        customerAcceptSendPostal: true,
        isCreatedByPublicForm: true,
      },
    });
    expect(
      await refusalOf(t.client(DepositService, 'vendor').wantDeposit({ uuid: deposit.uuid })),
    ).toMatchObject({ reason: 'SUBSCRIPTION_CANCELLED_AT_PERIOD_END' });
  });
});

describe('upgrade and downgrade with proration', () => {
  it('previews the prorated amount, then moves the running plan and invoices it at once', async () => {
    const client = t.client(SubscriptionService, 'company');
    expect(
      (await client.previewPlanChange({ type: SubscriptionType.ESSENTIAL, interval: 'month' }))
        .errorCode,
    ).toBe('SAME_PLAN');
    expect(
      (
        await t
          .client(SubscriptionService, 'vendor')
          .previewPlanChange({ type: SubscriptionType.PRO, interval: 'month' })
      ).errorCode,
    ).toBe('NO_RUNNING_PLAN');

    const preview = await client.previewPlanChange({
      type: SubscriptionType.PRO,
      interval: 'month',
    });
    expect(preview.errorCode).toBeUndefined();
    // Stripe's proration: unused Essential time credited, the rest of the period charged on Pro.
    const sub = [...payments.sandbox.subscriptions.values()].find((s) => s.status === 'active')!;
    const item = (sub.items as { data: Record<string, number>[] }).data[0]!;
    const left =
      (item.current_period_end! - Number(preview.prorationDate)) /
      (item.current_period_end! - item.current_period_start!);
    const expected = Math.round(4900 * left) - Math.round(2900 * left);
    expect(Number(preview.prorationCents)).toBe(expected);
    expect(Number(preview.amountDueCents)).toBe(expected);
    expect(expected).toBeGreaterThan(0);
    expect(expected).toBeLessThan(2000);

    const paid = payments.sandbox.deliveries.length;
    const changed = await client.changePlan({
      type: SubscriptionType.PRO,
      interval: 'month',
      prorationDate: preview.prorationDate,
    });
    expect(changed.errorCode).toBeUndefined();
    await payments.sandbox.settled();
    expect(await planOf('company')).toMatchObject({ status: 'ACTIVE', type: 'PRO' });
    const invoice = payments.sandbox.deliveries
      .slice(paid)
      .find((d) => d.event.type === 'invoice.paid');
    expect((invoice?.event.data as { object: { amount_paid: number } }).object.amount_paid).toBe(
      expected,
    );

    // Back down: the credit is larger than the charge, nothing is due now.
    const down = await client.previewPlanChange({
      type: SubscriptionType.STARTER,
      interval: 'month',
    });
    expect(Number(down.prorationCents)).toBeLessThan(0);
    expect(down.amountDueCents).toBe(0n);
  });
});
