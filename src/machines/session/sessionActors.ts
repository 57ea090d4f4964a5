import type { Client } from '@connectrpc/connect';
import { timestampDate, type Timestamp } from '@bufbuild/protobuf/wkt';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type {
  SubscriptionStatusName,
  SubscriptionTypeName,
} from '../../domain/subscriptionAccess.ts';
import type { CustomerService } from '../../rpc/gen/seconde/v1/customer_pb.ts';
import type { SessionService } from '../../rpc/gen/seconde/v1/session_pb.ts';
import {
  SubscriptionStatusSchema,
  SubscriptionTypeSchema,
} from '../../rpc/gen/seconde/v1/subscription_pb.ts';
import type { VendorService } from '../../rpc/gen/seconde/v1/vendor_pb.ts';
import { enumLabel } from '../people/labels.ts';
import type { RestoredSession, SessionAuth } from './oidc.ts';
import type { CurrentUserPayload, SessionRecordPayload } from './sessionTypes.ts';

/** The part of `document` the tab's visibility is read from; a parameter so tests need no DOM. */
export interface VisibilitySource {
  readonly visibilityState: DocumentVisibilityState;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

export interface SessionActorDeps {
  readonly auth: SessionAuth;
  /** `document` unless a test gives its own. */
  readonly page?: VisibilitySource;
  readonly sessionClient: Client<typeof SessionService>;
  readonly vendorClient: Client<typeof VendorService>;
  readonly customerClient: Client<typeof CustomerService>;
}

const dateOf = (t: Timestamp | undefined): Date | null => (t ? timestampDate(t) : null);

/**
 * Who is signed in, then their own vendor or customer record looked up by identity subject
 * (1-app-shell.md §6 step 4). The server checks the lookup; a failure fails the whole load, which
 * the machine sends to /unrecognized-user.
 */
export async function loadCurrentUser(
  deps: Omit<SessionActorDeps, 'auth'>,
  signal: AbortSignal,
): Promise<CurrentUserPayload> {
  const user = await deps.sessionClient.getCurrentUser({}, { signal });
  const base = { ...user, legalTermsUpdatedAt: dateOf(user.legalTermsUpdatedAt) };
  const identityUserUuid = user.sub;
  let record: SessionRecordPayload | null = null;
  if (user.vendorUuid) {
    const vendor = await deps.vendorClient.retrieveByIdentity({ identityUserUuid }, { signal });
    const detail = vendor.subscriptionDetail;
    record = {
      onboardingCompleted: vendor.onboardingCompleted,
      acceptedLegalTermAt: dateOf(vendor.acceptedLegalTermAt),
      profilPicture: vendor.profilPicture,
      trialStart: dateOf(vendor.extensionFreeTrialStartDatetime),
      subscription: detail
        ? {
            status: enumLabel(SubscriptionStatusSchema, detail.status) as SubscriptionStatusName,
            type: enumLabel(SubscriptionTypeSchema, detail.type) as SubscriptionTypeName,
            paymentProviderId: detail.paymentProviderId,
          }
        : null,
    };
  } else if (user.customerUuid) {
    const customer = await deps.customerClient.retrieveByIdentity({ identityUserUuid }, { signal });
    record = {
      onboardingCompleted: customer.onboardingCompleted,
      acceptedLegalTermAt: dateOf(customer.acceptedLegalTermAt),
      profilPicture: customer.profilPicture,
      trialStart: null,
      subscription: null,
    };
  }
  return { ...base, record };
}

/**
 * The session machine's real side effects, handed to `sessionMachine.provide({ actors })` by the
 * app; tests provide stubs or these over a router transport instead.
 */
export function createSessionActors({ auth, page, ...clients }: SessionActorDeps) {
  return {
    restoreSession: fromPromise<RestoredSession>(() => auth.restore()),
    signIn: fromPromise<void, { returnTo: string | null }>(({ input }) =>
      auth.signIn(input.returnTo),
    ),
    loadCurrentUser: fromPromise<CurrentUserPayload>(({ signal }) =>
      loadCurrentUser(clients, signal),
    ),
    renewToken: fromPromise<void>(() => auth.renew()),
    signOut: fromPromise<void>(() => auth.signOut()),
    watchTokens: fromCallback<EventObject>(({ sendBack }) =>
      auth.watch(() => sendBack({ type: 'session.tokenExpired' })),
    ),
    // 1-app-shell.md §7: back on the tab without a valid token, the machine tries a silent
    // sign-in, then a full one.
    watchVisibility: fromCallback<EventObject>(({ sendBack }) => {
      const source = page ?? document;
      const onChange = (): void => {
        if (source.visibilityState !== 'visible') return;
        void auth
          .hasValidToken()
          .catch(() => false)
          .then((valid) => {
            if (!valid) sendBack({ type: 'session.visibleWithoutToken' });
          });
      };
      source.addEventListener('visibilitychange', onChange);
      return () => source.removeEventListener('visibilitychange', onChange);
    }),
  };
}
