import type { IncomingMessage, ServerResponse } from 'node:http';
import { create } from '@bufbuild/protobuf';
import { Code, type HandlerContext } from '@connectrpc/connect';
import { sql } from 'kysely';
import Stripe from 'stripe';
import type { SubscriptionTypeName } from '../../../src/domain/subscriptionAccess.ts';
import {
  PaymentPortalService,
  type GetCustomerPortalClientSecretRequest,
  type GetCustomerPortalUrlRequest,
} from '../../../src/rpc/gen/seconde/v1/payment_portal_pb.ts';
import {
  CheckoutStatus,
  PlanSchema,
  SubscriptionSchema,
  SubscriptionService,
  SubscriptionType,
  type ChangePlanRequest,
  type CreateCheckoutSessionRequest,
  type GetCheckoutStatusRequest,
  type PreviewPlanChangeRequest,
} from '../../../src/rpc/gen/seconde/v1/subscription_pb.ts';
import { requireCaller } from '../../crud/crudService.ts';
import { rowToMessage } from '../../crud/rowMapping.ts';
import { readBody } from '../../sandbox/sandboxHttp.ts';
import { createPaymentSandbox } from '../../sandbox/paymentSandbox.ts';
import { SANDBOX_COUPONS } from '../../sandbox/paymentSandboxCoupons.ts';
import type { Caller } from '../../rpc/caller.ts';
import { fail } from '../../rpc/reasons.ts';
import type { ServiceDeps } from '../deps.ts';
import { implement } from '../implement.ts';
import { tableColumns } from '../deposit/requests/columns.ts';
import { planOf } from './billingSettings.ts';
import {
  PAYMENT_SANDBOX_PATH,
  PAYMENT_WEBHOOK_PATH,
  SANDBOX_KEYS,
  paymentProviderOf,
  providerRefusal,
  requireProvider,
  usesSandbox,
  type PaymentProvider,
} from './paymentProvider.ts';
import { applyProviderEvent, type SubscriptionDiscount } from './providerEvents.ts';
import { REWARD_EVENTS, applyEarnedRewards, welcomeCouponOf } from '../referral/referralRewards.ts';

type Row = Record<string, unknown>;
const DAY_MS = 86_400_000;
/** The provider asks a trial to end at least 48 hours ahead. */
const MIN_TRIAL_MS = 2 * DAY_MS;
/** A checkout page reused for the same plan while it has this long left. */
const REUSE_MARGIN_MS = 5 * 60_000;
/** Idempotency window: two asks for the same plan within it open one session at the provider. */
export const CHECKOUT_WINDOW_MS = 10 * 60_000;

const typeName = (type: SubscriptionType) => SubscriptionType[type] as SubscriptionTypeName;

/** The vendor a call acts for: the caller's own record, or the one staff name. */
function targetVendor(caller: Caller, named: string | undefined): string {
  const vendor = named || caller.vendorUuid;
  if (!vendor)
    throw fail(Code.FailedPrecondition, 'NO_OWN_RECORD', 'Name the vendor whose billing to open');
  if (!caller.isAdminLevel && vendor !== caller.vendorUuid)
    throw fail(Code.PermissionDenied, 'FORBIDDEN', 'A vendor opens only their own billing');
  return vendor;
}

/**
 * The payment provider's side of subscriptions: plans, checkout, the billing portal, the signed
 * webhook, and on local installs the sandbox standing in for the provider.
 */
