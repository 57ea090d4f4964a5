import type { ActorRefFrom } from 'xstate';
import type { sessionMachine } from '../../machines/session/sessionMachine.ts';

/**
 * Reloads the session after a change of the user's own (type chosen, onboarding completed) and
 * calls `then` once it is ready again, so the route guard judges the next navigation with the new
 * user. The wait outlives the screen: the outlet may remount it when the user changes.
 */
export function afterSessionReload(
  session: ActorRefFrom<typeof sessionMachine>,
  then: () => void,
): void {
  session.send({ type: 'session.reload' });
  const subscription = session.subscribe((snapshot) => {
    if (snapshot.hasTag('busy')) return;
    subscription.unsubscribe();
    if (snapshot.hasTag('ready')) then();
  });
}
