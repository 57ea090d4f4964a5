import { and, assign, setup } from 'xstate';
import {
  DASHBOARD_PATH,
  NEW_VENDOR_TARGET,
  UNRECOGNIZED_USER_PATH,
  USER_TYPE_CHOICE_PATH,
  isDeveloper,
  isNewVendorLink,
  isPublicRoute,
  isRouteForbidden,
  isUnrecognisedUser,
  isUserTypeChoice,
  keepQuery,
  lacksRecognisedGroup,
  needsOnboarding,
  onboardingPathOf,
  routeOf,
  type GuardUser,
} from '../../domain/routing/guard.ts';
import type { GuardContext, GuardEvent, GuardInput } from './guardTypes.ts';

/** The signed-in user, or a stand-in no step admits (guards after the session checks only). */
const userOf = ({ session }: GuardContext): GuardUser =>
  session.kind === 'signedIn'
    ? session.user
    : { groups: [], hasRecord: false, onboardingCompleted: false };

/**
 * The route guard (1-app-shell.md §6), run on every navigation and whenever the session changes:
 * the six ordered steps as `deciding`'s eventless transitions, one named guard per step, and a
 * verdict state the outlet renders: the page, a redirect (query kept), a wait for the session, a
 * sign-in, or the session's failure. Which groups a route admits comes from the route table only.
 */
export const guardMachine = setup({
  types: {
    context: {} as GuardContext,
    events: {} as GuardEvent,
    input: {} as GuardInput,
  },
  guards: {
    isNewVendorLink: ({ context }) => isNewVendorLink(routeOf(context.location)),
    // Step 1.
    isPublicRoute: ({ context }) => isPublicRoute(routeOf(context.location)),
    isSessionPending: ({ context }) => context.session.kind === 'pending',
    isSignedOut: ({ context }) => context.session.kind === 'signedOut',
    isSessionFailed: ({ context }) => context.session.kind === 'failed',
    // 1-app-shell.md §8: a failure while checking the user sends to /unrecognized-user.
    hasUserCheckFailed: ({ context }) => context.session.kind === 'checkFailed',
    // Step 2.
    lacksRecognisedGroup: ({ context }) => lacksRecognisedGroup(userOf(context)),
    isUserTypeChoice: ({ context }) => isUserTypeChoice(routeOf(context.location)),
    // Step 3.
    isDeveloper: ({ context }) => isDeveloper(userOf(context)),
    // Step 4.
    isUnrecognisedUser: ({ context }) => isUnrecognisedUser(userOf(context)),
    // Step 5.
    needsOnboarding: ({ context }) => needsOnboarding(userOf(context), routeOf(context.location)),
    // Step 6.
    isRouteForbidden: ({ context }) => isRouteForbidden(userOf(context), routeOf(context.location)),
  },
  actions: {
    assignLocation: assign((_, params: { pathname: string; search: string }) => ({
      location: { pathname: params.pathname, search: params.search },
    })),
    assignSession: assign((_, params: Pick<GuardContext, 'session'>) => ({
      session: params.session,
    })),
    assignRedirect: assign(({ context }, params: { to: string }) => ({
      redirectTo: keepQuery(params.to, context.location.search),
    })),
    clearRedirect: assign({ redirectTo: null }),
  },
}).createMachine({
  id: 'guard',
  context: ({ input }) => ({ location: input.location, session: input.session, redirectTo: null }),
  initial: 'deciding',
  on: {
    'guard.navigated': {
      target: '.deciding',
      reenter: true,
      actions: {
        type: 'assignLocation',
        params: ({ event }) => ({ pathname: event.pathname, search: event.search }),
      },
    },
    'guard.sessionChanged': {
      target: '.deciding',
      reenter: true,
      actions: { type: 'assignSession', params: ({ event }) => ({ session: event.session }) },
    },
  },
  states: {
    deciding: {
      entry: 'clearRedirect',
      always: [
        {
          guard: 'isNewVendorLink',
          target: 'redirecting',
          actions: { type: 'assignRedirect', params: { to: NEW_VENDOR_TARGET } },
        },
        { guard: 'isPublicRoute', target: 'allowed' },
        { guard: 'isSessionPending', target: 'waitingForSession' },
        { guard: 'isSignedOut', target: 'needsSignIn' },
        { guard: 'isSessionFailed', target: 'sessionFailed' },
        {
          guard: 'hasUserCheckFailed',
          target: 'redirecting',
          actions: { type: 'assignRedirect', params: { to: UNRECOGNIZED_USER_PATH } },
        },
        { guard: and(['lacksRecognisedGroup', 'isUserTypeChoice']), target: 'allowed' },
        {
          guard: 'lacksRecognisedGroup',
          target: 'redirecting',
          actions: { type: 'assignRedirect', params: { to: USER_TYPE_CHOICE_PATH } },
        },
        { guard: 'isDeveloper', target: 'allowed' },
        {
          guard: 'isUnrecognisedUser',
          target: 'redirecting',
          actions: { type: 'assignRedirect', params: { to: UNRECOGNIZED_USER_PATH } },
        },
        {
          guard: 'needsOnboarding',
          target: 'redirecting',
          actions: {
            type: 'assignRedirect',
            params: ({ context }) => ({ to: onboardingPathOf(userOf(context)) }),
          },
        },
        {
          guard: 'isRouteForbidden',
          target: 'redirecting',
          actions: { type: 'assignRedirect', params: { to: DASHBOARD_PATH } },
        },
        { target: 'allowed' },
      ],
    },
    allowed: { tags: ['allowed'] },
    redirecting: { tags: ['redirecting'] },
    waitingForSession: { tags: ['waiting'] },
    needsSignIn: { tags: ['signIn'] },
    sessionFailed: { tags: ['sessionFailed'] },
  },
});