export function billingCallsHandlers(deps: ServiceDeps) {
  const { db, clock, billing } = deps;
  const provider = paymentProviderOf(deps);
  mountPaymentRoutes(deps, provider);

  /** The provider customer of a vendor, created on first need (same key: same customer). */
  async function customerOf(p: PaymentProvider, vendorUuid: string): Promise<string> {
    const vendor = (
      await sql<Row>`select uuid, email, first_name, last_name, payment_provider_customer_id
        from vendor where uuid = ${vendorUuid}`.execute(db)
    ).rows[0];
    if (!vendor) throw fail(Code.NotFound, 'NOT_FOUND', 'Vendor not found');
    if (vendor.payment_provider_customer_id) return vendor.payment_provider_customer_id as string;
    const customer = await p.stripe.customers.create(
      {
        email: (vendor.email as string | null) ?? undefined,
        name: [vendor.first_name, vendor.last_name].filter(Boolean).join(' ') || undefined,
        metadata: { vendor: vendorUuid },
      },
      { idempotencyKey: `seconde-customer-${vendorUuid}` },
    );
    await sql`update vendor set payment_provider_customer_id = coalesce(payment_provider_customer_id, ${customer.id})
      where uuid = ${vendorUuid}`.execute(db);
    return customer.id;
  }

  /** Trial at checkout: what is left of the vendor's 14 days, for a vendor never subscribed. */
  async function trialOf(vendorUuid: string, now: Date) {
    const row = (
      await sql<{ trial_start: Date | null; subscribed: boolean }>`
        select v.extension_free_trial_start_datetime as trial_start,
          exists (select 1 from subscription s where s.vendor = v.uuid
            and s.provider_event_at is not null) as subscribed
        from vendor v where v.uuid = ${vendorUuid}`.execute(db)
    ).rows[0];
    if (!row || row.subscribed) return {};
    if (!row.trial_start) return { trial_period_days: billing.trialDays };
    const end = row.trial_start.getTime() + billing.trialDays * DAY_MS;
    return end - now.getTime() >= MIN_TRIAL_MS ? { trial_end: Math.floor(end / 1000) } : {};
  }

  /** The caller's running plan at the provider, its item and the plan asked for. */
  async function planChange(caller: Caller, type: SubscriptionType, interval: string) {
    const vendorUuid = targetVendor(caller, undefined);
    const plan = planOf(billing, typeName(type), interval);
    if (!plan) throw fail(Code.InvalidArgument, 'UNKNOWN_PLAN', 'This plan is not sold');
    const row = (
      await sql<{ id: string }>`select s.payment_provider_id as id from vendor v
        join subscription s on s.uuid = v.subscription
        where v.uuid = ${vendorUuid} and s.provider_event_at is not null
          and s.status in ('ACTIVE', 'TRIALING')`.execute(db)
    ).rows[0];
    if (!row) return { errorCode: 'NO_RUNNING_PLAN' } as const;
    const p = requireProvider(provider);
    const sub = await p.stripe.subscriptions.retrieve(row.id);
    const item = sub.items.data[0];
    if (!item) return { errorCode: 'NO_RUNNING_PLAN' } as const;
    if (item.price.id === plan.priceId) return { errorCode: 'SAME_PLAN' } as const;
    return { p, sub, item, plan, vendorUuid };
  }

  /**
   * The provider's promotion code a vendor typed, checked before any checkout page is made: an
   * unknown code, or one no longer redeemable (inactive, past its date, fully used, its coupon no
   * longer valid), is refused with its own reason.
   */
  async function promotionOf(p: PaymentProvider, typed: string, now: Date) {
    const found = (
      await p.stripe.promotionCodes.list({
        code: typed,
        limit: 1,
        expand: ['data.promotion.coupon'],
      })
    ).data[0];
    if (!found)
      throw fail(Code.InvalidArgument, 'COUPON_UNKNOWN', 'This promotion code does not exist');
    const coupon = found.promotion.coupon;
    const valid =
      found.active &&
      (found.expires_at === null || found.expires_at * 1000 > now.getTime()) &&
      typeof coupon === 'object' &&
      coupon !== null &&
      coupon.valid;
    if (!valid)
      throw fail(
        Code.FailedPrecondition,
        'COUPON_EXPIRED',
        'This promotion code can no longer be used',
      );
    return found;
  }

  const subscriptionHandlers = {
    /** The provider's prorated invoice for moving the running plan now (shown before confirming). */
    async previewPlanChange(req: PreviewPlanChangeRequest, ctx: HandlerContext) {
      const empty = { amountDueCents: 0n, prorationCents: 0n, currency: billing.currency };
      try {
        const found = await planChange(requireCaller(ctx), req.type, req.interval);
        if ('errorCode' in found)
          return { ...empty, prorationDate: 0n, errorCode: found.errorCode };
        const { p, sub, item, plan } = found;
        // Costed at the provider's now (its clock, test clocks included), read back from the
        // proration lines, whose period starts at that instant.
        const invoice = await p.stripe.invoices.createPreview({
          customer: typeof sub.customer === 'string' ? sub.customer : sub.customer.id,
          subscription: sub.id,
          subscription_details: {
            items: [{ id: item.id, price: plan.priceId }],
            proration_behavior: 'always_invoice',
          },
        });
        const lines = invoice.lines.data.filter(
          (l) => l.parent?.subscription_item_details?.proration,
        );
        const proration = lines.reduce((sum, l) => sum + l.amount, 0);
        const prorationDate = lines[0]?.period.start ?? Math.floor(clock().getTime() / 1000);
        return {
          amountDueCents: BigInt(invoice.amount_due),
          prorationCents: BigInt(proration),
          currency: invoice.currency,
          prorationDate: BigInt(prorationDate),
        };
      } catch (error) {
        return { ...empty, prorationDate: 0n, errorCode: providerRefusal(error) };
      }
    },

    /** Moves the running plan with the previewed proration, invoiced at once; the webhook sets it. */
    async changePlan(req: ChangePlanRequest, ctx: HandlerContext) {
      try {
        const found = await planChange(requireCaller(ctx), req.type, req.interval);
        if ('errorCode' in found) return { errorCode: found.errorCode };
        const { p, sub, item, plan, vendorUuid } = found;
        // The instant the vendor saw costed; the provider refuses one outside the current period.
        const prorationDate = Number(req.prorationDate) || undefined;
        await p.stripe.subscriptions.update(
          sub.id,
          {
            items: [{ id: item.id, price: plan.priceId }],
            proration_behavior: 'always_invoice',
            ...(prorationDate && { proration_date: prorationDate }),
            metadata: { vendor: vendorUuid, plan: plan.type },
          },
          {
            idempotencyKey: `seconde-plan-change-${sub.id}-${plan.priceId}-${prorationDate ?? 'now'}`,
          },
        );
        return {};
      } catch (error) {
        return { errorCode: providerRefusal(error) };
      }
    },

    listPlans() {
      return {
        plans: billing.plans.map((p) =>
          create(PlanSchema, {
            type: SubscriptionType[p.type],
            interval: p.interval,
            amountCents: BigInt(p.amountCents),
            currency: billing.currency,
            productLimit: p.productLimit,
            trialDays: billing.trialDays,
          }),
        ),
      };
    },

    async createCheckoutSession(req: CreateCheckoutSessionRequest, ctx: HandlerContext) {
      const caller = requireCaller(ctx);
      const vendorUuid = targetVendor(caller, undefined);
      const plan = planOf(billing, typeName(req.type), req.interval);
      if (!plan) throw fail(Code.InvalidArgument, 'UNKNOWN_PLAN', 'This plan is not sold');
      const now = clock();
      const typed = req.couponCode.trim();
      let promotion: Stripe.PromotionCode | undefined;
      if (typed) {
        const p = requireProvider(provider);
        try {
          promotion = await promotionOf(p, typed, now);
        } catch (error) {
          if (error instanceof Stripe.errors.StripeError)
            return { url: '', sessionId: '', errorCode: providerRefusal(error) };
          throw error;
        }
      }
      // A sponsored vendor's month free rides on the checkout when they typed no code of their own.
      let welcome: string | undefined;
      if (!promotion) {
        const p = provider();
        try {
          welcome = p && (await welcomeCouponOf(db, p, vendorUuid));
        } catch (error) {
          return { url: '', sessionId: '', errorCode: providerRefusal(error) };
        }
      }
      const promotionId = promotion?.id ?? welcome ?? '';
      const open = (
        await sql<{ provider_session_id: string; url: string }>`
          select provider_session_id, url from checkout_session
          where vendor = ${vendorUuid} and type = ${plan.type} and plan_interval = ${plan.interval}
            and promotion_code = ${promotionId}
            and expires_at > ${new Date(now.getTime() + REUSE_MARGIN_MS)}
          order by created_at desc limit 1`.execute(db)
      ).rows[0];
      if (open) return { url: open.url, sessionId: open.provider_session_id };
      const p = requireProvider(provider);
      let session;
      try {
        const customer = await customerOf(p, vendorUuid);
        const trial = await trialOf(vendorUuid, now);
        const back = deps.publicUrl();
        const window = Math.floor(now.getTime() / CHECKOUT_WINDOW_MS);
        session = await p.stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            customer,
            client_reference_id: vendorUuid,
            line_items: [{ price: plan.priceId, quantity: 1 }],
            success_url: `${back}/subscription-confirmed?session_id={CHECKOUT_SESSION_ID}`,
            cancel_url: `${back}/edit-profile/subscription`,
            metadata: { vendor: vendorUuid, plan: plan.type, interval: plan.interval },
            subscription_data: { ...trial, metadata: { vendor: vendorUuid, plan: plan.type } },
            ...(promotion && { discounts: [{ promotion_code: promotion.id }] }),
            ...(welcome && { discounts: [{ coupon: welcome }] }),
          },
          {
            idempotencyKey: `seconde-checkout-${vendorUuid}-${plan.priceId}${promotionId ? `-${promotionId}` : ''}-${window}`,
          },
        );
      } catch (error) {
        return { url: '', sessionId: '', errorCode: providerRefusal(error) };
      }
      await sql`insert into checkout_session
        (provider_session_id, vendor, type, plan_interval, url, expires_at, created_at,
          promotion_code)
        values (${session.id}, ${vendorUuid}, ${plan.type}, ${plan.interval}, ${session.url ?? ''},
          ${new Date(session.expires_at * 1000)}, ${now}, ${promotionId})
        on conflict (provider_session_id) do nothing`.execute(db);
      return { url: session.url ?? '', sessionId: session.id };
    },

    async getCheckoutStatus(req: GetCheckoutStatusRequest, ctx: HandlerContext) {
      const caller = requireCaller(ctx);
      const row = (
        await sql<{ vendor: string }>`select vendor from checkout_session
          where provider_session_id = ${req.sessionId}`.execute(db)
      ).rows[0];
      if (!row || (!caller.isAdminLevel && row.vendor !== caller.vendorUuid))
        throw fail(Code.NotFound, 'NOT_FOUND', 'Checkout session not found');
      const p = requireProvider(provider);
      let session;
      try {
        session = await p.stripe.checkout.sessions.retrieve(req.sessionId);
      } catch (error) {
        providerRefusal(error);
        throw fail(Code.NotFound, 'NOT_FOUND', 'Checkout session not found');
      }
      if (session.status === 'expired') return { status: CheckoutStatus.EXPIRED };
      const subId =
        typeof session.subscription === 'string' ? session.subscription : session.subscription?.id;
      if (!subId) return { status: CheckoutStatus.PENDING };
      // Confirmed only once the signed webhook has written the subscription.
      const sub = (
        await sql<Row>`select * from subscription where payment_provider_id = ${subId}
          and provider_event_at is not null and status in ('ACTIVE', 'TRIALING')`.execute(db)
      ).rows[0];
      if (!sub) return { status: CheckoutStatus.PENDING };
      const columns = await tableColumns(db, 'subscription');
      return {
        status: CheckoutStatus.CONFIRMED,
        subscription: rowToMessage(SubscriptionSchema, columns, sub),
      };
    },
  };

  /** The billing portal's return page: the vendor's subscription tab. */
  const returnUrl = () => `${deps.publicUrl()}/edit-profile/subscription`;

  const portalHandlers = {
    async getCustomerPortalUrl(req: GetCustomerPortalUrlRequest, ctx: HandlerContext) {
      const vendorUuid = targetVendor(requireCaller(ctx), req.vendor);
      const p = requireProvider(provider);
      try {
        const customer = await customerOf(p, vendorUuid);
        const session = await p.stripe.billingPortal.sessions.create({
          customer,
          return_url: returnUrl(),
        });
        return { url: session.url };
      } catch (error) {
        return { url: '', errorCode: providerRefusal(error) };
      }
    },
    async getCustomerPortalClientSecret(
      req: GetCustomerPortalClientSecretRequest,
      ctx: HandlerContext,
    ) {
      const vendorUuid = targetVendor(requireCaller(ctx), req.vendor);
      const p = requireProvider(provider);
      try {
        const customer = await customerOf(p, vendorUuid);
        const session = await p.stripe.customerSessions.create({
          customer,
          components: { pricing_table: { enabled: true } },
        });
        return { clientSecret: session.client_secret };
      } catch (error) {
        return { clientSecret: '', errorCode: providerRefusal(error) };
      }
    },
  };

  return [
    implement(SubscriptionService, subscriptionHandlers),
    implement(PaymentPortalService, portalHandlers),
  ] as const;
}

