import { createActorContext } from '@xstate/react';
import { legalTermsMachine } from '../../machines/legalTerms/legalTermsMachine.ts';
import { subscriptionGateMachine } from '../../machines/subscriptionGate/subscriptionGateMachine.ts';

/**
 * The tab's app-wide account actors (App.tsx provides them with their real actors; tests pass
 * stubs): the subscription gate, the legal terms dialog and the notification stack.
 */
export const SubscriptionGateContext = createActorContext(subscriptionGateMachine);
export const LegalTermsContext = createActorContext(legalTermsMachine);
export { NotificationsContext } from './notificationsContext.ts';
