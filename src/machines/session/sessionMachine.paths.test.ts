import { Code, ConnectError } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import {
  createActor,
  fromCallback,
  fromPromise,
  type EventObject,
  type SnapshotFrom,
} from 'xstate';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import { hasRecognisedGroup } from '../../domain/roles.ts';
import { USERS } from './sessionFixtures.ts';
import { sessionMachine } from './sessionMachine.ts';
import type { RestoredSession } from './oidc.ts';
import type { CurrentUserPayload, SessionEvent } from './sessionTypes.ts';

type Snapshot = SnapshotFrom<typeof sessionMachine>;
type Path = StatePath<Snapshot, SessionEvent>;

const PROMISE_ACTORS = ['restoreSession', 'signIn', 'loadCurrentUser', 'renewToken', 'signOut'];
const CALLBACK_ACTORS = ['watchTokens'];

const done = (id: string, output?: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failure = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });

/** Every user event, and a done and an error event (with realistic payloads) per invoked actor. */
const USER_EVENTS: SessionEvent[] = [
  { type: 'session.signIn' },
  { type: 'session.signIn', returnTo: '/stock?page=2' },
  { type: 'session.signOut' },
  { type: 'session.retry' },
  { type: 'session.tokenExpired' },
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
];
const ALL_EVENTS = [...USER_EVENTS, ...ACTOR_EVENTS] as SessionEvent[];

/** A smaller alphabet (one payload per outcome) keeps the simple paths countable. */
const SIMPLE_EVENTS = [
  USER_EVENTS[1],
  USER_EVENTS[2],
  USER_EVENTS[3],
  USER_EVENTS[4],
  ...ACTOR_EVENTS.filter((_, i) => ![0, 2, 7, 9, 11].includes(i)),
] as SessionEvent[];

/** Invoked children each leaf state must be running, read from the real actor. */
const CHILDREN: Record<string, string[]> = {
  initialising: ['restoreSession'],
  signedOut: [],
  signingIn: ['signIn'],
  'signedIn.loadingUser': ['loadCurrentUser', 'watchTokens'],
  'signedIn.ready': ['watchTokens'],
  'signedIn.noGroup': ['watchTokens'],
  'signedIn.unrecognised': ['watchTokens'],
  'signedIn.checkFailed': ['watchTokens'],
  'signedIn.renewing': ['renewToken', 'watchTokens'],
  signingOut: ['signOut'],
  failed: [],
};

function leaf(snapshot: Snapshot): string {
  const value = snapshot.value;
  return typeof value === 'string'
    ? value
    : Object.entries(value)
        .map(([k, v]) => `${k}.${String(v)}`)
        .join();
}

/** The real machine with actors the test settles by hand, so each step runs for real. */
function harness() {
  const deferred = new Map<string, { resolve(v: unknown): void; reject(e: unknown): void }>();
  function promised<Output, Input = unknown>(id: string) {
    return fromPromise<Output, Input>(
      () =>
        new Promise<Output>((resolve, reject) =>
          deferred.set(id, { resolve: resolve as (v: unknown) => void, reject }),
        ),
    );
  }
  const machine = sessionMachine.provide({
    actors: {
      restoreSession: promised<RestoredSession>('restoreSession'),
      signIn: promised<void, { returnTo: string | null }>('signIn'),
      loadCurrentUser: promised<CurrentUserPayload>('loadCurrentUser'),
      renewToken: promised<void>('renewToken'),
      signOut: promised<void>('signOut'),
      watchTokens: fromCallback(() => undefined),
    },
  });
  const actor = createActor(machine).start();

  async function play(event: SessionEvent): Promise<void> {
    const [, kind, id = ''] = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type) ?? [];
    if (kind && PROMISE_ACTORS.includes(id)) {
      expect(actor.getSnapshot().children, `${id} must be running`).toHaveProperty(id);
      const settle = deferred.get(id)!;
      const payload = event as unknown as { output?: unknown; error?: unknown };
      if (kind === 'done') settle.resolve(payload.output);
      else settle.reject(payload.error);
      await new Promise((resolve) => setTimeout(resolve, 0));
    } else {
      if (kind && CALLBACK_ACTORS.includes(id)) {
        expect(actor.getSnapshot().children, `${id} must be running`).toHaveProperty(id);
      }
      actor.send(event);
    }
  }
  return { actor, play };
}

function checkInvariants(snapshot: Snapshot): void {
  const where = leaf(snapshot);
  expect(snapshot.status, where).toBe('active');
  expect(Object.keys(snapshot.children).sort(), where).toEqual(CHILDREN[where]);
  expect(snapshot.hasTag('error'), where).toBe(snapshot.context.errorCode !== null);
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
  const gates = ['busy', 'ready', 'noGroup', 'error'].filter((t) => snapshot.hasTag(t));
  expect(gates.length, `${where} shows one screen`).toBeLessThanOrEqual(1);
}

async function replay(path: Path): Promise<void> {
  const { actor, play } = harness();
  checkInvariants(actor.getSnapshot());
  for (const step of path.steps.filter((s) => (s.event as EventObject).type !== 'xstate.init')) {
    await play(step.event);
    const snapshot = actor.getSnapshot();
    expect(snapshot.value, step.event.type).toEqual(step.state.value);
    expect(snapshot.context, step.event.type).toEqual(step.state.context);
    checkInvariants(snapshot);
  }
  actor.stop();
}

/** `done.actor.loadCurrentUser(vendor)`: the event and the payload detail that tells paths apart. */
function label(event: SessionEvent): string {
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

const describePath = (path: Path) =>
  `${leaf(path.state)} ⇐ ${path.steps.map((s) => label(s.event)).join(' → ')}`;

describe('sessionMachine generated paths', () => {
  const shortest = getShortestPaths(sessionMachine, { events: ALL_EVENTS });
  const simple = getSimplePaths(sessionMachine, { events: SIMPLE_EVENTS });

  it('reaches every state', () => {
    const reached = new Set(shortest.map((p) => leaf(p.state)));
    expect([...reached].sort()).toEqual(Object.keys(CHILDREN).sort());
  });

  it.each(shortest.map((p) => [describePath(p), p] as const))('shortest: %s', async (_, path) => {
    await replay(path);
  });

  it('replays every simple path', async () => {
    expect(simple.length).toBeGreaterThan(shortest.length / 4);
    for (const path of simple) await replay(path);
  });
});
