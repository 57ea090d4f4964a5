import type { Client } from '@connectrpc/connect';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { SessionService } from '../../rpc/gen/seconde/v1/session_pb.ts';
import type { RestoredSession, SessionAuth } from './oidc.ts';
import type { CurrentUserPayload } from './sessionTypes.ts';

export interface SessionActorDeps {
  readonly auth: SessionAuth;
  readonly sessionClient: Client<typeof SessionService>;
}

/**
 * The session machine's real side effects, handed to `sessionMachine.provide({ actors })` by the
 * app; tests provide stubs or these over a router transport instead.
 */
export function createSessionActors({ auth, sessionClient }: SessionActorDeps) {
  return {
    restoreSession: fromPromise<RestoredSession>(() => auth.restore()),
    signIn: fromPromise<void, { returnTo: string | null }>(({ input }) =>
      auth.signIn(input.returnTo),
    ),
    loadCurrentUser: fromPromise<CurrentUserPayload>(({ signal }) =>
      sessionClient.getCurrentUser({}, { signal }),
    ),
    renewToken: fromPromise<void>(() => auth.renew()),
    signOut: fromPromise<void>(() => auth.signOut()),
    watchTokens: fromCallback<EventObject>(({ sendBack }) =>
      auth.watch(() => sendBack({ type: 'session.tokenExpired' })),
    ),
  };
}
