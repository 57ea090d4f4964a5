import type { SnapshotFrom } from 'xstate';
import { errorI18nKey } from '../../rpc/errors.ts';
import type { sessionMachine } from './sessionMachine.ts';

/**
 * Narrow reads of the session for views: each returns one primitive, so a view re-renders only
 * when that value changes. Views ask these, never the snapshot itself.
 */
type Snapshot = SnapshotFrom<typeof sessionMachine>;

/** What the shell shows for a protected route, decided from tags in one place. */
export type SessionGate = 'busy' | 'signedOut' | 'failed' | 'noGroup' | 'unrecognised' | 'ready';

export function selectGate(snapshot: Snapshot): SessionGate {
  if (snapshot.hasTag('ready')) return 'ready';
  if (snapshot.hasTag('noGroup')) return 'noGroup';
  if (snapshot.hasTag('unrecognised')) return 'unrecognised';
  if (snapshot.hasTag('error')) return 'failed';
  if (snapshot.hasTag('busy')) return 'busy';
  return 'signedOut';
}

export const selectIsSignedIn = (s: Snapshot): boolean => s.hasTag('signedIn');
export const selectReturnTo = (s: Snapshot): string | null => s.context.returnTo;
export const selectFirstName = (s: Snapshot): string => s.context.user?.firstName ?? '';
export const selectLastName = (s: Snapshot): string => s.context.user?.lastName ?? '';
export const selectEmail = (s: Snapshot): string => s.context.user?.email ?? '';
export const selectRole = (s: Snapshot) => s.context.user?.role ?? null;

/** Translation key of the current failure, or null when nothing failed. */
export const selectErrorKey = (s: Snapshot): string | null =>
  s.context.errorCode === null ? null : errorI18nKey(s.context.errorCode);

export const selectCanSignIn = (s: Snapshot): boolean => s.can({ type: 'session.signIn' });
export const selectCanSignOut = (s: Snapshot): boolean => s.can({ type: 'session.signOut' });
export const selectCanRetry = (s: Snapshot): boolean => s.can({ type: 'session.retry' });
