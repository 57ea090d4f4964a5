import { Code } from '@connectrpc/connect';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import {
  hasSubscriptionAccess,
  isInTrial,
  isValidSubscription,
  type SubscriptionView,
} from '../../../src/domain/subscriptionAccess.ts';
import type { Caller } from '../../rpc/caller.ts';
import { fail } from '../../rpc/reasons.ts';

/** What the subscription modal shows under its own translated text (1-app-shell.md §4, §8). */
export const SUBSCRIPTION_UPDATE_MESSAGE =
  'Your subscription is not active: renew it or choose a plan to keep adding customers and deposits.';

interface VendorPlan {
  readonly trialStart: Date | null;
  readonly subscription: SubscriptionView | null;
}

async function vendorPlan(db: Kysely<Database>, vendorUuid: string): Promise<VendorPlan> {
  const row = await db
    .selectFrom('vendor as v')
    .leftJoin('subscription as s', 's.uuid', 'v.subscription')
    .select([
      'v.extension_free_trial_start_datetime as trial_start',
      's.status',
      's.type',
      's.payment_provider_id',
    ])
    .where('v.uuid', '=', vendorUuid)
    .executeTakeFirst();
  if (!row) return { trialStart: null, subscription: null };
  return {
    trialStart: row.trial_start,
    subscription:
      row.status === null && row.type === null
        ? null
        : { status: row.status, type: row.type, paymentProviderId: row.payment_provider_id },
  };
}

/**
 * Whether a vendor may use the calls that need a plan, with the shared rules of
 * src/domain/subscriptionAccess.ts: an active or training subscription (hasSubscriptionAccess),
 * a paid plan active or trialing (isValidSubscription), or the 14-day extension trial (isInTrial).
 */
export function vendorHasAccess(plan: VendorPlan, now: Date): boolean {
  const subject = { isAdminLevel: false, isCustomer: false, subscription: plan.subscription };
  return (
    hasSubscriptionAccess(subject) ||
    isValidSubscription(plan.subscription) ||
    isInTrial({ trialStart: plan.trialStart }, now)
  );
}

/**
 * The subscription gate of the calls that need a plan (creating customers and deposits, importing
 * contacts). Admin-level callers always pass; so do callers without a vendor record, whom each
 * call's own checks refuse or admit. A vendor without access is refused with PermissionDenied and
 * SUBSCRIPTION_UPDATE_NEEDED, which opens the subscription modal in the browser.
 */
export async function requireSubscriptionAccess(
  db: Kysely<Database>,
  caller: Caller,
  now: Date,
): Promise<void> {
  if (caller.isAdminLevel || !caller.vendorUuid) return;
  if (vendorHasAccess(await vendorPlan(db, caller.vendorUuid), now)) return;
  throw fail(Code.PermissionDenied, 'SUBSCRIPTION_UPDATE_NEEDED', SUBSCRIPTION_UPDATE_MESSAGE);
}
