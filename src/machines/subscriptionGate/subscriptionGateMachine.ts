import { assign, emit, fromCallback, setup, type EventObject } from 'xstate';

/** Where "see my subscription" leads. */
export const SUBSCRIPTION_PAGE = '/edit-profile/subscription';

export interface SubscriptionGateContext {
  /** The message the refused call carried (1-app-shell.md §4), kept for display. */
  readonly message: string | null;
}

export type SubscriptionGateEvent =
  /** A call failed with SUBSCRIPTION_UPDATE_NEEDED (reported by the RPC interceptor). */
  | { type: 'gate.refused'; message?: string | undefined }
  | { type: 'gate.close' }
  | { type: 'gate.seeSubscription' };

export type SubscriptionGateEmitted = { type: 'gate.navigate'; to: string };

/**
 * The app-wide subscription gate: any call refused with SUBSCRIPTION_UPDATE_NEEDED opens the
 * subscription modal with the server's message; closing it leaves the user where they were, and
 * "see my subscription" asks the view to go to the subscription page. The refusals arrive from
 * the `listenForRefusals` actor, wired to the RPC interceptor in `services.ts`.
 */
export const subscriptionGateMachine = setup({
  types: {
    context: {} as SubscriptionGateContext,
    events: {} as SubscriptionGateEvent,
    emitted: {} as SubscriptionGateEmitted,
  },
  actors: {
    listenForRefusals: fromCallback<EventObject>(() => undefined),
  },
  actions: {
    assignMessage: assign((_, params: { message: string | undefined }) => ({
      message: params.message?.trim() || null,
    })),
    clearMessage: assign({ message: null }),
    navigateToSubscription: emit({ type: 'gate.navigate', to: SUBSCRIPTION_PAGE } as const),
  },
}).createMachine({
  id: 'subscriptionGate',
  initial: 'closed',
  context: { message: null },
  invoke: { id: 'listenForRefusals', src: 'listenForRefusals' },
  on: {
    'gate.refused': {
      target: '.open',
      actions: { type: 'assignMessage', params: ({ event }) => ({ message: event.message }) },
    },
  },
  states: {
    closed: {},
    open: {
      tags: ['open'],
      exit: 'clearMessage',
      on: {
        'gate.close': 'closed',
        'gate.seeSubscription': { target: 'closed', actions: 'navigateToSubscription' },
      },
    },
  },
});
