import { createActorContext } from '@xstate/react';
import { sessionMachine } from '../../machines/session/sessionMachine.ts';

/**
 * The tab's one session actor. The app passes the machine with its real actors as `logic`;
 * tests pass one with stubs or a restored snapshot.
 */
export const SessionContext = createActorContext(sessionMachine);

/** One narrow read of the session, e.g. `useSession(selectGate)`. */
export const useSession = SessionContext.useSelector;

/** The session actor, for sending events. */
export const useSessionActor = SessionContext.useActorRef;
