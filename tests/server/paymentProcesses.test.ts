import { Code } from '@connectrpc/connect';
import { sql } from 'kysely';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SANDBOX_BILLING,
  type BillingSettings,
} from '../../server/services/billing/billingSettings.ts';
import { PAYMENT_WEBHOOK_PATH } from '../../server/services/billing/paymentProvider.ts';
import { WAIT_FOR_CONFIRMATION_MS } from '../../server/services/billing/paymentProcesses.ts';
import { createPaymentSandbox, type PaymentSandbox } from '../../server/sandbox/paymentSandbox.ts';
import { StreamCode } from '../../src/rpc/gen/seconde/v1/common_pb.ts';
import {
  InvoiceCategory,
  InvoiceService,
  InvoiceStatus,
} from '../../src/rpc/gen/seconde/v1/invoice_pb.ts';
import {
  PaymentProcessService,
  PaymentStatus,
  type PaymentProcess,
} from '../../src/rpc/gen/seconde/v1/payment_process_pb.ts';
import { listenHttpDouble, type HttpDouble } from '../helpers/httpDouble.ts';
import { refusalOf, startTestServer, type TestServer } from '../helpers/testServer.ts';

const SECRET_KEY = 'sk_test_payment_processes';
const WEBHOOK_SECRET = 'whsec_payment_processes';

let t: TestServer;
let double: HttpDouble;
let sandbox: PaymentSandbox;
let serverUrl = '';
let vendorUuid = '';

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
    prices: [],
    pagesUrl: () => base,
    webhookUrl: () => `${serverUrl}${PAYMENT_WEBHOOK_PATH}`,
  });
  double = await listenHttpDouble((req, res) => sandbox.handle(req, res, req.url ?? '/'));
  base = double.base;
  t = await startTestServer({ demoProducts: 0, billing: billing(double.base) }, [
    'vendor',
    'company',
    'admin',
  ]);
  serverUrl = t.server.url;
  vendorUuid = (await t.me('vendor')).vendorUuid;
});

afterAll(async () => {
  await t?.close();
  await double?.close();
});

const processes = (who: 'vendor' | 'company' | 'admin') => t.client(PaymentProcessService, who);

async function ask(amountCents = 1250): Promise<PaymentProcess> {
  return processes('admin').requestPayment({
    vendor: vendorUuid,
    amountCents: BigInt(amountCents),
    description: 'Formation à la photo produit',
  });
}

/** Pays the checkout page as a browser does: the hosted page's form posted. */
async function payPage(url: string): Promise<void> {
  const answer = await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
  expect(answer.status).toBe(302);
  await sandbox.settled();
}