/**
 * The signed webhook endpoint, and on local installs without provider keys the sandbox: its API
 * at /v1 (where the official library sends it, by host and port) and its pages under /_sandbox.
 */
function mountPaymentRoutes(deps: ServiceDeps, provider: () => PaymentProvider | undefined): void {
  deps.http.add(PAYMENT_WEBHOOK_PATH, (req, res) => webhook(deps, provider, req, res));
  if (!usesSandbox(deps.billing) || deps.billing.apiUrl) return;
  const sandbox = createPaymentSandbox({
    ...SANDBOX_KEYS,
    prices: deps.billing.plans.map((p) => ({
      id: p.priceId,
      unitAmount: p.amountCents,
      currency: deps.billing.currency,
      interval: p.interval,
      name: `${p.type[0]}${p.type.slice(1).toLowerCase()} (${p.interval === 'year' ? 'annuel' : 'mensuel'})`,
    })),
    coupons: SANDBOX_COUPONS,
    pagesUrl: () => `${deps.publicUrl()}${PAYMENT_SANDBOX_PATH}`,
    webhookUrl: () => `${deps.publicUrl()}${PAYMENT_WEBHOOK_PATH}`,
  });
  deps.http.add('/v1/', (req, res, url) =>
    sandbox.handle(req, res, `${url.pathname}${url.search}`),
  );
  deps.http.add(`${PAYMENT_SANDBOX_PATH}/`, (req, res, url) =>
    sandbox.handle(req, res, `${url.pathname.slice(PAYMENT_SANDBOX_PATH.length)}${url.search}`),
  );
}

