import { sql, type Kysely, type Transaction } from 'kysely';
import type Stripe from 'stripe';
import type { Database } from '../../db/schema.gen.ts';
import type { SubscriptionStatusName } from '../../../src/domain/subscriptionAccess.ts';
import { planByPrice, type BillingSettings } from './billingSettings.ts';
import { applyPaymentEvent } from './paymentProcesses.ts';
import { recordProviderInvoice } from './providerInvoices.ts';
import { recordReferralReward } from '../referral/referralRewards.ts';

/**
 * The events that move a subscription (2-business-data.md §4), record the provider's invoices, or
 * move a one-off payment; any other is acknowledged only.
 */
export const HANDLED_EVENTS = [
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.finalized',
  'invoice.paid',
  'invoice.payment_failed',
  'checkout.session.completed',
  'checkout.session.expired',
  'charge.refunded',
] as const;

export type EventOutcome = 'applied' | 'replayed' | 'stale' | 'ignored';

type Row = Record<string, unknown>;

/** The coupon on a subscription as the provider tells it (0 and false without one). */
export interface SubscriptionDiscount {
  readonly percentOff: number;
  readonly valid: boolean;
}
const at = (epochSeconds: number | null | undefined) =>
  epochSeconds ? new Date(epochSeconds * 1000) : null;

/** Statuses a paid invoice brings back to ACTIVE; a failed one moves any live status to PAST_DUE. */
const BEHIND: readonly SubscriptionStatusName[] = ['PAST_DUE', 'UNPAID', 'INCOMPLETE'];

async function vendorOf(trx: Transaction<Database>, customer: string, metadataVendor: unknown) {
  const found = await sql<{ uuid: string; subscription: string | null }>`
    select uuid, subscription from vendor where payment_provider_customer_id = ${customer}
    for update`.execute(trx);
  if (found.rows[0]) return found.rows[0];
  if (typeof metadataVendor !== 'string' || !/^[0-9a-f-]{36}$/i.test(metadataVendor))
    return undefined;
  const byUuid = await sql<{ uuid: string; subscription: string | null }>`
    select uuid, subscription from vendor where uuid = ${metadataVendor} for update`.execute(trx);
  return byUuid.rows[0];
}

async function applySubscription(
  trx: Transaction<Database>,
  settings: BillingSettings,
  sub: Stripe.Subscription,
  eventAt: Date,
  deleted: boolean,
  discount: SubscriptionDiscount | undefined,
): Promise<EventOutcome> {
  const customer = typeof sub.customer === 'string' ? sub.customer : sub.customer.id;
  const vendor = await vendorOf(trx, customer, sub.metadata?.vendor);
  if (!vendor) {
    console.warn(`payment provider: ${sub.id} belongs to no vendor (customer ${customer})`);
    return 'ignored';
  }
  const existing = (
    await sql<Row>`select * from subscription
      where payment_provider_id = ${sub.id} and provider_event_at is not null for update`.execute(
      trx,
    )
  ).rows[0];
  // An event older than the one last applied is late: the row already says what came after.
  if (existing && (existing.provider_event_at as Date).getTime() > eventAt.getTime())
    return 'stale';
  const item = sub.items?.data?.[0];
  const plan = item ? planByPrice(settings, item.price.id) : undefined;
  const status = (deleted ? 'CANCELED' : sub.status.toUpperCase()) as SubscriptionStatusName;
  const values = {
    status,
    type: plan?.type ?? (existing?.type as string | null) ?? null,
    plan_interval: plan?.interval ?? item?.price.recurring?.interval ?? null,
    plan_amount: (item?.price.unit_amount ?? 0) / 100,
    current_period_end: at(item?.current_period_end),
    trial_end: at(sub.trial_end),
    cancel_at_period_end: sub.cancel_at_period_end || (!!sub.cancel_at && !deleted),
    percent_off: discount?.percentOff ?? (existing?.discount_coupon_percent_off as number) ?? 0,
    coupon_valid: discount?.valid ?? (existing?.discount_coupon_valid as boolean) ?? false,
  };
  let uuid: string;
  if (existing) {
    uuid = existing.uuid as string;
    await sql`update subscription set status = ${values.status}, type = ${values.type},
      plan_interval = ${values.plan_interval}, plan_amount = ${values.plan_amount},
      current_period_end = ${values.current_period_end}, trial_end = ${values.trial_end},
      cancel_at_period_end = ${values.cancel_at_period_end}, provider_event_at = ${eventAt},
      discount_coupon_percent_off = ${values.percent_off},
      discount_coupon_valid = ${values.coupon_valid},
      updated_at = now(), row_version = row_version + 1
      where uuid = ${uuid}`.execute(trx);
  } else {
    const inserted = await sql<{ uuid: string }>`insert into subscription
      (status, type, plan_interval, plan_amount, vendor, current_period_end, trial_end,
       cancel_at_period_end, discount_coupon_percent_off, discount_coupon_valid,
       payment_provider_id, provider_event_at)
      values (${values.status}, ${values.type}, ${values.plan_interval}, ${values.plan_amount},
       ${vendor.uuid}, ${values.current_period_end}, ${values.trial_end},
       ${values.cancel_at_period_end}, ${values.percent_off}, ${values.coupon_valid}, ${sub.id},
       ${eventAt})
      returning uuid`.execute(trx);
    uuid = inserted.rows[0]!.uuid;
  }
  // The vendor's current plan is the newest one alive; an ended one stays theirs until replaced.
  const alive = status !== 'CANCELED' && status !== 'INCOMPLETE_EXPIRED';
  if (alive || vendor.subscription === null || vendor.subscription === uuid)
    await sql`update vendor set subscription = ${uuid},
      is_on_trial_period = ${status === 'TRIALING'}, updated_at = now(),
      row_version = row_version + 1
      where uuid = ${vendor.uuid}`.execute(trx);
  return 'applied';
}

