import {
  WANT_DEPOSIT_REFUSALS,
  isWantDepositRefusal,
  type WantDepositRefusalName,
} from '../../domain/deposit/wantDeposit.ts';
import { WantDepositRefusalSchema } from '../../rpc/gen/seconde/v1/deposit_pb.ts';
import { enumLabel, labelKey } from '../people/labels.ts';

/**
 * The 15 reasons a vendor may not take a deposit (2-business-data.md §6), shared with the server
 * (src/domain/deposit/wantDeposit.ts): the contract enum names without prefix, as they arrive in a
 * FailedPrecondition reason.
 */
export const REFUSALS = WANT_DEPOSIT_REFUSALS;
export type Refusal = WantDepositRefusalName;
export const isRefusal = isWantDepositRefusal;

/** Contract number → refusal label, null for UNSPECIFIED (nothing stands in the way). */
export function refusalOf(value: number): Refusal | null {
  const label = enumLabel(WantDepositRefusalSchema, value);
  return isRefusal(label) ? label : null;
}

/** `TRIAL_PERIOD` → `marketplace.refusalTrialPeriod`. */
export function refusalKey(refusal: Refusal): string {
  return labelKey('marketplace.refusal', refusal);
}

/** What the vendor can do about a refusal: a text key and the screen where it is done. */
export interface RefusalFix {
  readonly labelKey: string;
  readonly to: string;
}

const SUBSCRIBE: RefusalFix = {
  labelKey: 'marketplace.fixSubscribe',
  to: '/edit-profile/subscription',
};
const UPDATE_SUBSCRIPTION: RefusalFix = {
  labelKey: 'marketplace.fixUpdateSubscription',
  to: '/edit-profile/subscription',
};

/**
 * The action that lifts a refusal, where there is one (edit-profile and its subscription child
 * are the spec's routes, 1-app-shell.md §2). Reasons tied to the deposit itself, the day or a
 * decision of the staff have none.
 */
export const REFUSAL_FIXES: Readonly<Partial<Record<Refusal, RefusalFix>>> = {
  NO_PAID_SUBSCRIPTION: SUBSCRIBE,
  COMMISSION_SUBSCRIPTION: SUBSCRIBE,
  TRIAL_PERIOD: SUBSCRIBE,
  TRAINING_FINISHED: SUBSCRIBE,
  SUBSCRIPTION_NOT_UP_TO_DATE: UPDATE_SUBSCRIPTION,
  SUBSCRIPTION_CANCELLED_AT_PERIOD_END: UPDATE_SUBSCRIPTION,
  PROFILE_INCOMPLETE: { labelKey: 'marketplace.fixCompleteProfile', to: '/edit-profile' },
  VENDOR_UNAVAILABLE: { labelKey: 'marketplace.fixSetAvailable', to: '/edit-profile' },
  TOO_MANY_PENDING_DEPOSITS: { labelKey: 'marketplace.fixSeeDeposits', to: '/deposits' },
};
