import { assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import { isDeveloper, isUnrecognisedUser } from '../../domain/routing/guard.ts';
import { hasRecognisedGroup } from '../../domain/roles.ts';
import { toAppError } from '../../rpc/errors.ts';
import type { RestoredSession } from './oidc.ts';
import {
  toGuardUser,
  toSessionUser,
  type CurrentUserPayload,
  type SessionContext,
  type SessionErrorCode,
  type SessionEvent,
} from './sessionTypes.ts';

/** Placeholder actors fail, so a machine nobody wired lands in `failed`, never in a crash. */
function notProvided(name: string) {
  return () => Promise.reject(new Error(`The session actor "${name}" was not provided`));
}

/** The session machine's actors, guards and actions, named so tests and the app provide them. */
export const sessionSetup = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    restoreSession: fromPromise<RestoredSession>(notProvided('restoreSession')),
    signIn: fromPromise<void, { returnTo: string | null }>(notProvided('signIn')),
    loadCurrentUser: fromPromise<CurrentUserPayload>(notProvided('loadCurrentUser')),
    renewToken: fromPromise<void>(notProvided('renewToken')),
    signOut: fromPromise<void>(notProvided('signOut')),
    watchTokens: fromCallback<EventObject>(() => undefined),
    watchVisibility: fromCallback<EventObject>(() => undefined),
  },
  guards: {
    isSignedIn: (_, params: { signedIn: boolean }) => params.signedIn,
    hasUser: ({ context }) => context.user !== null,
    hasNoRecognisedGroup: ({ context }) => !hasRecognisedGroup(context.user?.groups ?? []),
    // Route guard step 4: a Vendor or Customer needs their own record; a Developer does not.
    isUnrecognised: ({ context }) => {
      const user = context.user && toGuardUser(context.user);
      return user !== null && !isDeveloper(user) && isUnrecognisedUser(user);
    },
  },
  actions: {
    assignReturnTo: assign((_, params: { returnTo: string | null | undefined }) => ({
      returnTo: params.returnTo ?? null,
    })),
    assignUser: assign((_, params: { payload: CurrentUserPayload }) => ({
      user: toSessionUser(params.payload),
    })),
    assignError: assign((_, params: { code: SessionErrorCode }) => ({ errorCode: params.code })),
    assignRpcError: assign((_, params: { error: unknown }) => ({
      errorCode: toAppError(params.error).code,
    })),
    clearError: assign({ errorCode: null }),
    clearSession: assign({ user: null, returnTo: null, hasToken: false }),
    assignToken: assign({ hasToken: true }),
    forgetToken: assign({ hasToken: false }),
  },
});
