import type { GuardUser } from '../../domain/routing/guard.ts';
import { mainRole, type GroupName } from '../../domain/roles.ts';
import type { SubscriptionView } from '../../domain/subscriptionAccess.ts';
import type { AppErrorCode } from '../../rpc/errors.ts';

/** What SessionService.GetCurrentUser answers that the session keeps (the proto message fits). */
export interface CurrentUserPayload {
  readonly sub: string;
  readonly email: string;
  readonly groups: readonly string[];
  readonly isCompanyAdmin: boolean;
  readonly firstName: string;
  readonly lastName: string;
  readonly vendorUuid: string;
  readonly customerUuid: string;
  /** When the legal terms in force were last updated (GetCurrentUser). */
  readonly legalTermsUpdatedAt?: Date | null;
  /** The vendor or customer record found by identity subject (RetrieveByIdentity), if any. */
  readonly record?: SessionRecordPayload | null;
}

/** What the shell reads from the user's own vendor or customer record. */
export interface SessionRecordPayload {
  readonly onboardingCompleted: boolean;
  readonly acceptedLegalTermAt: Date | null;
  readonly profilPicture: string;
  /** Vendors only: start of the extension free trial. */
  readonly trialStart: Date | null;
  /** Vendors only: the plan as the payment provider mirrors it. */
  readonly subscription: SubscriptionView | null;
}

/** The signed-in user as the app sees it; `role` follows the spec's group order. */
export interface SessionUser {
  readonly sub: string;
  readonly email: string;
  readonly groups: readonly string[];
  readonly role: GroupName | null;
  readonly isCompanyAdmin: boolean;
  readonly firstName: string;
  readonly lastName: string;
  readonly vendorUuid: string | null;
  readonly customerUuid: string | null;
  /** Staff without a record count as onboarded. */
  readonly onboardingCompleted: boolean;
  readonly acceptedLegalTermAt: Date | null;
  readonly legalTermsUpdatedAt: Date | null;
  readonly profilPicture: string;
  readonly trialStart: Date | null;
  readonly subscription: SubscriptionView | null;
}

/** Sign-in steps fail with their own code; RPC failures keep the funnel's code. */
export type SessionErrorCode =
  AppErrorCode | 'restoreFailed' | 'signInFailed' | 'signOutFailed' | 'watchFailed';

export interface SessionContext {
  readonly user: SessionUser | null;
  /** Where the sign-in return lands (path and query), or null for "where the user is now". */
  readonly returnTo: string | null;
  /** Set exactly while the machine is in a state tagged `error`. */
  readonly errorCode: SessionErrorCode | null;
  /**
   * The provider holds a valid access token for the tab, as far as the machine was told: set by a
   * restored session or a renewal, cleared by expiry, a tab back without one, and sign-out.
   */
  readonly hasToken: boolean;
}

export type SessionEvent =
  | { type: 'session.signIn'; returnTo?: string }
  | { type: 'session.signOut' }
  | { type: 'session.retry' }
  /** Reload the user and their record after a change of their own (onboarding, legal terms...). */
  | { type: 'session.reload' }
  | { type: 'session.tokenExpired' }
  /** The tab became visible again and no valid access token is stored. */
  | { type: 'session.visibleWithoutToken' };

export function toSessionUser(payload: CurrentUserPayload): SessionUser {
  return {
    sub: payload.sub,
    email: payload.email,
    groups: [...payload.groups],
    role: mainRole(payload.groups),
    isCompanyAdmin: payload.isCompanyAdmin,
    firstName: payload.firstName,
    lastName: payload.lastName,
    vendorUuid: payload.vendorUuid || null,
    customerUuid: payload.customerUuid || null,
    onboardingCompleted: payload.record?.onboardingCompleted ?? true,
    acceptedLegalTermAt: payload.record?.acceptedLegalTermAt ?? null,
    legalTermsUpdatedAt: payload.legalTermsUpdatedAt ?? null,
    profilPicture: payload.record?.profilPicture ?? '',
    trialStart: payload.record?.trialStart ?? null,
    subscription: payload.record?.subscription ?? null,
  };
}

/** What the route guard reads of the user (1-app-shell.md §6 steps 2 to 6). */
export function toGuardUser(user: SessionUser): GuardUser {
  return {
    groups: user.groups,
    hasRecord: user.vendorUuid !== null || user.customerUuid !== null,
    onboardingCompleted: user.onboardingCompleted,
  };
}
