import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { ClientFactory } from '../../rpc/clients.ts';
import { SubscriptionService } from '../../rpc/gen/seconde/v1/subscription_pb.ts';
import { trialMachine } from './trialMachine.ts';

/** How often the days left are read again while the page stays open. */
const TICK_MS = 60_000;

/** The trial machine with the wall clock and SubscriptionService.TerminateTrial. */
export function trialLogic(clients: ClientFactory) {
  const subscriptions = clients.get(SubscriptionService);
  return trialMachine.provide({
    actors: {
      clock: fromCallback<EventObject>(({ sendBack }) => {
        const tick = () => sendBack({ type: 'trial.ticked', now: Date.now() });
        tick();
        const timer = setInterval(tick, TICK_MS);
        return () => clearInterval(timer);
      }),
      terminateTrial: fromPromise<void, { subscriptionUuid: string }>(async ({ input, signal }) => {
        await subscriptions.terminateTrial({ uuid: input.subscriptionUuid }, { signal });
      }),
    },
  });
}
