import { sql, type Kysely, type Transaction } from 'kysely';
import Stripe from 'stripe';
import type { Database } from '../../db/schema.gen.ts';
import type { PaymentProvider } from '../billing/paymentProvider.ts';

/**
 * The referral reward (docs/decisions.md, "Referral reward"), through the payment provider's
 * coupons: a month free each side, as a 100 %-off coupon valid once and redeemable once.
 *
 * - The sponsored vendor: their checkouts carry their welcome coupon until they have subscribed
 *   once (a promotion code they type takes its place, one discount per checkout).
 * - The sponsor: the sponsored vendor's first invoice paid with money (more than 0 €, told by the
 *   signed webhook) earns it once (PENDING → EARNED in the webhook's own transaction, so a
 *   replayed event, already recorded, earns nothing); it is then put on the sponsor's running
 *   subscription (EARNED → APPLIED), now or as soon as they have one.
 */
export const WELCOME_COUPON_PREFIX = 'seconde-referral-welcome-';
export const SPONSOR_COUPON_PREFIX = 'seconde-referral-sponsor-';

/** The webhook events after which earned rewards are put on the sponsors' plans. */
export const REWARD_EVENTS: readonly string[] = [
  'invoice.paid',
  'customer.subscription.created',
  'customer.subscription.updated',
];

const isStripeCode = (error: unknown, code: string) =>
  error instanceof Stripe.errors.StripeError && error.code === code;

/** Our free-month coupon `id` at the provider, made the first time it is needed. */
async function freeMonthCoupon(p: PaymentProvider, id: string, name: string) {
  try {
    return await p.stripe.coupons.retrieve(id);
  } catch (error) {
    if (!isStripeCode(error, 'resource_missing')) throw error;
  }
  try {
    return await p.stripe.coupons.create(
      { id, percent_off: 100, duration: 'once', max_redemptions: 1, name },
      { idempotencyKey: id },
    );
  } catch (error) {
    // Made meanwhile by a concurrent call: theirs is the same coupon.
    if (isStripeCode(error, 'resource_already_exists')) return p.stripe.coupons.retrieve(id);
    throw error;
  }
}

/**
 * The welcome coupon a sponsored vendor's checkout carries, while they have never subscribed and
 * it is still redeemable; undefined for anyone else.
 */
export async function welcomeCouponOf(
  db: Kysely<Database>,
  p: PaymentProvider,
  vendor: string,
): Promise<string | undefined> {
  const referral = (
    await sql<{ uuid: string }>`select r.uuid from referral r where r.sponsored = ${vendor}
      and not exists (select 1 from subscription s where s.vendor = r.sponsored
        and s.provider_event_at is not null)`.execute(db)
  ).rows[0];
  if (!referral) return undefined;
  const coupon = await freeMonthCoupon(
    p,
    `${WELCOME_COUPON_PREFIX}${referral.uuid}`,
    'Parrainage : un mois offert',
  );
  return coupon.valid ? coupon.id : undefined;
}

/**
 * In the webhook's transaction for `invoice.paid`: the sponsored vendor's first invoice paid with
 * money earns their sponsor's month, once (only a PENDING referral moves).
 */
export async function recordReferralReward(
  trx: Transaction<Database>,
  invoice: Stripe.Invoice,
  eventAt: Date,
): Promise<void> {
  if (!(Number(invoice.amount_paid ?? 0) > 0)) return;
  const customer = typeof invoice.customer === 'string' ? invoice.customer : invoice.customer?.id;
  if (!customer) return;
  await sql`update referral set reward_status = 'EARNED', reward_invoice = ${invoice.id},
      rewarded_at = ${eventAt}
    where reward_status = 'PENDING' and sponsored = (select uuid from vendor
      where payment_provider_customer_id = ${customer})`.execute(trx);
}

/** A subscription's discounts as ids, with the coupon of each (expanded or named). */
function discountsOf(sub: Stripe.Subscription): { id: string; coupon: string | undefined }[] {
  return (sub.discounts ?? []).map((d) => {
    if (typeof d === 'string') return { id: d, coupon: undefined };
    const coupon = d.source?.coupon;
    return { id: d.id, coupon: typeof coupon === 'string' ? coupon : coupon?.id };
  });
}

/**
 * Puts every earned month on its sponsor's running subscription, as one more discount (the ones
 * there are kept). A coupon already on it counts as applied, so a second pass changes nothing at
 * the provider; a sponsor without a running plan keeps theirs EARNED until they have one.
 * Answers how many were applied.
 */
export async function applyEarnedRewards(
  db: Kysely<Database>,
  p: PaymentProvider,
  clock: () => Date,
): Promise<number> {
  const { rows } = await sql<{ uuid: string; subscription: string }>`
    select r.uuid, s.payment_provider_id as subscription from referral r
    join vendor v on v.uuid = r.sponsor
    join subscription s on s.uuid = v.subscription
    where r.reward_status = 'EARNED' and s.payment_provider_id is not null
      and s.provider_event_at is not null and s.status in ('ACTIVE', 'TRIALING')
    order by r.rewarded_at, r.uuid`.execute(db);
  let applied = 0;
  for (const row of rows) {
    const coupon = await freeMonthCoupon(
      p,
      `${SPONSOR_COUPON_PREFIX}${row.uuid}`,
      'Parrainage : un mois offert au parrain',
    );
    const sub = await p.stripe.subscriptions.retrieve(row.subscription, { expand: ['discounts'] });
    const present = discountsOf(sub);
    if (!present.some((d) => d.coupon === coupon.id)) {
      if (!coupon.valid) continue;
      await p.stripe.subscriptions.update(
        row.subscription,
        { discounts: [...present.map((d) => ({ discount: d.id })), { coupon: coupon.id }] },
        { idempotencyKey: `seconde-referral-reward-${row.uuid}` },
      );
    }
    const moved = await sql`update referral set reward_status = 'APPLIED',
        sponsor_coupon = ${coupon.id}, applied_at = ${clock()}
      where uuid = ${row.uuid} and reward_status = 'EARNED' returning uuid`.execute(db);
    applied += moved.rows.length;
  }
  return applied;
}