/** The coupon discounting a subscription (percent off, and whether it is still valid), if any. */
async function discountOf(
  p: PaymentProvider,
  sub: Stripe.Subscription,
): Promise<SubscriptionDiscount> {
  if (!sub.discounts?.length) return { percentOff: 0, valid: false };
  const full = await p.stripe.subscriptions.retrieve(sub.id, {
    expand: ['discounts.source.coupon'],
  });
  for (const d of full.discounts) {
    const coupon = typeof d === 'object' ? d.source.coupon : null;
    if (coupon && typeof coupon === 'object')
      return { percentOff: coupon.percent_off ?? 0, valid: coupon.valid };
  }
  return { percentOff: 0, valid: false };
}

async function webhook(
  deps: ServiceDeps,
  provider: () => PaymentProvider | undefined,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  if (req.method !== 'POST') return void res.writeHead(405).end();
  const p = provider();
  if (!p) return void res.writeHead(404).end();
  const payload = await readBody(req);
  let event;
  try {
    event = p.stripe.webhooks.constructEvent(
      payload,
      req.headers['stripe-signature'] ?? '',
      p.webhookSecret,
    );
  } catch (error) {
    console.warn(
      `payment provider webhook refused: ${error instanceof Error ? error.message : String(error)}`,
    );
    res.writeHead(400, { 'content-type': 'application/json' });
    return void res.end(JSON.stringify({ error: 'signature' }));
  }
  let discount: SubscriptionDiscount | undefined;
  if (event.type.startsWith('customer.subscription.')) {
    // Events name a subscription's discounts by id; their coupon is read back from the provider.
    const sub = event.data.object as Stripe.Subscription;
    try {
      discount = await discountOf(p, sub);
    } catch (error) {
      console.warn(
        `payment provider: discount of ${sub.id} unreadable, the provider will retry: ${error instanceof Error ? error.message : String(error)}`,
      );
      res.writeHead(503, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ error: 'retry' }));
    }
  }
  const outcome = await applyProviderEvent(deps.db, deps.billing, event, discount);
  if (outcome === 'applied' && REWARD_EVENTS.includes(event.type)) {
    // Earned referral months go onto the sponsors' plans; one that fails waits for the next event.
    await applyEarnedRewards(deps.db, p, deps.clock).catch((error: unknown) =>
      console.warn(
        `payment provider: referral reward not applied yet: ${error instanceof Error ? error.message : String(error)}`,
      ),
    );
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ received: true, outcome }));
}
