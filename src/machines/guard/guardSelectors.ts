import type { SnapshotFrom } from 'xstate';
import type { GuardSession } from '../../domain/routing/guard.ts';
import type { sessionMachine } from '../session/sessionMachine.ts';
import { toGuardUser } from '../session/sessionTypes.ts';
import type { guardMachine } from './guardMachine.ts';

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;
type GuardSnapshot = SnapshotFrom<typeof guardMachine>;

/**
 * The session as the guard sees it. A known user stays known while the token is renewed or the
 * user reloaded, so the page on screen is not torn down by a background refresh.
 */
export function selectGuardSession(s: SessionSnapshot): GuardSession {
  if (s.matches({ signedIn: 'checkFailed' })) return { kind: 'checkFailed' };
  const { user } = s.context;
  if (s.matches('signedIn') && user) return { kind: 'signedIn', user: toGuardUser(user) };
  if (s.matches('signedOut')) return { kind: 'signedOut' };
  if (s.matches('failed')) return { kind: 'failed' };
  return { kind: 'pending' };
}

/** Equality for `useSelector`: the guard hears of a session change only when it is one. */
export const sameGuardSession = (a: GuardSession, b: GuardSession): boolean =>
  JSON.stringify(a) === JSON.stringify(b);

/** What the outlet shows. */
export type GuardVerdict = 'allow' | 'redirect' | 'wait' | 'signIn' | 'sessionFailed';

export function selectVerdict(s: GuardSnapshot): GuardVerdict {
  if (s.hasTag('allowed')) return 'allow';
  if (s.hasTag('redirecting')) return 'redirect';
  if (s.hasTag('signIn')) return 'signIn';
  if (s.hasTag('sessionFailed')) return 'sessionFailed';
  return 'wait';
}

export const selectRedirectTo = (s: GuardSnapshot): string | null => s.context.redirectTo;

/** `pathname + search` the verdict is about, to tell a stale verdict from a current one. */
export const selectDecidedFor = (s: GuardSnapshot): string =>
  `${s.context.location.pathname}${s.context.location.search}`;

/** The session the verdict is about (the same object the outlet sent). */
export const selectDecidedSession = (s: GuardSnapshot): GuardSession => s.context.session;
