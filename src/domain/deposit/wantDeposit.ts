import { parisDay } from '../calendar.ts';
import {
  isTrainingSubscription,
  type SubscriptionStatusName,
  type SubscriptionTypeName,
} from '../subscriptionAccess.ts';
import {
  departmentOf,
  missingProfileFields,
  REQUIRED_PROFILE_FIELDS,
  type RequiredProfileField,
} from '../fieldRules.ts';

/**
 * Why a vendor may not take a deposit open to vendors (2-business-data.md §6), in the
 * specification's order: the contract's WantDepositRefusal names without their prefix. The server
 * sends the first one that applies as the error reason; the marketplace screen shows it before the
 * vendor even asks. Pure: the caller gathers the facts and passes "now".
 */
export const WANT_DEPOSIT_REFUSALS = [
  'NO_PAID_SUBSCRIPTION',
  'COMMISSION_SUBSCRIPTION',
  'SUBSCRIPTION_NOT_UP_TO_DATE',
  'TRIAL_PERIOD',
  'SUBSCRIPTION_CANCELLED_AT_PERIOD_END',
  'TRAINING_FINISHED',
  'VENDOR_DISABLED',
  'PROFILE_INCOMPLETE',
  'WELCOME_MEETING_NOT_DONE',
  'VENDOR_UNAVAILABLE',
  'TOO_MANY_PENDING_DEPOSITS',
  'ALREADY_TOOK_DEPOSIT_TODAY',
  'DEPOSIT_GENDER_DIFFERS',
  'POSTAL_SHIPPING_REFUSED_OTHER_DEPARTMENT',
  'PRIORITY_DEPARTMENT',
] as const;
export type WantDepositRefusalName = (typeof WANT_DEPOSIT_REFUSALS)[number];

export function isWantDepositRefusal(value: unknown): value is WantDepositRefusalName {
  return typeof value === 'string' && (WANT_DEPOSIT_REFUSALS as readonly string[]).includes(value);
}

/** The vendor's current subscription as stored (mirrored from the payment provider). */
export interface SubscriptionFacts {
  readonly type: SubscriptionTypeName | null;
  readonly status: SubscriptionStatusName | null;
  readonly cancelAtPeriodEnd: boolean;
  readonly paymentProviderId: string | null;
  readonly currentPeriodEnd: Date | null;
}

export { departmentOf, missingProfileFields, REQUIRED_PROFILE_FIELDS };
export type ProfileField = RequiredProfileField;

export interface VendorFacts {
  readonly subscription: SubscriptionFacts | null;
  readonly isOnTrialPeriod: boolean;
  readonly disabledAt: Date | null;
  readonly profile: Readonly<Record<ProfileField, string | null>> & {
    /** Set by support when something is missing that the fields cannot tell (identity card...). */
    readonly incompleteStatusReason: string | null;
  };
  readonly welcomeMeetingDone: boolean;
  readonly availability: 'AVAILABLE' | 'UNAVAILABLE' | null;
  /** Marketplace deposits assigned to the vendor and not received yet. */
  readonly pendingDeposits: number;
  /** The vendor's latest assignment (affectation_datetime), if any. */
  readonly latestAffectation: Date | null;
  /** Product family the vendor works with (deposit_family_favorite), if chosen. */
  readonly familyFavorite: string | null;
}

export interface DepositFacts {
  readonly family: string | null;
  readonly customerPostalCode: string | null;
  readonly customerAcceptsPostal: boolean;
}

export interface WantDepositRules {
  readonly now: Date;
  readonly maxPendingDeposits: number;
  /** Departments whose deposits go to the vendors of that department first ('Bientôt disponible'). */
  readonly priorityDepartments: readonly string[];
}

const RUNNING: readonly (SubscriptionStatusName | null)[] = ['ACTIVE', 'TRIALING'];
const NOT_UP_TO_DATE: readonly (SubscriptionStatusName | null)[] = [
  'PAST_DUE',
  'UNPAID',
  'INCOMPLETE',
];
/** Families that fit every vendor: a mixed deposit or a vendor who takes everything. */
const ANY_FAMILY = 'MIXED';

function isTraining(s: SubscriptionFacts): boolean {
  return s.type === 'FORMATION' || isTrainingSubscription(s);
}

function trainingRunning(s: SubscriptionFacts, now: Date): boolean {
  return (
    RUNNING.includes(s.status) &&
    (s.currentPeriodEnd === null || s.currentPeriodEnd.getTime() > now.getTime())
  );
}

type Check = (v: VendorFacts, r: WantDepositRules) => boolean;
type DepositCheck = (v: VendorFacts, d: DepositFacts, r: WantDepositRules) => boolean;

