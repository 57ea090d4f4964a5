/**
 * Subscription and trial rules of 1-app-shell.md §4, §6 and 2-business-data.md §4, shared by the
 * browser (route gate, subscription modal) and the server (refusals), so both decide alike.
 * Pure: the caller passes "now".
 */

export type SubscriptionStatusName =
  'INCOMPLETE' | 'INCOMPLETE_EXPIRED' | 'TRIALING' | 'ACTIVE' | 'PAST_DUE' | 'CANCELED' | 'UNPAID';

export type SubscriptionTypeName =
  'STARTER' | 'ESSENTIAL' | 'PRO' | 'PREMIUM' | 'ECOMMERCE' | 'COMMISSION' | 'FORMATION';

export interface SubscriptionView {
  readonly status: SubscriptionStatusName | null;
  readonly type?: SubscriptionTypeName | null;
  /** Id at the payment provider; `formation…` marks a training subscription. */
  readonly paymentProviderId?: string | null;
}

export interface AccessSubject {
  readonly isAdminLevel: boolean;
  readonly isCustomer: boolean;
  readonly subscription: SubscriptionView | null;
}

/** Length of the extension free trial. */
export const FREE_TRIAL_DAYS = 14;
const DAY_MS = 86_400_000;

/** A training subscription does not count as an existing paid one. */
export function isTrainingSubscription(subscription: SubscriptionView | null): boolean {
  return (subscription?.paymentProviderId ?? '').startsWith('formation');
}

/** Admins always pass; anyone else but a customer needs an active or a training subscription. */
export function hasSubscriptionAccess(subject: AccessSubject): boolean {
  if (subject.isAdminLevel) return true;
  if (subject.isCustomer) return false;
  return subject.subscription?.status === 'ACTIVE' || isTrainingSubscription(subject.subscription);
}

/** The stricter variant: admins, or an active subscription (training alone is not enough). */
export function hasActiveSubscriptionAccess(subject: AccessSubject): boolean {
  if (subject.isAdminLevel) return true;
  if (subject.isCustomer) return false;
  return subject.subscription?.status === 'ACTIVE';
}

/** Valid: a paid plan (neither commission nor training) that is active or trialing. */
export function isValidSubscription(subscription: SubscriptionView | null): boolean {
  if (!subscription) return false;
  if (subscription.type === 'COMMISSION' || subscription.type === 'FORMATION') return false;
  if (isTrainingSubscription(subscription)) return false;
  return subscription.status === 'ACTIVE' || subscription.status === 'TRIALING';
}

/** The variant that ignores only the commission type (a training plan may count). */
export function isValidIgnoringCommission(subscription: SubscriptionView | null): boolean {
  if (!subscription || subscription.type === 'COMMISSION') return false;
  return subscription.status === 'ACTIVE' || subscription.status === 'TRIALING';
}

/** End of the extension free trial: 14 days after it started. */
export function trialEnd(trialStart: Date): Date {
  return new Date(trialStart.getTime() + FREE_TRIAL_DAYS * DAY_MS);
}

/** In trial while the user exists, the trial has started and its end is still ahead. */
export function isInTrial(user: { trialStart: Date | null } | null, now: Date): boolean {
  if (!user?.trialStart) return false;
  return trialEnd(user.trialStart).getTime() > now.getTime();
}

/** Whole days left, rounded up (a trial ending this afternoon still shows 1 day); 0 once over. */
export function trialDaysLeft(user: { trialStart: Date | null } | null, now: Date): number {
  if (!user?.trialStart || !isInTrial(user, now)) return 0;
  return Math.ceil((trialEnd(user.trialStart).getTime() - now.getTime()) / DAY_MS);
}
