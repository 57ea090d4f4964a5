import { expect } from 'vitest';
import { createActor, type EventObject, type SnapshotFrom } from 'xstate';
import {
  isDeveloper,
  needsOnboarding,
  routeOf,
  type GuardLocation,
  type GuardSession,
} from '../../domain/routing/guard.ts';
import { describePaths, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import { SESSIONS } from './guardFixtures.ts';
import { guardMachine } from './guardMachine.ts';
import type { GuardEvent } from './guardTypes.ts';

type Snapshot = SnapshotFrom<typeof guardMachine>;

const go = (url: string): GuardEvent => {
  const { pathname, search } = new URL(url, 'http://app.test');
  return { type: 'guard.navigated', pathname, search };
};
const sessionIs = (session: GuardSession): GuardEvent => ({
  type: 'guard.sessionChanged',
  session,
});

/** A path of each kind of route: public, old link, unknown, onboarding, any group, listed groups. */
const NAVIGATIONS = [
  go('/?ref=mail'),
  go('/contacts?page=2&q=robe%20bleue'),
  go('/customers/?page=3'),
  go('/vendors?page=2'),
  go('/dressing'),
  go('/onboarding?ref=ad'),
  go('/onboarding/vendor-onboarding'),
  go('/nouveau-vendeur-seconde-main?ref=ad'),
  go('/oidc-callback'),
  go('/nowhere?x=1'),
];
const SESSION_CHANGES = Object.values(SESSIONS).map(sessionIs);

/** The verdict of a fresh guard on `location` with `session`. */
function decide(location: GuardLocation, session: GuardSession): Snapshot {
  return createActor(guardMachine, { input: { location, session } }).start().getSnapshot();
}

function check(snapshot: Snapshot, { where }: StepInfo<Snapshot>): void {
  const { location, session, redirectTo } = snapshot.context;
  const route = routeOf(location);
  const user = session.kind === 'signedIn' ? session.user : null;
  expect(redirectTo !== null, `${where}: a target exactly when redirecting`).toBe(
    snapshot.hasTag('redirecting'),
  );

  if (snapshot.hasTag('allowed') && route && route.access.kind !== 'public') {
    expect(user, `${where}: a signed-in route needs a user`).not.toBeNull();
    const access = route.access;
    if (access.kind === 'groups') {
      // Never admits a group outside the route's list (Developer always passes).
      const admitted = user!.groups.some(
        (group) => group === 'Developer' || (access.groups as readonly string[]).includes(group),
      );
      expect(admitted, `${where}: ${route.name} admits ${user!.groups.join()}`).toBe(true);
    }
    if (!isDeveloper(user!))
      expect(needsOnboarding(user!, route), `${where}: onboarding first`).toBe(false);
  }

  if (redirectTo !== null) {
    // Redirects keep the query.
    const target = new URL(redirectTo, 'http://app.test');
    for (const key of new URLSearchParams(location.search).keys())
      expect(target.searchParams.has(key), `${where}: ${redirectTo} keeps ${key}`).toBe(true);
    // A redirect leads somewhere the guard lets through within two more hops, never back.
    let next: Snapshot = snapshot;
    const seen = new Set([`${location.pathname}${location.search}`]);
    for (let hop = 0; hop < 3 && next.context.redirectTo !== null; hop += 1) {
      const url = new URL(next.context.redirectTo, 'http://app.test');
      expect(seen.has(`${url.pathname}${url.search}`), `${where}: loop to ${url.href}`).toBe(false);
      seen.add(`${url.pathname}${url.search}`);
      next = decide({ pathname: url.pathname, search: url.search }, session);
    }
    expect(next.hasTag('redirecting'), `${where}: redirects end`).toBe(false);
  }
}

function label(event: EventObject): string {
  const e = event as GuardEvent;
  if (e.type === 'guard.navigated') return `navigated(${e.pathname}${e.search})`;
  if (e.type === 'guard.sessionChanged') {
    const name = Object.entries(SESSIONS).find(([, s]) => s === e.session)?.[0];
    return `session(${name ?? e.session.kind})`;
  }
  return event.type;
}

const walk = walkPaths({
  machine: guardMachine,
  input: { location: { pathname: '/', search: '' }, session: SESSIONS.pending },
  events: [...NAVIGATIONS, ...SESSION_CHANGES],
  busyTag: null,
  check,
  label,
});

describePaths('guardMachine', walk, {
  title: 'over the contacts and the old vendor link, as a customer or a groupless user',
  events: [
    NAVIGATIONS[1]!,
    NAVIGATIONS[7]!,
    sessionIs(SESSIONS.customer),
    sessionIs(SESSIONS.noGroup),
  ],
  atLeast: () => 30,
});
