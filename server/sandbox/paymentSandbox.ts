import { createHmac, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import {
  escapeHtml,
  headersOf,
  json,
  readBody,
  redirect,
  type SandboxHandler,
} from './sandboxHttp.ts';
import { couponBook, type SandboxCoupon } from './paymentSandboxCoupons.ts';
import { paymentMode } from './paymentSandboxPayments.ts';

/** A price the sandbox sells: what the provider's dashboard would hold. */
export interface SandboxPrice {
  readonly id: string;
  readonly unitAmount: number;
  readonly currency: string;
  readonly interval: 'month' | 'year';
  readonly name: string;
}

export interface PaymentSandboxOptions {
  readonly secretKey: string;
  readonly webhookSecret: string;
  readonly prices: readonly SandboxPrice[];
  /** Where the sandbox's pages (checkout, billing portal) are seen by a browser. */
  readonly pagesUrl: () => string;
  /** The webhook endpoint events are posted to (the provider's dashboard setting). */
  readonly webhookUrl: () => string;
  /** The sandbox's clock; tests move it to date events. */
  readonly clock?: () => Date;
  /** Coupons and their promotion codes set up in the provider's dashboard. */
  readonly coupons?: readonly SandboxCoupon[];
}

type Obj = Record<string, unknown> & { id: string };

/** An event as sent, with the signature header and the status the endpoint answered. */
export interface SandboxDelivery {
  readonly event: Obj;
  readonly payload: string;
  readonly signature: string;
  status: number;
}

export interface PaymentSandbox {
  readonly handle: SandboxHandler;
  readonly customers: Map<string, Obj>;
  readonly sessions: Map<string, Obj>;
  readonly subscriptions: Map<string, Obj>;
  readonly deliveries: SandboxDelivery[];
  /** Every API request received, in order (method and path). */
  readonly requests: { method: string; path: string; idempotencyKey: string | undefined }[];
  /** The next `count` API calls answer `status` with an api_error. */
  failNext(count: number, status?: number): void;
  /** The next `count` API calls wait `ms` before answering. */
  delayNext(count: number, ms: number): void;
  /** Pays an open checkout session as the hosted page's button does. */
  completeCheckout(sessionId: string): Promise<Obj>;
  /**
   * Moves the sandbox's test clock forward (as Stripe's test clocks do): periods that end renew
   * and are paid, a plan cancelled at period end is deleted, a trial that ends turns active.
   */
  advanceClock(seconds: number): void;
  /** Signs a payload with the webhook secret, as the Stripe-Signature header carries it. */
  sign(payload: string, timestamp?: number): string;
  /** Resolves once every event sent so far has been answered. */
  settled(): Promise<void>;
}

/**
 * Stripe's form encoding (`line_items[0][price]=…`, `metadata[vendor]=…`) read back into objects
 * and arrays, the way the API documents its parameters.
 */
export function parseStripeForm(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Record<string, unknown> = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
        return;
      }
      const next = parts[i + 1]!;
      node[part] ??= /^\d+$/.test(next) ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return out;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

function apiError(
  res: ServerResponse,
  status: number,
  type: string,
  message: string,
  code?: string,
) {
  json(res, status, { error: { type, message, ...(code && { code }) } });
}

function page(res: ServerResponse, title: string, body: string): void {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:34rem;margin:2rem auto;padding:0 1rem}
button{font-size:1rem;padding:.6rem 1.2rem;margin:.3rem .5rem .3rem 0}label{display:block;margin:.6rem 0}
input{font-size:1rem;padding:.4rem;width:100%}.muted{color:#666}</style></head>
<body><main>${body}</main></body></html>`);
}

const euros = (cents: number, currency: string) =>
  `${(cents / 100).toFixed(2).replace('.', ',')} ${currency.toUpperCase()}`;

/**
 * A stand-in for Stripe speaking its documented wire format: form-encoded requests with a bearer
 * secret key and Idempotency-Key, JSON objects with `object` and prefixed ids. It answers the calls
 * Seconde makes (customers, checkout sessions, billing portal and customer sessions, subscription
 * retrieve and update), serves a hosted checkout page and a billing portal page a browser can click
 * through, and posts signed events (Stripe-Signature `t=…,v1=…`) to the webhook endpoint: a
 * subscription created, updated or deleted, an invoice paid or failed.
 */
export function createPaymentSandbox(options: PaymentSandboxOptions): PaymentSandbox {
  const baseClock = options.clock ?? (() => new Date());
  let clockOffsetMs = 0;
  const clock = () => new Date(baseClock().getTime() + clockOffsetMs);
  const seconds = () => Math.floor(clock().getTime() / 1000);
  const customers = new Map<string, Obj>();
  const sessions = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const portals = new Map<string, Obj>();
  const idempotent = new Map<string, { params: string; status: number; body: unknown }>();
  const deliveries: SandboxDelivery[] = [];
  const requests: PaymentSandbox['requests'] = [];
  const failure = { count: 0, status: 500 };
  const delay = { count: 0, ms: 0 };
  let queue: Promise<void> = Promise.resolve();

  const sign = (payload: string, timestamp = seconds()) =>
    `t=${timestamp},v1=${createHmac('sha256', options.webhookSecret)
      .update(`${timestamp}.${payload}`)
      .digest('hex')}`;

  function send(type: string, object: Obj, previous?: Record<string, unknown>): void {
    const event: Obj = {
      id: id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: seconds(),
      data: { object: structuredClone(object), ...(previous && { previous_attributes: previous }) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    const payload = JSON.stringify(event, null, 2);
    const delivery: SandboxDelivery = { event, payload, signature: sign(payload), status: 0 };
    deliveries.push(delivery);
    // One at a time and in order, as an endpoint sees them when nothing is retried.
    queue = queue.then(async () => {
      const response = await fetch(options.webhookUrl(), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      }).catch(() => undefined);
      delivery.status = response?.status ?? 0;
      await response?.body?.cancel();
    });
  }

  const priceOf = (priceId: unknown) => options.prices.find((p) => p.id === priceId);
  const book = couponBook(seconds, options.coupons);
  // One-off payments (Checkout mode=payment) live in their own file.
  const payments = paymentMode({
    sessions,
    send,
    seconds,
    pagesUrl: options.pagesUrl,
    page,
    publicSession,
  });

  /** An invoice as the provider tells it: finalized first, then paid. */
  function sendPaidInvoice(invoice: Obj): void {
    send('invoice.finalized', { ...invoice, status: 'open', amount_paid: 0 });
    send('invoice.paid', invoice);
  }

  function priceObject(price: SandboxPrice): Obj {
    return {
      id: price.id,
      object: 'price',
      active: true,
      currency: price.currency,
      unit_amount: price.unitAmount,
      recurring: { interval: price.interval, interval_count: 1 },
      product: `prod_${price.id.replace(/^price_/, '')}`,
      nickname: price.name,
      type: 'recurring',
    };
  }

  function periodEnd(start: number, interval: 'month' | 'year'): number {
    const date = new Date(start * 1000);
    if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + 1);
    else date.setUTCMonth(date.getUTCMonth() + 1);
    return Math.floor(date.getTime() / 1000);
  }

  function invoiceFor(sub: Obj, amount: number, status: 'paid' | 'open'): Obj {
    const number = `SBX-${String(deliveries.length + 1).padStart(4, '0')}`;
    const discounted = book.invoiceFields(sub, amount);
    const invoice: Obj = {
      id: id('in'),
      object: 'invoice',
      customer: sub.customer,
      ...discounted,
      amount_paid: status === 'paid' ? discounted.amount_due : 0,
      currency: sub.currency,
      status,
      number,
      created: seconds(),
      hosted_invoice_url: `${options.pagesUrl()}/invoice/${number}`,
      invoice_pdf: `${options.pagesUrl()}/invoice/${number}/pdf`,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: sub.id, metadata: sub.metadata },
      },
    };
    return invoice;
  }

  function createSubscription(session: Obj): Obj {
    const price = priceOf(session.price_id)!;
    const now = seconds();
    const trialEnd = Number((session.subscription_data as Record<string, unknown>)?.trial_end ?? 0);
    const trialDays = Number(
      (session.subscription_data as Record<string, unknown>)?.trial_period_days ?? 0,
    );
    const trialUntil = trialEnd > now ? trialEnd : trialDays > 0 ? now + trialDays * 86_400 : 0;
    const sub: Obj = {
      id: id('sub'),
      object: 'subscription',
      customer: session.customer,
      status: trialUntil ? 'trialing' : 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      created: now,
      start_date: now,
      currency: price.currency,
      trial_start: trialUntil ? now : null,
      trial_end: trialUntil || null,
      metadata: (session.subscription_data as Record<string, unknown>)?.metadata ?? {},
      items: {
        object: 'list',
        data: [
          {
            id: id('si'),
            object: 'subscription_item',
            price: priceObject(price),
            quantity: 1,
            current_period_start: now,
            current_period_end: trialUntil || periodEnd(now, price.interval),
          },
        ],
        has_more: false,
      },
      livemode: false,
    };
    sub.discounts = book.redeem(session, sub.id, session.customer);
    subscriptions.set(sub.id, sub);
    send('customer.subscription.created', sub);
    sendPaidInvoice(invoiceFor(sub, trialUntil ? 0 : price.unitAmount, 'paid'));
    return sub;
  }

  /** What the test clock does to one subscription when time passes its period's end. */
  function rollOver(sub: Obj, now: number): void {
    if (sub.status === 'canceled' || sub.status === 'incomplete_expired') return;
    const item = (sub.items as { data: Record<string, unknown>[] }).data[0]!;
    let end = Number(item.current_period_end);
    if (end > now) return;
    if (sub.cancel_at_period_end) {
      Object.assign(sub, {
        status: 'canceled',
        ended_at: end,
        canceled_at: sub.canceled_at ?? end,
      });
      send('customer.subscription.deleted', sub);
      return;
    }
    const price = priceOf((item.price as Obj).id)!;
    let start = end;
    while (end <= now) {
      start = end;
      end = periodEnd(end, price.interval);
    }
    const previous = { status: sub.status, items: structuredClone(sub.items) };
    Object.assign(item, { current_period_start: start, current_period_end: end });
    if (sub.status === 'trialing') sub.status = 'active';
    send('customer.subscription.updated', sub, previous);
    send('invoice.paid', invoiceFor(sub, price.unitAmount, 'paid'));
  }

  function advanceClock(by: number): void {
    clockOffsetMs += by * 1000;
    const now = seconds();
    for (const sub of subscriptions.values()) rollOver(sub, now);
  }

  async function completeCheckout(sessionId: string): Promise<Obj> {
    const session = sessions.get(sessionId);
    if (!session || session.status !== 'open') throw new Error(`${sessionId} is not open`);
    const sub = createSubscription(session);
    Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: sub.id });
    return session;
  }

  function updateSubscription(sub: Obj, params: Record<string, unknown>): Obj {
    const previous: Record<string, unknown> = {};
    const item = (sub.items as { data: Record<string, unknown>[] }).data[0]!;
    if (params.trial_end === 'now' && sub.status === 'trialing') {
      const price = priceOf((item.price as Obj).id)!;
      const now = seconds();
      Object.assign(previous, { status: sub.status, trial_end: sub.trial_end });
      Object.assign(sub, { status: 'active', trial_end: now });
      Object.assign(item, {
        current_period_start: now,
        current_period_end: periodEnd(now, price.interval),
      });
      send('customer.subscription.updated', sub, previous);
      sendPaidInvoice(invoiceFor(sub, price.unitAmount, 'paid'));
      return sub;
    }
    const items = params.items as Record<string, unknown>[] | undefined;
    const newPrice = priceOf(items?.[0]?.price);
    if (newPrice && newPrice.id !== (item.price as Obj).id) {
      const at = Number(params.proration_date ?? seconds());
      const lines = prorationLines(sub, newPrice, at);
      previous.items = structuredClone(sub.items);
      item.price = priceObject(newPrice);
      if (params.proration_behavior === 'always_invoice') {
        const total = lines.reduce((sum, l) => sum + Number(l.amount), 0);
        send('customer.subscription.updated', sub, previous);
        send('invoice.paid', invoiceFor(sub, Math.max(0, total), 'paid'));
        return sub;
      }
    }
    if (params.cancel_at_period_end !== undefined) {
      previous.cancel_at_period_end = sub.cancel_at_period_end;
      const cancel = params.cancel_at_period_end === 'true';
      Object.assign(sub, {
        cancel_at_period_end: cancel,
        cancel_at: cancel ? item.current_period_end : null,
        canceled_at: cancel ? seconds() : null,
      });
    }
    send('customer.subscription.updated', sub, previous);
    return sub;
  }

  /**
   * Stripe's proration of a price change at `at`: a credit line for the unused time of the current
   * price and a charge line for the rest of the period on the new one, each rounded to the cent.
   */
  function prorationLines(sub: Obj, newPrice: SandboxPrice, at: number): Obj[] {
    const item = (sub.items as { data: Record<string, unknown>[] }).data[0]!;
    const old = priceOf((item.price as Obj).id)!;
    const start = Number(item.current_period_start);
    const end = Number(item.current_period_end);
    const left = Math.min(1, Math.max(0, (end - at) / (end - start)));
    const line = (price: SandboxPrice, sign: 1 | -1, what: string): Obj => ({
      id: id('il'),
      object: 'line_item',
      amount: sign * Math.round(price.unitAmount * left),
      currency: price.currency,
      description: `${what} ${price.name}`,
      period: { start: at, end },
      pricing: { price_details: { price: price.id } },
      parent: {
        type: 'subscription_item_details',
        subscription_item_details: { subscription: sub.id, proration: true },
      },
    });
    return [line(old, -1, 'Temps non utilisé sur'), line(newPrice, 1, 'Temps restant sur')];
  }

  /** The API under /v1, as the official library calls it. */
  async function api(
    method: string,
    path: string,
    params: Record<string, unknown>,
    res: ServerResponse,
  ) {
    const parts = path.split('/').filter(Boolean);
    if (payments.api(method, parts, params, res)) return;
    if (book.api(method, parts, params, res)) return;
    if (method === 'POST' && path === '/v1/customers') {
      const customer: Obj = {
        id: id('cus'),
        object: 'customer',
        email: params.email ?? null,
        name: params.name ?? null,
        metadata: params.metadata ?? {},
        created: seconds(),
        livemode: false,
      };
      customers.set(customer.id, customer);
      return json(res, 200, customer);
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const items = (params.line_items as Record<string, unknown>[] | undefined) ?? [];
      const price = priceOf(items[0]?.price);
      if (!price)
        return apiError(
          res,
          400,
          'invalid_request_error',
          `No such price: '${String(items[0]?.price)}'`,
          'resource_missing',
        );
      if (params.customer && !customers.has(String(params.customer)))
        return apiError(
          res,
          400,
          'invalid_request_error',
          `No such customer: '${String(params.customer)}'`,
          'resource_missing',
        );
      if (params.mode !== 'subscription' || !params.success_url)
        return apiError(
          res,
          400,
          'invalid_request_error',
          'mode=subscription and success_url are required',
          'parameter_missing',
        );
      const discount = book.checkoutDiscount(params, res);
      if (discount === undefined) return;
      const sessionId = `cs_test_${randomBytes(24).toString('hex')}`;
      const session: Obj = {
        id: sessionId,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'open',
        payment_status: 'unpaid',
        customer: params.customer ?? null,
        client_reference_id: params.client_reference_id ?? null,
        subscription: null,
        success_url: params.success_url,
        cancel_url: params.cancel_url ?? null,
        metadata: params.metadata ?? {},
        subscription_data: params.subscription_data ?? {},
        price_id: price.id,
        ...book.sessionFields(discount, price.unitAmount),
        currency: price.currency,
        created: seconds(),
        expires_at: seconds() + 24 * 3600,
        url: `${options.pagesUrl()}/checkout/${sessionId}`,
        livemode: false,
      };
      sessions.set(sessionId, session);
      return json(res, 200, publicSession(session));
    }
    if (method === 'GET' && parts[1] === 'checkout' && parts[2] === 'sessions' && parts[3]) {
      const session = sessions.get(parts[3]);
      if (!session)
        return apiError(
          res,
          404,
          'invalid_request_error',
          `No such checkout.session: '${parts[3]}'`,
          'resource_missing',
        );
      return json(res, 200, publicSession(session));
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const customer = customers.get(String(params.customer));
      if (!customer)
        return apiError(
          res,
          400,
          'invalid_request_error',
          `No such customer: '${String(params.customer)}'`,
          'resource_missing',
        );
      const portal: Obj = {
        id: id('bps'),
        object: 'billing_portal.session',
        customer: customer.id,
        return_url: params.return_url ?? null,
        created: seconds(),
        livemode: false,
        url: '',
      };
      portal.url = `${options.pagesUrl()}/portal/${portal.id}`;
      portals.set(portal.id, portal);
      return json(res, 200, portal);
    }
    if (method === 'POST' && path === '/v1/customer_sessions') {
      if (!customers.has(String(params.customer)))
        return apiError(
          res,
          400,
          'invalid_request_error',
          `No such customer: '${String(params.customer)}'`,
          'resource_missing',
        );
      return json(res, 200, {
        object: 'customer_session',
        client_secret: `cuss_secret_${randomBytes(16).toString('hex')}`,
        customer: params.customer,
        components: params.components ?? {},
        created: seconds(),
        expires_at: seconds() + 1800,
        livemode: false,
      });
    }
    if (method === 'POST' && path === '/v1/invoices/create_preview') {
      const sub = subscriptions.get(String(params.subscription));
      const details = (params.subscription_details ?? {}) as Record<string, unknown>;
      const items = (details.items ?? []) as Record<string, unknown>[];
      const price = priceOf(items[0]?.price);
      if (!sub || !price)
        return apiError(
          res,
          400,
          'invalid_request_error',
          `No such ${sub ? 'price' : 'subscription'}: '${String(sub ? items[0]?.price : params.subscription)}'`,
          'resource_missing',
        );
      const at = Number(details.proration_date ?? seconds());
      const lines = prorationLines(sub, price, at);
      const total = lines.reduce((sum, l) => sum + Number(l.amount), 0);
      const discounted = book.invoiceFields(sub, total, true);
      return json(res, 200, {
        id: null,
        object: 'invoice',
        customer: sub.customer,
        currency: price.currency,
        ...discounted,
        amount_due: Math.max(0, discounted.total),
        lines: { object: 'list', data: lines, has_more: false },
        parent: {
          type: 'subscription_details',
          subscription_details: { subscription: sub.id, metadata: sub.metadata },
        },
        livemode: false,
      });
    }
    if (parts[1] === 'subscriptions' && parts[2]) {
      const sub = subscriptions.get(parts[2]);
      if (!sub)
        return apiError(
          res,
          404,
          'invalid_request_error',
          `No such subscription: '${parts[2]}'`,
          'resource_missing',
        );
      if (method === 'GET') return json(res, 200, book.expanded(sub, params.expand));
      if (method === 'POST') {
        if (params.discounts !== undefined) {
          const before = sub.discounts;
          if (!book.replaceDiscounts(sub, params.discounts, res)) return;
          // Only a discount change: told as an update of its own.
          if (Object.keys(params).every((k) => k === 'discounts' || k === 'metadata')) {
            send('customer.subscription.updated', sub, { discounts: before });
            return json(res, 200, book.expanded(sub, params.expand));
          }
        }
        return json(res, 200, updateSubscription(sub, params));
      }
    }
    return apiError(
      res,
      404,
      'invalid_request_error',
      `Unrecognized request URL (${method}: ${path}).`,
    );
  }

  function publicSession(session: Obj): Obj {
    const { price_id: _price, subscription_data: _data, ...rest } = session;
    return rest as Obj;
  }

  function checkoutPage(res: ServerResponse, session: Obj): void {
    const price = priceOf(session.price_id)!;
    const customer = customers.get(String(session.customer));
    const data = session.subscription_data as Record<string, unknown>;
    const trial = data.trial_end || data.trial_period_days;
    if (session.status !== 'open')
      return page(res, 'Paiement (sandbox)', `<h1>Cette session de paiement est terminée</h1>`);
    page(
      res,
      `Paiement : ${price.name} (sandbox)`,
      `<p class="muted">Paiement d’essai (sandbox) : aucune carte n’est débitée.</p>
<h1>S’abonner à ${escapeHtml(price.name)}</h1>
<p data-testid="checkout-amount">${euros(price.unitAmount, price.currency)} par ${price.interval === 'year' ? 'an' : 'mois'}</p>
${
  Number((session.total_details as Obj | undefined)?.amount_discount ?? 0) > 0
    ? `<p data-testid="checkout-discount">Réduction ${escapeHtml(String((session.discounts as { coupon: string }[])[0]?.coupon))} : −${euros(Number((session.total_details as Obj).amount_discount), price.currency)}, soit ${euros(Number(session.amount_total), price.currency)}</p>`
    : ''
}
${trial ? '<p>Période d’essai gratuite : le premier paiement a lieu à la fin de l’essai.</p>' : ''}
<form method="post" action="./${escapeHtml(session.id)}/pay">
<label>E-mail<input name="email" value="${escapeHtml(String(customer?.email ?? ''))}" readonly></label>
<label>Numéro de carte<input name="card" value="4242 4242 4242 4242" autocomplete="off"></label>
<button type="submit">S’abonner</button>
</form>
${session.cancel_url ? `<p><a href="${escapeHtml(String(session.cancel_url))}">Retour</a></p>` : ''}`,
    );
  }

  function portalPage(res: ServerResponse, portal: Obj): void {
    const subs = [...subscriptions.values()].filter((s) => s.customer === portal.customer);
    const rows = subs
      .map((s) => {
        const item = (s.items as { data: Record<string, unknown>[] }).data[0]!;
        const price = item.price as Obj;
        const end = new Date(Number(item.current_period_end) * 1000).toLocaleDateString('fr-FR');
        const action =
          s.status === 'canceled'
            ? ''
            : s.cancel_at_period_end
              ? `<button name="action" value="renew">Renouveler l’abonnement</button>`
              : `<button name="action" value="cancel">Annuler l’abonnement</button>`;
        return `<li data-testid="portal-subscription"><strong>${escapeHtml(String(price.nickname))}</strong>
: ${escapeHtml(String(s.status))}${s.cancel_at_period_end ? `, se termine le ${end}` : `, renouvelé le ${end}`}
<form method="post" action="./${escapeHtml(portal.id)}/update" style="display:inline">
<input type="hidden" name="subscription" value="${escapeHtml(s.id)}">${action}</form></li>`;
      })
      .join('');
    const live = subs.some((s) => s.status !== 'canceled' && s.status !== 'incomplete_expired');
    // Stripe's pricing table (the customer session's component) for a customer with no live plan.
    const table = live
      ? ''
      : `<h2>Choisir une formule</h2><ul>${options.prices
          .filter((p) => p.unitAmount > 0)
          .map(
            (
              p,
            ) => `<li data-testid="portal-price">${escapeHtml(p.name)} : ${euros(p.unitAmount, p.currency)}
<form method="post" action="./${escapeHtml(portal.id)}/subscribe" style="display:inline">
<input type="hidden" name="price" value="${escapeHtml(p.id)}">
<button aria-label="S’abonner à ${escapeHtml(p.name)}">Payer et s’abonner</button></form></li>`,
          )
          .join('')}</ul>`;
    page(
      res,
      'Facturation (sandbox)',
      `<p class="muted">Portail de facturation d’essai (sandbox).</p><h1>Votre abonnement</h1>
${rows ? `<ul>${rows}</ul>` : '<p>Aucun abonnement.</p>'}${table}
${portal.return_url ? `<p><a href="${escapeHtml(String(portal.return_url))}">Retour à Seconde</a></p>` : ''}`,
    );
  }

  const handle: SandboxHandler = async (req, res, pathAndQuery) => {
    const url = new URL(pathAndQuery, 'http://sandbox');
    const method = req.method ?? 'GET';
    const text = await readBody(req);
    if (url.pathname.startsWith('/v1/')) {
      const headers = headersOf(req);
      const key = headers['idempotency-key'];
      requests.push({ method, path: url.pathname, idempotencyKey: key });
      if (delay.count > 0) {
        delay.count -= 1;
        await new Promise((resolve) => setTimeout(resolve, delay.ms));
      }
      if (failure.count > 0) {
        failure.count -= 1;
        return apiError(res, failure.status, 'api_error', 'Sandbox failure asked by a test');
      }
      if (headers.authorization !== `Bearer ${options.secretKey}`)
        return apiError(res, 401, 'invalid_request_error', 'Invalid API Key provided');
      const params =
        method === 'GET' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(text);
      if (key && method === 'POST') {
        const seen = idempotent.get(key);
        if (seen) {
          if (seen.params !== text)
            return apiError(
              res,
              400,
              'idempotency_error',
              'Keys for idempotent requests can only be used with the same parameters they were first used with.',
            );
          res.setHeader('idempotent-replayed', 'true');
          return json(res, seen.status, seen.body);
        }
        // Capture the answer to replay it for the same key.
        const end = res.end.bind(res);
        let status = 200;
        const writeHead = res.writeHead.bind(res);
        res.writeHead = ((code: number, ...rest: unknown[]) => {
          status = code;
          return (writeHead as (...a: unknown[]) => ServerResponse)(code, ...rest);
        }) as typeof res.writeHead;
        res.end = ((chunk?: unknown) => {
          if (typeof chunk === 'string' && status < 500)
            idempotent.set(key, { params: text, status, body: JSON.parse(chunk) });
          return end(chunk as string);
        }) as typeof res.end;
      }
      return api(method, url.pathname, params, res);
    }
    if (payments.page(method, url.pathname, res)) return;
    const checkout = /^\/checkout\/(cs_[\w]+)(\/pay)?$/.exec(url.pathname);
    if (checkout) {
      const session = sessions.get(checkout[1]!);
      if (!session) return json(res, 404, { error: { message: 'No such session' } });
      if (!checkout[2]) return checkoutPage(res, session);
      if (method !== 'POST' || session.status !== 'open') return checkoutPage(res, session);
      await completeCheckout(session.id);
      return redirect(
        res,
        String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id),
      );
    }
    const portal = /^\/portal\/(bps_\w+)(\/update|\/subscribe)?$/.exec(url.pathname);
    if (portal) {
      const found = portals.get(portal[1]!);
      if (!found) return json(res, 404, { error: { message: 'No such portal session' } });
      if (portal[2] === '/subscribe' && method === 'POST') {
        const price = priceOf(new URLSearchParams(text).get('price'));
        const customer = customers.get(String(found.customer));
        if (price && customer)
          createSubscription({
            id: found.id,
            customer: customer.id,
            price_id: price.id,
            subscription_data: { metadata: customer.metadata },
          });
        return redirect(res, `../${found.id}`);
      }
      if (portal[2] && method === 'POST') {
        const form = new URLSearchParams(text);
        const sub = subscriptions.get(form.get('subscription') ?? '');
        if (sub && sub.customer === found.customer)
          updateSubscription(sub, {
            cancel_at_period_end: form.get('action') === 'cancel' ? 'true' : 'false',
          });
        return redirect(res, `../${found.id}`);
      }
      return portalPage(res, found);
    }
    if (url.pathname === '/test-clock') {
      if (method === 'POST') {
        const days = Number(new URLSearchParams(text).get('days'));
        if (Number.isInteger(days) && days > 0 && days <= 400) advanceClock(days * 86_400);
        return redirect(res, './test-clock');
      }
      return page(
        res,
        'Horloge de test (sandbox)',
        `<h1>Horloge de test</h1><p data-testid="test-clock-now">${clock().toISOString()}</p>
<form method="post"><label>Jours<input name="days" type="number" min="1" max="400" value="32"></label>
<button type="submit">Avancer le temps</button></form>`,
      );
    }
    if (url.pathname.startsWith('/invoice/'))
      return page(
        res,
        'Facture (sandbox)',
        `<h1>Facture ${escapeHtml(url.pathname.split('/')[2] ?? '')}</h1><p>Payée.</p>`,
      );
    return json(res, 404, { error: { message: 'Not Found' } });
  };

  return {
    handle,
    customers,
    sessions,
    subscriptions,
    deliveries,
    requests,
    failNext(count, status = 500) {
      Object.assign(failure, { count, status });
    },
    delayNext(count, ms) {
      Object.assign(delay, { count, ms });
    },
    completeCheckout,
    advanceClock,
    sign,
    settled: () => queue,
  };
}
