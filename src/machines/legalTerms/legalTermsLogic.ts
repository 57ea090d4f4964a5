import { fromPromise } from 'xstate';
import type { ClientFactory } from '../../rpc/clients.ts';
import { SessionService } from '../../rpc/gen/seconde/v1/session_pb.ts';
import { legalTermsMachine } from './legalTermsMachine.ts';

/** The legal terms machine over SessionService.AcceptCurrentLegalTerms. */
export function legalTermsLogic(clients: ClientFactory) {
  const sessions = clients.get(SessionService);
  return legalTermsMachine.provide({
    actors: {
      acceptTerms: fromPromise<void>(async ({ signal }) => {
        await sessions.acceptCurrentLegalTerms({}, { signal });
      }),
    },
  });
}
