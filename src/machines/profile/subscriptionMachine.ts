import { assign, fromPromise, setup } from 'xstate';
import { toAppError, type AppErrorCode } from '../../rpc/errors.ts';

/** The vendor's subscription as the profile shows it (read only: the payment provider owns it). */
export interface SubscriptionSummary {
  readonly uuid: string;
  /** SubscriptionType label ('PRO'), null when unknown. */
  readonly type: string | null;
  /** SubscriptionStatus label ('ACTIVE'), null when unknown. */
  readonly status: string | null;
  /** End of the current period, epoch ms. */
  readonly currentPeriodEnd: number | null;
  readonly cancelAtPeriodEnd: boolean;
  /** The provider's coupon on the plan: percent off (0: none), and whether it is still offered. */
  readonly discountPercentOff: number;
  readonly discountValid: boolean;
}

export interface SubscriptionContext {
  readonly vendorUuid: string | null;
  readonly subscription: SubscriptionSummary | null;
  readonly errorCode: AppErrorCode | null;
}

export type SubscriptionEvent =
  | { type: 'subscription.retry' }
  /** The subscription changed (the trial was ended): read it again. */
  | { type: 'subscription.reload' };

/**
 * `/edit-profile/subscription`: the vendor's record names their current subscription, which is
 * then read; `none` when there is no subscription (or no vendor record).
 */
export const subscriptionMachine = setup({
  types: {
    context: {} as SubscriptionContext,
    events: {} as SubscriptionEvent,
    input: {} as { vendorUuid: string | null },
  },
  actors: {
    loadSubscription: fromPromise<SubscriptionSummary | null, { vendorUuid: string }>(() =>
      Promise.reject(new Error('The subscription actor "loadSubscription" was not provided')),
    ),
  },
  guards: {
    hasVendor: ({ context }) => context.vendorUuid !== null,
    isSubscription: (_, params: { output: SubscriptionSummary | null }) => params.output !== null,
  },
  actions: {
    assignSubscription: assign((_, params: { output: SubscriptionSummary | null }) => ({
      subscription: params.output,
    })),
    assignError: assign((_, params: { error: unknown }) => ({
      errorCode: toAppError(params.error).code,
    })),
    clearError: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'subscription',
  initial: 'start',
  context: ({ input }) => ({ vendorUuid: input.vendorUuid, subscription: null, errorCode: null }),
  states: {
    start: {
      always: [{ guard: 'hasVendor', target: 'loading' }, { target: 'none' }],
    },
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadSubscription',
        src: 'loadSubscription',
        input: ({ context }) => ({ vendorUuid: context.vendorUuid ?? '' }),
        onDone: [
          {
            guard: { type: 'isSubscription', params: ({ event }) => ({ output: event.output }) },
            target: 'ready',
            actions: {
              type: 'assignSubscription',
              params: ({ event }) => ({ output: event.output }),
            },
          },
          { target: 'none', actions: { type: 'assignSubscription', params: { output: null } } },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    ready: { on: { 'subscription.reload': 'start' } },
    none: { on: { 'subscription.reload': 'start' } },
    failed: {
      tags: ['error'],
      on: { 'subscription.retry': { target: 'loading', actions: 'clearError' } },
    },
  },
});