async function postEvent(payload: string, signature: string): Promise<Response> {
  return fetch(`${serverUrl}${PAYMENT_WEBHOOK_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
}

async function statusOf(uuid: string): Promise<string> {
  const { rows } = await sql<{ payment_status: string }>`
    select payment_status::text from payment_process where uuid = ${uuid}`.execute(t.server.db);
  return rows[0]!.payment_status;
}

/** Every step of a wait until the server ends it. */
async function waitSteps(uuid: string) {
  const steps = [];
  for await (const step of processes('vendor').waitForPaymentConfirmation({ uuid }))
    steps.push(step);
  return steps;
}

describe('asking a vendor to pay', () => {
  it('opens a one-off checkout page at the provider for the exact amount', async () => {
    const process = await ask(1250);
    expect(process.paymentStatus).toBe(PaymentStatus.NOT_STARTED);
    expect(process.vendor).toBe(vendorUuid);
    expect(process.amountCents).toBe(1250n);
    const session = sandbox.sessions.get(process.paymentProviderId)!;
    expect(session).toMatchObject({ mode: 'payment', amount_total: 1250, currency: 'eur' });
    expect(process.paymentUrl).toBe(session.url);
    const page = await (await fetch(process.paymentUrl)).text();
    expect(page).toContain('12,50 EUR');
  });

  it('refuses a vendor asking, and a zero amount', async () => {
    expect(
      await refusalOf(
        processes('vendor').requestPayment({
          vendor: vendorUuid,
          amountCents: 1000n,
          description: 'x',
        }),
      ),
    ).toMatchObject({ code: Code.PermissionDenied });
    expect(
      await refusalOf(
        processes('admin').requestPayment({
          vendor: vendorUuid,
          amountCents: 0n,
          description: 'x',
        }),
      ),
    ).toMatchObject({ code: Code.InvalidArgument });
  });

  it('writes nothing when the provider is down, and says so', async () => {
    const { rows: before } = await sql`select uuid from payment_process`.execute(t.server.db);
    sandbox.failNext(2, 503);
    expect(await refusalOf(ask())).toEqual({
      code: Code.Unavailable,
      reason: 'PAYMENT_PROVIDER_UNAVAILABLE',
    });
    const { rows: after } = await sql`select uuid from payment_process`.execute(t.server.db);
    expect(after.length).toBe(before.length);
  });
});

describe('scopes', () => {
  it('a vendor sees only their own payments; naming another vendor’s is refused', async () => {
    const process = await ask();
    const own = await processes('vendor').list({});
    expect(own.results.map((p) => p.uuid)).toContain(process.uuid);
    const other = await processes('company').list({});
    expect(other.results.map((p) => p.uuid)).not.toContain(process.uuid);
    // Each call starts only when the one before has been refused, so none is left unhandled.
    for (const call of [
      () => processes('company').retrieve({ uuid: process.uuid }),
      () => processes('company').refreshPaymentUrl({ uuid: process.uuid }),
      async () => {
        for await (const _ of processes('company').waitForPaymentConfirmation({
          uuid: process.uuid,
        }));
      },
    ])
      expect(await refusalOf(call())).toMatchObject({ code: Code.PermissionDenied });
    expect((await processes('vendor').retrieve({ uuid: process.uuid })).uuid).toBe(process.uuid);
  });
});

describe('the signed webhook', () => {
  it('completes the payment once paid on the hosted page; the wait ends with it', async () => {
    const process = await ask();
    const waiting = waitSteps(process.uuid);
    await expect.poll(() => sandbox.requests.length).toBeGreaterThan(0);
    await payPage(process.paymentUrl);
    const steps = await waiting;
    const last = steps.at(-1)!;
    expect(last.code).toBe(StreamCode.FINISH);
    expect(last.results[0]!.paymentStatus).toBe(PaymentStatus.COMPLETED);
    expect(last.results[0]!.paymentUrl).toBe('');
    expect(await statusOf(process.uuid)).toBe('COMPLETED');
    // A wait started after the payment ends at once.
    expect((await waitSteps(process.uuid)).map((s) => s.code)).toEqual([StreamCode.FINISH]);
  });

  it('refuses a bad signature and changes nothing', async () => {
    const process = await ask();
    const completed = {
      id: 'evt_forged',
      object: 'event',
      created: Math.floor(Date.now() / 1000),
      type: 'checkout.session.completed',
      data: {
        object: {
          id: process.paymentProviderId,
          object: 'checkout.session',
          mode: 'payment',
          payment_status: 'paid',
          metadata: { payment_process: process.uuid },
        },
      },
    };
    const payload = JSON.stringify(completed);
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' });
    const answer = await postEvent(payload, forged);
    expect(answer.status).toBe(400);
    expect(await statusOf(process.uuid)).toBe('NOT_STARTED');
  });

  it('applies a replayed event once', async () => {
    const process = await ask();
    await payPage(process.paymentUrl);
    const delivery = sandbox.deliveries.findLast(
      (d) => d.event.type === 'checkout.session.completed',
    )!;
    const { rows: before } = await sql<{ row_version: number }>`
      select row_version from payment_process where uuid = ${process.uuid}`.execute(t.server.db);
    const replay = await postEvent(delivery.payload, delivery.signature);
    expect(await replay.json()).toMatchObject({ outcome: 'replayed' });
    const { rows: after } = await sql<{ row_version: number }>`
      select row_version from payment_process where uuid = ${process.uuid}`.execute(t.server.db);
    expect(after[0]!.row_version).toBe(before[0]!.row_version);
  });

  it('skips an expiry dated before the completion that arrived first', async () => {
    const process = await ask();
    await payPage(process.paymentUrl);
    const completed = sandbox.deliveries.findLast(
      (d) => d.event.type === 'checkout.session.completed',
    )!;
    const late = {
      ...completed.event,
      id: `evt_late_${process.uuid}`,
      type: 'checkout.session.expired',
      created: Number(completed.event.created) - 60,
    };
    const payload = JSON.stringify(late);
    const answer = await postEvent(payload, sandbox.sign(payload));
    expect(await answer.json()).toMatchObject({ outcome: 'stale' });
    expect(await statusOf(process.uuid)).toBe('COMPLETED');
    // Even dated after, an expiry never takes a paid payment back.
    const later = { ...late, id: `evt_later_${process.uuid}`, created: late.created + 120 };
    const laterPayload = JSON.stringify(later);
    await postEvent(laterPayload, sandbox.sign(laterPayload));
    expect(await statusOf(process.uuid)).toBe('COMPLETED');
  });

  it('a refund of the charge marks the payment refunded', async () => {
    const process = await ask();
    await payPage(process.paymentUrl);
    const intent = String(sandbox.sessions.get(process.paymentProviderId)!.payment_intent);
    const refunded = {
      id: `evt_refund_${process.uuid}`,
      object: 'event',
      created: Math.floor(Date.now() / 1000) + 5,
      type: 'charge.refunded',
      data: { object: { id: 'ch_1', object: 'charge', payment_intent: intent, refunded: true } },
    };
    const payload = JSON.stringify(refunded);
    await postEvent(payload, sandbox.sign(payload));
    expect(await statusOf(process.uuid)).toBe('REFUNDED');
  });
});

describe('expiry', () => {
  it('the provider closing the page expires the payment, and the wait says so', async () => {
    const process = await ask();
    const stripe = new Stripe(SECRET_KEY, {
      host: new URL(double.base).hostname,
      port: new URL(double.base).port,
      protocol: 'http',
    });
    await stripe.checkout.sessions.expire(process.paymentProviderId);
    await sandbox.settled();
    expect(await statusOf(process.uuid)).toBe('EXPIRED');
    const steps = await waitSteps(process.uuid);
    expect(steps.map((s) => [s.code, s.message])).toEqual([[StreamCode.SPECIAL, 'EXPIRED']]);
    // A new page makes it payable again.
    const { paymentUrl } = await processes('vendor').refreshPaymentUrl({ uuid: process.uuid });
    expect(paymentUrl).not.toBe(process.paymentUrl);
    expect(await statusOf(process.uuid)).toBe('NOT_STARTED');
  });

  it('the wait ends with waitForConfirmationExpired after its delay; a new page starts it again', async () => {
    const process = await ask();
    await sql`update payment_process set last_session_created_datetime =
        ${new Date(Date.now() - WAIT_FOR_CONFIRMATION_MS - 1000)}
      where uuid = ${process.uuid}`.execute(t.server.db);
    const steps = await waitSteps(process.uuid);
    expect(steps.map((s) => [s.code, s.message])).toEqual([
      [StreamCode.SPECIAL, 'waitForConfirmationExpired'],
    ]);
    expect(steps[0]!.results[0]!.waitForConfirmationExpired).toBe(true);
    const { paymentUrl } = await processes('vendor').refreshPaymentUrl({ uuid: process.uuid });
    const fresh = await processes('vendor').retrieve({ uuid: process.uuid });
    expect(fresh.waitForConfirmationExpired).toBe(false);
    expect(fresh.paymentUrl).toBe(paymentUrl);
    // The page opened before is closed at the provider, and its expiry changes nothing here.
    expect(sandbox.sessions.get(process.paymentProviderId)!.status).toBe('expired');
    await sandbox.settled();
    expect(await statusOf(process.uuid)).toBe('NOT_STARTED');
    // Paying the new page completes it.
    await payPage(paymentUrl);
    expect(await statusOf(process.uuid)).toBe('COMPLETED');
    expect(
      await refusalOf(processes('vendor').refreshPaymentUrl({ uuid: process.uuid })),
    ).toMatchObject({ code: Code.FailedPrecondition, reason: 'PAYMENT_ALREADY_SETTLED' });
  });
});

describe('the provider’s invoices of a subscription', () => {
  const invoiceEvent = (type: string, id: string, created: number, paid: boolean) => ({
    id: `evt_${type}_${id}_${created}`,
    object: 'event',
    created,
    type,
    data: {
      object: {
        id,
        object: 'invoice',
        customer: 'cus_invoices_vendor',
        status: paid ? 'paid' : 'open',
        number: `INV-${id.slice(-4)}`,
        total: 4900,
        amount_due: 4900,
        amount_paid: paid ? 4900 : 0,
        currency: 'eur',
        created: created - 10,
        period_start: created - 10,
        period_end: created - 10,
        hosted_invoice_url: `https://invoice.stripe.example/i/${id}`,
        invoice_pdf: `https://pay.stripe.example/invoice/${id}/pdf`,
        status_transitions: { paid_at: paid ? created : null },
        parent: { type: 'subscription_details', subscription_details: { subscription: null } },
      },
    },
  });
  const send = async (event: object) => {
    const payload = JSON.stringify(event);
    return (await postEvent(payload, sandbox.sign(payload))).json();
  };
  const listed = async (who: 'vendor' | 'company', id: string) =>
    (
      await t.client(InvoiceService, who).list({ categories: [InvoiceCategory.PROVIDER_INVOICE] })
    ).results.filter((i) => i.paymentProviderId === id);

  beforeAll(async () => {
    await sql`update vendor set payment_provider_customer_id = 'cus_invoices_vendor'
      where uuid = ${vendorUuid}`.execute(t.server.db);
  });

  it('lists a finalized then paid invoice once, with its hosted page and PDF', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect(await send(invoiceEvent('invoice.finalized', 'in_test_0001', now, false))).toMatchObject(
      { outcome: 'applied' },
    );
    let rows = await listed('vendor', 'in_test_0001');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      category: InvoiceCategory.PROVIDER_INVOICE,
      invoiceStatus: InvoiceStatus.NOT_PAYED,
      fullInvoiceNumber: 'INV-0001',
      totalPrice: 49,
      paymentProviderHostedUrl: 'https://invoice.stripe.example/i/in_test_0001',
      paymentProviderPdfUrl: 'https://pay.stripe.example/invoice/in_test_0001/pdf',
    });
    const paid = invoiceEvent('invoice.paid', 'in_test_0001', now + 5, true);
    await send(paid);
    // Replayed: nothing changes.
    expect(await send(paid)).toMatchObject({ outcome: 'replayed' });
    rows = await listed('vendor', 'in_test_0001');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.invoiceStatus).toBe(InvoiceStatus.PAYED);
    // Another vendor never sees it.
    expect(await listed('company', 'in_test_0001')).toEqual([]);
  });

  it('a finalized event arriving after the payment leaves the invoice paid', async () => {
    const now = Math.floor(Date.now() / 1000);
    await send(invoiceEvent('invoice.paid', 'in_test_0002', now, true));
    await send(invoiceEvent('invoice.finalized', 'in_test_0002', now - 5, false));
    const rows = await listed('vendor', 'in_test_0002');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.invoiceStatus).toBe(InvoiceStatus.PAYED);
  });
});
