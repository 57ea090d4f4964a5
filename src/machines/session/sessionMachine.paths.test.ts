import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import { fromCallback, type EventObject, type SnapshotFrom } from 'xstate';
import { hasRecognisedGroup } from '../../domain/roles.ts';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import { USERS } from './sessionFixtures.ts';
import { sessionMachine } from './sessionMachine.ts';
import type { SessionEvent } from './sessionTypes.ts';

type Snapshot = SnapshotFrom<typeof sessionMachine>;

/** Every user event, and a done and an error event (with realistic payloads) per invoked actor. */
const USER_EVENTS: SessionEvent[] = [
  { type: 'session.signIn' },
  { type: 'session.signIn', returnTo: '/stock?page=2' },
  { type: 'session.signOut' },
  { type: 'session.retry' },
  { type: 'session.tokenExpired' },
  { type: 'session.visibleWithoutToken' },
  { type: 'session.reload' },
];
const ACTOR_EVENTS: EventObject[] = [
  done('restoreSession', { signedIn: true, returnTo: null }),
  done('restoreSession', { signedIn: true, returnTo: '/deposits?status=DRAFT' }),
  done('restoreSession', { signedIn: false, returnTo: null }),
  failure('restoreSession', new Error('No matching state found in storage')),
  done('signIn'),
  failure('signIn', new TypeError('Failed to fetch')),
  done('loadCurrentUser', USERS.vendor),
  done('loadCurrentUser', USERS.developer),
  done('loadCurrentUser', USERS.noGroup),
  done('loadCurrentUser', USERS.unrecognisedCustomer),
  failure('loadCurrentUser', new ConnectError('Bad Gateway', Code.Unavailable)),
  failure('loadCurrentUser', new ConnectError('{"code":"TOKEN_INVALID"}', Code.Unauthenticated)),
  done('renewToken'),
  failure('renewToken', new Error('login_required')),
  done('signOut'),
  failure('signOut', new Error('end_session_endpoint unreachable')),
  done('watchTokens'),
  failure('watchTokens', new Error('listener threw')),
  done('watchVisibility'),
  failure('watchVisibility', new Error('visibility listener threw')),
];

/** A smaller alphabet (one payload per outcome) keeps the simple paths countable. */
const SIMPLE_EVENTS = [
  USER_EVENTS[1]!,
  USER_EVENTS[2]!,
  USER_EVENTS[3]!,
  USER_EVENTS[4]!,
  USER_EVENTS[6]!,
  ...ACTOR_EVENTS.filter((_, i) => ![0, 2, 7, 9, 11, 18, 19].includes(i)),
];

/** Invoked children each leaf state must be running, read from the real actor. */
const CHILDREN: Record<string, string[]> = {
  initialising: ['restoreSession'],
  signedOut: [],
  signingIn: ['signIn'],
  'signedIn.loadingUser': ['loadCurrentUser', 'watchTokens', 'watchVisibility'],
  'signedIn.ready': ['watchTokens', 'watchVisibility'],
  'signedIn.noGroup': ['watchTokens', 'watchVisibility'],
  'signedIn.unrecognised': ['watchTokens', 'watchVisibility'],
  'signedIn.checkFailed': ['watchTokens', 'watchVisibility'],
  'signedIn.renewing': ['renewToken', 'watchTokens', 'watchVisibility'],
  signingOut: ['signOut'],
  failed: [],
};

function check(snapshot: Snapshot, { where }: StepInfo<Snapshot>): void {
  const { user } = snapshot.context;
  if (snapshot.hasTag('ready')) {
    expect(user?.role, where).not.toBeNull();
    expect(hasRecognisedGroup(user?.groups ?? []), where).toBe(true);
  }
  if (snapshot.hasTag('noGroup'))
    expect(hasRecognisedGroup(user?.groups ?? ['?']), where).toBe(false);
  if (snapshot.hasTag('unrecognised') && !snapshot.hasTag('error')) {
    expect([user?.vendorUuid, user?.customerUuid], where).toEqual([null, null]);
  }
  if (snapshot.matches('signedOut')) expect(user, where).toBeNull();
  // Never signed in without a token: losing it leaves the tag until a renewal brings one back.
  if (snapshot.hasTag('signedIn')) expect(snapshot.context.hasToken, where).toBe(true);
  if (snapshot.matches('signedOut') || snapshot.matches({ signedIn: 'renewing' }))
    expect(snapshot.context.hasToken, where).toBe(false);
  const gates = ['busy', 'ready', 'noGroup', 'error'].filter((t) => snapshot.hasTag(t));
  expect(gates.length, `${where} shows one screen`).toBeLessThanOrEqual(1);
}

/** `done.actor.loadCurrentUser(vendor)`: the event and the payload detail that tells paths apart. */
function label(event: EventObject): string {
  const e = event as {
    type: string;
    output?: { email?: string; signedIn?: boolean; returnTo?: string | null };
    error?: Error;
    returnTo?: string;
  };
  const detail =
    e.output?.email?.split('@')[0] ??
    (e.output?.signedIn === false ? 'none' : e.output?.returnTo) ??
    e.returnTo ??
    e.error?.message;
  return `${e.type.replace(/^xstate\./, '')}${detail ? `(${detail})` : ''}`;
}

const walk = walkPaths({
  machine: sessionMachine,
  events: [...USER_EVENTS, ...ACTOR_EVENTS],
  provide: {
    watchTokens: fromCallback(() => undefined),
    watchVisibility: fromCallback(() => undefined),
  },
  errorOf: (s) => s.context.errorCode,
  children: CHILDREN,
  check,
  label,
});

describePaths('sessionMachine', walk, { events: SIMPLE_EVENTS, atLeast: (n) => n / 4 });