/** Reasons that depend on the vendor alone: they apply to every deposit. */
const VENDOR_CHECKS: ReadonlyArray<readonly [WantDepositRefusalName, Check]> = [
  [
    'NO_PAID_SUBSCRIPTION',
    ({ subscription: s }, { now }) =>
      !s ||
      (isTraining(s)
        ? trainingRunning(s, now)
        : s.type !== 'COMMISSION' &&
          !RUNNING.includes(s.status) &&
          !NOT_UP_TO_DATE.includes(s.status) &&
          // A plan the vendor cancelled at period end and that has ended keeps reason 5.
          !s.cancelAtPeriodEnd),
  ],
  ['COMMISSION_SUBSCRIPTION', ({ subscription: s }) => s?.type === 'COMMISSION'],
  [
    'SUBSCRIPTION_NOT_UP_TO_DATE',
    ({ subscription: s }) => !!s && !isTraining(s) && NOT_UP_TO_DATE.includes(s.status),
  ],
  ['TRIAL_PERIOD', (v) => v.subscription?.status === 'TRIALING' || v.isOnTrialPeriod],
  ['SUBSCRIPTION_CANCELLED_AT_PERIOD_END', (v) => v.subscription?.cancelAtPeriodEnd === true],
  [
    'TRAINING_FINISHED',
    ({ subscription: s }, { now }) => !!s && isTraining(s) && !trainingRunning(s, now),
  ],
  ['VENDOR_DISABLED', (v, { now }) => !!v.disabledAt && v.disabledAt.getTime() <= now.getTime()],
  [
    'PROFILE_INCOMPLETE',
    (v) => missingProfileFields(v.profile).length > 0 || !!v.profile.incompleteStatusReason?.trim(),
  ],
  ['WELCOME_MEETING_NOT_DONE', (v) => !v.welcomeMeetingDone],
  ['VENDOR_UNAVAILABLE', (v) => v.availability !== 'AVAILABLE'],
  ['TOO_MANY_PENDING_DEPOSITS', (v, r) => v.pendingDeposits >= r.maxPendingDeposits],
  [
    'ALREADY_TOOK_DEPOSIT_TODAY',
    (v, { now }) => !!v.latestAffectation && parisDay(v.latestAffectation) === parisDay(now),
  ],
];

/** Reasons that depend on the deposit too. */
const DEPOSIT_CHECKS: ReadonlyArray<readonly [WantDepositRefusalName, DepositCheck]> = [
  [
    'DEPOSIT_GENDER_DIFFERS',
    (v, d) =>
      !!v.familyFavorite &&
      !!d.family &&
      v.familyFavorite !== ANY_FAMILY &&
      d.family !== ANY_FAMILY &&
      v.familyFavorite !== d.family,
  ],
  [
    'POSTAL_SHIPPING_REFUSED_OTHER_DEPARTMENT',
    (v, d) => {
      const depositDepartment = departmentOf(d.customerPostalCode);
      return (
        !d.customerAcceptsPostal &&
        depositDepartment !== null &&
        departmentOf(v.profile.postalCode) !== depositDepartment
      );
    },
  ],
  [
    'PRIORITY_DEPARTMENT',
    (v, d, r) => {
      const depositDepartment = departmentOf(d.customerPostalCode);
      return (
        depositDepartment !== null &&
        r.priorityDepartments.includes(depositDepartment) &&
        departmentOf(v.profile.postalCode) !== depositDepartment
      );
    },
  ],
];

/** The first reason, in the specification's order, that depends on the vendor alone; or null. */
export function vendorRefusal(
  vendor: VendorFacts,
  rules: WantDepositRules,
): WantDepositRefusalName | null {
  return VENDOR_CHECKS.find(([, applies]) => applies(vendor, rules))?.[0] ?? null;
}

/** The first reason, in the specification's order, why this vendor may not take this deposit. */
export function wantDepositRefusal(
  vendor: VendorFacts,
  deposit: DepositFacts,
  rules: WantDepositRules,
): WantDepositRefusalName | null {
  return (
    vendorRefusal(vendor, rules) ??
    DEPOSIT_CHECKS.find(([, applies]) => applies(vendor, deposit, rules))?.[0] ??
    null
  );
}

/** English text of each refusal, for logs and API callers; the browser translates the reason. */
export const WANT_DEPOSIT_REFUSAL_MESSAGES: Readonly<Record<WantDepositRefusalName, string>> = {
  NO_PAID_SUBSCRIPTION: 'A paid subscription is needed to take deposits',
  COMMISSION_SUBSCRIPTION: 'A commission subscription cannot take deposits',
  SUBSCRIPTION_NOT_UP_TO_DATE: 'The subscription is not up to date',
  TRIAL_PERIOD:
    'Deposits are not available during the trial period: only paid plans can use the marketplace for 3-month mandates',
  SUBSCRIPTION_CANCELLED_AT_PERIOD_END: 'The subscription is cancelled at the end of the period',
  TRAINING_FINISHED: 'The training is finished; subscribe to take deposits',
  VENDOR_DISABLED: 'This vendor is disabled',
  PROFILE_INCOMPLETE: 'The vendor profile is incomplete',
  WELCOME_MEETING_NOT_DONE: 'The marketplace welcome meeting is not done yet',
  VENDOR_UNAVAILABLE: 'The vendor is marked unavailable for new deposits',
  TOO_MANY_PENDING_DEPOSITS: 'Too many deposits are still pending',
  ALREADY_TOOK_DEPOSIT_TODAY: 'A deposit was already taken today',
  DEPOSIT_GENDER_DIFFERS: "The deposit's family differs from the vendor's",
  POSTAL_SHIPPING_REFUSED_OTHER_DEPARTMENT:
    'The customer refuses postal shipping and the vendor is in another department',
  PRIORITY_DEPARTMENT: "Coming soon: this department's vendors have priority",
};
