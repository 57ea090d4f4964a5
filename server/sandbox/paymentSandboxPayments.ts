import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { escapeHtml, json, redirect } from './sandboxHttp.ts';

type Obj = Record<string, unknown> & { id: string };

/** What the payment sandbox shares with its one-off payments. */
export interface PaymentModeContext {
  readonly sessions: Map<string, Obj>;
  send(type: string, object: Obj): void;
  seconds(): number;
  pagesUrl(): string;
  /** Writes the sandbox's HTML page frame. */
  page(res: ServerResponse, title: string, body: string): void;
  /** Strips what the provider never shows of a session. */
  publicSession(session: Obj): Obj;
}

const euros = (cents: number, currency: string) =>
  `${(cents / 100).toFixed(2).replace('.', ',')} ${currency.toUpperCase()}`;

function apiError(res: ServerResponse, status: number, message: string, code: string) {
  json(res, status, { error: { type: 'invalid_request_error', message, code } });
}

/**
 * One-off payments in the sandbox, as Stripe Checkout documents them: a session of mode `payment`
 * with one line item priced inline (`price_data`), its hosted page paying it, `expire` closing it,
 * and the signed `checkout.session.completed` / `checkout.session.expired` events.
 */
export function paymentMode(ctx: PaymentModeContext) {
  const paymentOf = (session: Obj) =>
    (session.line_items_data as { amount: number; currency: string; name: string } | undefined) ??
    undefined;

  function createSession(params: Record<string, unknown>, res: ServerResponse): void {
    const item = ((params.line_items as Record<string, unknown>[] | undefined) ?? [])[0];
    const data = item?.price_data as Record<string, unknown> | undefined;
    const amount = Number(data?.unit_amount);
    const product = data?.product_data as Record<string, unknown> | undefined;
    if (!data || !Number.isInteger(amount) || amount < 1 || !data.currency || !product?.name)
      return apiError(
        res,
        400,
        'line_items[0][price_data] needs currency, unit_amount and product_data[name]',
        'parameter_missing',
      );
    if (!params.success_url)
      return apiError(res, 400, 'success_url is required', 'parameter_missing');
    const quantity = Number(item?.quantity ?? 1);
    const sessionId = `cs_test_${randomBytes(24).toString('hex')}`;
    const session: Obj = {
      id: sessionId,
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      customer: null,
      customer_email: params.customer_email ?? null,
      client_reference_id: params.client_reference_id ?? null,
      payment_intent: null,
      subscription: null,
      success_url: params.success_url,
      cancel_url: params.cancel_url ?? null,
      metadata: params.metadata ?? {},
      line_items_data: {
        amount: amount * quantity,
        currency: String(data.currency),
        name: String(product.name),
      },
      payment_intent_metadata:
        (params.payment_intent_data as Record<string, unknown> | undefined)?.metadata ?? {},
      amount_total: amount * quantity,
      currency: String(data.currency),
      created: ctx.seconds(),
      expires_at: Number(params.expires_at) || ctx.seconds() + 24 * 3600,
      url: `${ctx.pagesUrl()}/checkout/${sessionId}`,
      livemode: false,
    };
    ctx.sessions.set(sessionId, session);
    json(res, 200, shown(session));
  }

  function shown(session: Obj): Obj {
    const {
      line_items_data: _data,
      payment_intent_metadata: _meta,
      ...rest
    } = ctx.publicSession(session);
    return rest as Obj;
  }

  function pay(session: Obj): void {
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      payment_intent: `pi_${randomBytes(12).toString('hex')}`,
      url: null,
    });
    ctx.send('checkout.session.completed', shown(session));
  }

  function expire(session: Obj): void {
    Object.assign(session, { status: 'expired', url: null });
    ctx.send('checkout.session.expired', shown(session));
  }

  return {
    /** The API calls it answers; false for any other, left to the sandbox. */
    api(
      method: string,
      parts: readonly string[],
      params: Record<string, unknown>,
      res: ServerResponse,
    ): boolean {
      if (
        method === 'POST' &&
        parts.join('/') === 'v1/checkout/sessions' &&
        params.mode === 'payment'
      ) {
        createSession(params, res);
        return true;
      }
      if (
        method === 'POST' &&
        parts[1] === 'checkout' &&
        parts[2] === 'sessions' &&
        parts[4] === 'expire'
      ) {
        const session = ctx.sessions.get(parts[3] ?? '');
        if (!session) {
          apiError(res, 404, `No such checkout.session: '${parts[3]}'`, 'resource_missing');
          return true;
        }
        if (session.status !== 'open') {
          apiError(
            res,
            400,
            `Only Checkout Sessions with a status in ["open"] can be expired.`,
            'checkout_session_not_open',
          );
          return true;
        }
        expire(session);
        json(res, 200, session.mode === 'payment' ? shown(session) : ctx.publicSession(session));
        return true;
      }
      return false;
    },

    /** The hosted page of a payment session and its pay button; false for any other path. */
    page(method: string, pathname: string, res: ServerResponse): boolean {
      const found = /^\/checkout\/(cs_\w+)(\/pay)?$/.exec(pathname);
      const session = found && ctx.sessions.get(found[1]!);
      if (!found || !session || session.mode !== 'payment') return false;
      const payment = paymentOf(session)!;
      if (found[2] && method === 'POST' && session.status === 'open') {
        pay(session);
        redirect(res, String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id));
        return true;
      }
      if (session.status !== 'open') {
        ctx.page(
          res,
          'Paiement (sandbox)',
          `<h1>Cette session de paiement est ${session.status === 'expired' ? 'expirée' : 'terminée'}</h1>`,
        );
        return true;
      }
      ctx.page(
        res,
        `Paiement : ${payment.name} (sandbox)`,
        `<p class="muted">Paiement d’essai (sandbox) : aucune carte n’est débitée.</p>
<h1>Payer ${escapeHtml(payment.name)}</h1>
<p data-testid="checkout-amount">${euros(payment.amount, payment.currency)}</p>
<form method="post" action="./${escapeHtml(session.id)}/pay">
<label>E-mail<input name="email" value="${escapeHtml(String(session.customer_email ?? ''))}" readonly></label>
<label>Numéro de carte<input name="card" value="4242 4242 4242 4242" autocomplete="off"></label>
<button type="submit">Payer ${euros(payment.amount, payment.currency)}</button>
</form>
${session.cancel_url ? `<p><a href="${escapeHtml(String(session.cancel_url))}">Retour</a></p>` : ''}`,
      );
      return true;
    },
  };
}
