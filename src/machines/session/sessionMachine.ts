import { sessionSetup } from './sessionSetup.ts';

/**
 * The sign-in life of the tab (1-app-shell.md §6-7): restore or finish a sign-in, load who the
 * user is, keep the token fresh, sign out. The real actors are wired in `sessionActors.ts`.
 */
export const sessionMachine = sessionSetup.createMachine({
  id: 'session',
  initial: 'initialising',
  context: { user: null, returnTo: null, errorCode: null, hasToken: false },
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
            actions: [
              'assignToken',
              {
                type: 'assignReturnTo',
                params: ({ event }) => ({ returnTo: event.output.returnTo }),
              },
            ],
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
    // Tagged `signedIn` in every child but `renewing`: never signed in without a token.
    signedIn: {
      initial: 'loadingUser',
      invoke: [
        {
          id: 'watchTokens',
          src: 'watchTokens',
          onError: {
            target: 'failed',
            actions: { type: 'assignError', params: { code: 'watchFailed' } },
          },
        },
        {
          id: 'watchVisibility',
          src: 'watchVisibility',
          onError: {
            target: 'failed',
            actions: { type: 'assignError', params: { code: 'watchFailed' } },
          },
        },
      ],
      on: {
        'session.signOut': { target: 'signingOut' },
        'session.tokenExpired': { target: '.renewing', actions: 'forgetToken' },
        // Back on the tab without a token: a silent sign-in, then a full one (§7).
        'session.visibleWithoutToken': { target: '.renewing', actions: 'forgetToken' },
      },
      states: {
        loadingUser: {
          tags: ['busy', 'signedIn'],
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
        ready: {
          tags: ['ready', 'signedIn'],
          on: { 'session.reload': { target: 'loadingUser' } },
        },
        // Reloaded once the user-type choice or the records give them a group or a record.
        noGroup: {
          tags: ['noGroup', 'signedIn'],
          on: { 'session.reload': { target: 'loadingUser' } },
        },
        // The record may appear a moment after the account was created: the user may look again.
        unrecognised: {
          tags: ['unrecognised', 'signedIn'],
          on: {
            'session.reload': { target: 'loadingUser' },
            'session.retry': { target: 'loadingUser' },
          },
        },
        checkFailed: {
          tags: ['error', 'unrecognised', 'signedIn'],
          exit: 'clearError',
          on: { 'session.retry': { target: 'loadingUser' } },
        },
        renewing: {
          tags: ['busy'],
          invoke: {
            id: 'renewToken',
            src: 'renewToken',
            onDone: [
              { guard: 'hasUser', target: 'checking', actions: 'assignToken' },
              { target: 'loadingUser', actions: 'assignToken' },
            ],
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
