import { assign, fromPromise, setup } from 'xstate';
import { toAppError } from '../../rpc/errors.ts';

/** The plan the provider confirmed. */
export interface ConfirmedPlan {
  /** SubscriptionType label ('PRO'). */
  readonly type: string | null;
  /** SubscriptionStatus label ('TRIALING', 'ACTIVE'). */
  readonly status: string | null;
  readonly interval: string;
  /** End of the current period (or of the trial), epoch ms. */
  readonly currentPeriodEnd: number | null;
}

export interface CheckoutCheck {
  readonly status: 'pending' | 'confirmed' | 'expired';
  readonly plan: ConfirmedPlan | null;
}

export interface ConfirmationContext {
  readonly sessionId: string;
  /** Checks made since the last retry. */
  readonly checks: number;
  readonly plan: ConfirmedPlan | null;
  readonly errorCode: string | null;
  readonly errorKey: string | null;
}

export type ConfirmationEvent = { type: 'confirmation.retry' };

/** Checks before the page says the confirmation is late (one every POLL_DELAY_MS). */
export const MAX_CHECKS = 30;
export const POLL_DELAY_MS = 1_000;

/**
 * `/subscription-confirmed`: back from the provider's checkout, the page waits for the provider's
 * signed confirmation (our server's word, not the return address): checking, waiting a second,
 * checking again, until the plan is confirmed, the checkout expired, or it is late (the vendor may
 * check again). A failed check is a state too.
 */
export const checkoutConfirmationMachine = setup({
  types: {
    context: {} as ConfirmationContext,
    events: {} as ConfirmationEvent,
    input: {} as { sessionId: string },
  },
  actors: {
    checkStatus: fromPromise<CheckoutCheck, { sessionId: string }>(() =>
      Promise.reject(new Error('The confirmation actor "checkStatus" was not provided')),
    ),
  },
  delays: { pollDelay: POLL_DELAY_MS },
  guards: {
    isConfirmed: (_, params: { output: CheckoutCheck }) =>
      params.output.status === 'confirmed' && params.output.plan !== null,
    isExpired: (_, params: { output: CheckoutCheck }) => params.output.status === 'expired',
    canCheckAgain: ({ context }) => context.checks < MAX_CHECKS,
  },
  actions: {
    countCheck: assign({ checks: ({ context }) => context.checks + 1 }),
    assignPlan: assign((_, params: { output: CheckoutCheck }) => ({ plan: params.output.plan })),
    assignError: assign((_, params: { error: unknown }) => {
      const error = toAppError(params.error);
      return { errorCode: error.code, errorKey: error.i18nKey };
    }),
    restart: assign({ checks: 0, errorCode: null, errorKey: null }),
  },
}).createMachine({
  id: 'checkoutConfirmation',
  initial: 'checking',
  context: ({ input }) => ({
    sessionId: input.sessionId,
    checks: 0,
    plan: null,
    errorCode: null,
    errorKey: null,
  }),
  states: {
    checking: {
      tags: ['busy'],
      entry: 'countCheck',
      invoke: {
        id: 'checkStatus',
        src: 'checkStatus',
        input: ({ context }) => ({ sessionId: context.sessionId }),
        onDone: [
          {
            guard: { type: 'isConfirmed', params: ({ event }) => ({ output: event.output }) },
            target: 'confirmed',
            actions: { type: 'assignPlan', params: ({ event }) => ({ output: event.output }) },
          },
          {
            guard: { type: 'isExpired', params: ({ event }) => ({ output: event.output }) },
            target: 'expired',
          },
          { target: 'waiting' },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    waiting: {
      tags: ['busy'],
      after: {
        pollDelay: [{ guard: 'canCheckAgain', target: 'checking' }, { target: 'late' }],
      },
    },
    confirmed: {},
    expired: {},
    late: { on: { 'confirmation.retry': { target: 'checking', actions: 'restart' } } },
    failed: {
      tags: ['error'],
      on: { 'confirmation.retry': { target: 'checking', actions: 'restart' } },
    },
  },
});
