import type { SubscriptionTypeName } from '../../../src/domain/subscriptionAccess.ts';

export type PlanInterval = 'month' | 'year';

/** One plan as sold: its price at the payment provider and what it allows. */
export interface PlanPrice {
  readonly type: SubscriptionTypeName;
  readonly interval: PlanInterval;
  /** The provider's price id (`price_…`); the sandbox uses these defaults. */
  readonly priceId: string;
  /** Per interval, in cents, taxes included. */
  readonly amountCents: number;
  /** Products a vendor may hold at once on this plan; 0 means no limit. */
  readonly productLimit: number;
}

/**
 * The payment provider (Stripe) as a deployment configures it: its secret key and the signing
 * secret of the webhook endpoint, or the built-in sandbox on local installs.
 */
export interface BillingSettings {
  readonly secretKey: string | undefined;
  readonly webhookSecret: string | undefined;
  /**
   * Where the provider's API answers (https://api.stripe.com unless set): tests and local
   * doubles point it elsewhere.
   */
  readonly apiUrl: string | undefined;
  /** Without a secret key, the sandbox served by this server stands in for the provider. */
  readonly sandbox: boolean;
  readonly currency: string;
  readonly plans: readonly PlanPrice[];
  /** Length of the free trial the provider grants (1-app-shell.md §9: 14 days). */
  readonly trialDays: number;
  /** Each provider call gives up after this long: a slow provider is a clear failure, not a hang. */
  readonly timeoutMs: number;
}

/**
 * Plans of 2-business-data.md §4 with their default prices (cents per interval). The spec names the
 * plans, not their prices: a deployment sets each with PLAN_<TYPE>_<INTERVAL>_CENTS and its
 * provider price id with STRIPE_PRICE_<TYPE>_<INTERVAL>.
 */
const DEFAULT_PLANS: readonly (readonly [SubscriptionTypeName, PlanInterval, number, number])[] = [
  ['STARTER', 'month', 1900, 100],
  ['STARTER', 'year', 19000, 100],
  ['ESSENTIAL', 'month', 2900, 500],
  ['ESSENTIAL', 'year', 29000, 500],
  ['PRO', 'month', 4900, 5000],
  ['PRO', 'year', 49000, 5000],
  ['PREMIUM', 'month', 9900, 0],
  ['PREMIUM', 'year', 99000, 0],
  ['COMMISSION', 'month', 0, 0],
  ['FORMATION', 'month', 14900, 100],
];

export const DEFAULT_TRIAL_DAYS = 14;
export const DEFAULT_PROVIDER_TIMEOUT_MS = 10_000;

function cents(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a number of cents: ${value}`);
  return n;
}

export function loadBillingSettings(env: NodeJS.ProcessEnv, environment: string): BillingSettings {
  const plans = DEFAULT_PLANS.map(([type, interval, amount, limit]): PlanPrice => {
    const key = `${type}_${interval.toUpperCase()}`;
    return {
      type,
      interval,
      priceId: env[`STRIPE_PRICE_${key}`] || `price_${type.toLowerCase()}_${interval}`,
      amountCents: cents(env[`PLAN_${key}_CENTS`], amount, `PLAN_${key}_CENTS`),
      productLimit: cents(env[`PLAN_${type}_PRODUCT_LIMIT`], limit, `PLAN_${type}_PRODUCT_LIMIT`),
    };
  });
  const timeout = Number(env.STRIPE_TIMEOUT_MS);
  return {
    secretKey: env.STRIPE_SECRET_KEY || undefined,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    apiUrl: env.STRIPE_API_URL || undefined,
    sandbox: (env.PAYMENT_SANDBOX ?? (environment === 'local' ? '1' : '0')) === '1',
    currency: (env.PLAN_CURRENCY || 'eur').toLowerCase(),
    plans,
    trialDays: DEFAULT_TRIAL_DAYS,
    timeoutMs: Number.isInteger(timeout) && timeout > 0 ? timeout : DEFAULT_PROVIDER_TIMEOUT_MS,
  };
}

/** The sandbox's settings when nothing is configured (tests and local installs). */
export const SANDBOX_BILLING: BillingSettings = loadBillingSettings({}, 'local');

export function planOf(
  settings: BillingSettings,
  type: SubscriptionTypeName,
  interval: string,
): PlanPrice | undefined {
  return settings.plans.find((p) => p.type === type && p.interval === interval);
}

export function planByPrice(settings: BillingSettings, priceId: string): PlanPrice | undefined {
  return settings.plans.find((p) => p.priceId === priceId);
}
