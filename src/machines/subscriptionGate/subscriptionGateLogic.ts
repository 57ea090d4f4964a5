import { fromCallback, type EventObject } from 'xstate';
import type { RefusalChannel } from '../../rpc/interceptors/subscriptionGate.ts';
import { subscriptionGateMachine } from './subscriptionGateMachine.ts';

/** The gate listening to the refusals the transport's interceptor reports. */
export function subscriptionGateLogic(refusals: RefusalChannel) {
  return subscriptionGateMachine.provide({
    actors: {
      listenForRefusals: fromCallback<EventObject>(({ sendBack }) =>
        refusals.subscribe((message) => sendBack({ type: 'gate.refused', message })),
      ),
    },
  });
}