function subscriptionOfInvoice(invoice: Stripe.Invoice): string | undefined {
  const fromParent = invoice.parent?.subscription_details?.subscription;
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null })
    .subscription;
  const found = fromParent ?? legacy ?? undefined;
  return typeof found === 'string' ? found : found?.id;
}

async function applyInvoice(
  trx: Transaction<Database>,
  invoice: Stripe.Invoice,
  eventAt: Date,
  paid: boolean,
): Promise<EventOutcome> {
  const subId = subscriptionOfInvoice(invoice);
  if (!subId) return 'ignored';
  const row = (
    await sql<Row>`select uuid, status, provider_event_at from subscription
      where payment_provider_id = ${subId} and provider_event_at is not null for update`.execute(
      trx,
    )
  ).rows[0];
  if (!row) return 'ignored';
  if ((row.provider_event_at as Date).getTime() > eventAt.getTime()) return 'stale';
  const status = row.status as SubscriptionStatusName;
  const next: SubscriptionStatusName | undefined = paid
    ? BEHIND.includes(status)
      ? 'ACTIVE'
      : undefined
    : status === 'CANCELED' || status === 'INCOMPLETE_EXPIRED'
      ? undefined
      : 'PAST_DUE';
  if (!next) return 'applied';
  await sql`update subscription set status = ${next}, provider_event_at = ${eventAt},
    updated_at = now(), row_version = row_version + 1
    where uuid = ${row.uuid as string}`.execute(trx);
  return 'applied';
}

/**
 * Applies one verified event in one transaction: recorded by its id first, so a replay finds it and
 * changes nothing; an event dated before the one a subscription last took is late and skipped.
 */
export async function applyProviderEvent(
  db: Kysely<Database>,
  settings: BillingSettings,
  event: Stripe.Event,
  discount?: SubscriptionDiscount,
): Promise<EventOutcome> {
  return db.transaction().execute(async (trx) => {
    const eventAt = new Date(event.created * 1000);
    const recorded = await sql`insert into payment_provider_event (id, type, provider_created_at)
      values (${event.id}, ${event.type}, ${eventAt}) on conflict (id) do nothing
      returning id`.execute(trx);
    if (!recorded.rows.length) return 'replayed';
    switch (event.type) {
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
        return applySubscription(trx, settings, event.data.object, eventAt, false, discount);
      case 'customer.subscription.deleted':
        return applySubscription(trx, settings, event.data.object, eventAt, true, discount);
      case 'invoice.paid':
        await recordProviderInvoice(trx, event.data.object, true);
        await recordReferralReward(trx, event.data.object, eventAt);
        return applyInvoice(trx, event.data.object, eventAt, true);
      case 'invoice.finalized':
        return recordProviderInvoice(trx, event.data.object, false);
      case 'invoice.payment_failed':
        return applyInvoice(trx, event.data.object, eventAt, false);
      default:
        return (await applyPaymentEvent(trx, event)) ?? 'ignored';
    }
  });
}
