import { assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import { hasRecognisedGroup } from '../../domain/roles.ts';
import { toAppError } from '../../rpc/errors.ts';
import type { RestoredSession } from './oidc.ts';
import {
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

/**
 * The sign-in life of the tab (1-app-shell.md §6-7): restore or finish a sign-in, load who the
 * user is, keep the token fresh, sign out. The real actors are wired in `sessionActors.ts`.
 */
export const sessionMachine = setup({
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
  },
  guards: {
    isSignedIn: (_, params: { signedIn: boolean }) => params.signedIn,
    hasUser: ({ context }) => context.user !== null,
    hasNoRecognisedGroup: ({ context }) => !hasRecognisedGroup(context.user?.groups ?? []),
    // Route guard step 4: a Vendor or Customer needs their own record; a Developer does not.
    isUnrecognised: ({ context }) =>
      !context.user?.groups.includes('Developer') &&
      context.user?.vendorUuid === null &&
      context.user.customerUuid === null,
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
    clearSession: assign({ user: null, returnTo: null }),
  },
}).createMachine({
  id: 'session',
  initial: 'initialising',
  context: { user: null, returnTo: null, errorCode: null },
  states: {
    initialising: {
      tags: ['busy'],
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        onDone: [
          {
            guard: { type: 'isSignedIn', params: ({ event }) => event.output },
            target: 'signedIn',
            actions: {
              type: 'assignReturnTo',
              params: ({ event }) => ({ returnTo: event.output.returnTo }),
            },
          },
          { target: 'signedOut' },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: { code: 'restoreFailed' } },
        },
      },
    },
    signedOut: {
      on: {
        'session.signIn': {
          target: 'signingIn',
          actions: {
            type: 'assignReturnTo',
            params: ({ event }) => ({ returnTo: event.returnTo }),
          },
        },
      },
    },
    signingIn: {
      tags: ['busy'],
      // Success leaves the page for the provider; only a failure comes back here.
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => ({ returnTo: context.returnTo }),
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: { code: 'signInFailed' } },
        },
      },
    },
    signedIn: {
      tags: ['signedIn'],
      initial: 'loadingUser',
      invoke: {
        id: 'watchTokens',
        src: 'watchTokens',
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: { code: 'watchFailed' } },
        },
      },
      on: {
        'session.signOut': { target: 'signingOut' },
        'session.tokenExpired': { target: '.renewing' },
      },
      states: {
        loadingUser: {
          tags: ['busy'],
          invoke: {
            id: 'loadCurrentUser',
            src: 'loadCurrentUser',
            onDone: {
              target: 'checking',
              actions: { type: 'assignUser', params: ({ event }) => ({ payload: event.output }) },
            },
            // 1-app-shell.md §8: a failure while checking the user sends to /unrecognized-user.
            onError: {
              target: 'checkFailed',
              actions: { type: 'assignRpcError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        checking: {
          always: [
            { guard: 'hasNoRecognisedGroup', target: 'noGroup' },
            { guard: 'isUnrecognised', target: 'unrecognised' },
            { target: 'ready' },
          ],
        },
        ready: { tags: ['ready'], on: { 'session.reload': { target: 'loadingUser' } } },
        noGroup: { tags: ['noGroup'] },
        unrecognised: { tags: ['unrecognised'] },
        checkFailed: {
          tags: ['error', 'unrecognised'],
          exit: 'clearError',
          on: { 'session.retry': { target: 'loadingUser' } },
        },
        renewing: {
          tags: ['busy'],
          invoke: {
            id: 'renewToken',
            src: 'renewToken',
            onDone: [{ guard: 'hasUser', target: 'checking' }, { target: 'loadingUser' }],
            // 1-app-shell.md §8: a failed renewal forces a new sign-in keeping the current path.
            onError: {
              target: '#session.signingIn',
              actions: { type: 'assignReturnTo', params: { returnTo: null } },
            },
          },
        },
      },
    },
    signingOut: {
      tags: ['busy'],
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: { target: 'signedOut', actions: 'clearSession' },
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: { code: 'signOutFailed' } },
        },
      },
    },
    failed: {
      tags: ['error'],
      exit: 'clearError',
      on: {
        'session.signIn': {
          target: 'signingIn',
          actions: [
            'clearSession',
            { type: 'assignReturnTo', params: ({ event }) => ({ returnTo: event.returnTo }) },
          ],
        },
      },
    },
  },
});
