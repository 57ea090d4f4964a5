import { expect } from 'vitest';
import { fromCallback } from 'xstate';
import { describePaths, walkPaths } from '../testing/walkPaths.ts';
import {
  SUBSCRIPTION_PAGE,
  subscriptionGateMachine,
  type SubscriptionGateEvent,
} from './subscriptionGateMachine.ts';

const MESSAGE = 'Your subscription is not active: renew it or choose a plan.';

const EVENTS: SubscriptionGateEvent[] = [
  { type: 'gate.refused', message: MESSAGE },
  { type: 'gate.refused', message: 'Another refusal' },
  { type: 'gate.refused' },
  { type: 'gate.close' },
  { type: 'gate.seeSubscription' },
];

describePaths(
  'subscriptionGateMachine',
  walkPaths({
    machine: subscriptionGateMachine,
    events: EVENTS,
    provide: { listenForRefusals: fromCallback(() => undefined) },
    busyTag: null,
    check: (s, { where, event, emitted }) => {
      // The modal is open exactly after a refusal, with that refusal's message (the latest wins).
      expect(s.hasTag('open'), where).toBe(s.matches('open'));
      if (event.type === 'gate.refused') {
        expect(s.matches('open'), where).toBe(true);
        const { message } = event as { message?: string };
        expect(s.context.message, where).toBe(message ?? null);
      }
      if (s.matches('closed')) expect(s.context.message, where).toBeNull();
      // Only "see my subscription" navigates; closing leaves the user where they were.
      expect(emitted, where).toEqual(
        event.type === 'gate.seeSubscription'
          ? [{ type: 'gate.navigate', to: SUBSCRIPTION_PAGE }]
          : [],
      );
    },
  }),
);
