import { assign, fromPromise, setup } from 'xstate';
import { toAppError } from '../../rpc/errors.ts';

/** Where a payment stands, as the server says (2-business-data.md §4, payment status). */
export type PaymentStatusLabel = 'NOT_STARTED' | 'COMPLETED' | 'EXPIRED' | 'CANCELED' | 'REFUNDED';

/** One payment as the waiting screen shows it. */
export interface PaymentSummary {
  readonly uuid: string;
  readonly status: PaymentStatusLabel;
  readonly amountCents: number;
  readonly currency: string;
  readonly description: string;
  /** The provider's checkout page while it is open; '' otherwise. */
  readonly paymentUrl: string;
  /** The server stopped waiting for the provider's confirmation (waitForConfirmationExpired). */
  readonly waitExpired: boolean;
  /** Where the paid thing is shown (a paid label: its item's page), or null. */
  readonly backTo: string | null;
}

/** How the server's wait ended: the payment as it then stood. */
export type WaitOutcome = PaymentSummary;

export interface PaymentContext {
  readonly uuid: string;
  readonly payment: PaymentSummary | null;
  readonly errorCode: string | null;
  readonly errorKey: string | null;
}

export type PaymentEvent = { type: 'payment.refresh' } | { type: 'payment.retry' };

type Output = { output: PaymentSummary };

/**
 * The waiting screen of one payment process. It loads the payment from the server, so a tab
 * closed during the wait and opened again resumes it; waits on the server's stream until the
 * provider's signed confirmation (confirmed), the page's expiry or the wait's own delay (expired),
 * a cancel or refund (cancelled); an expired payment opens a new checkout page and waits again.
 * A failed call is `failed`, and retrying loads again.
 */
export const paymentMachine = setup({
  types: {
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
    input: {} as { uuid: string },
  },
  actors: {
    loadPayment: fromPromise<PaymentSummary, { uuid: string }>(() =>
      Promise.reject(new Error('The payment actor "loadPayment" was not provided')),
    ),
    waitForConfirmation: fromPromise<WaitOutcome, { uuid: string }>(() =>
      Promise.reject(new Error('The payment actor "waitForConfirmation" was not provided')),
    ),
    refreshPaymentUrl: fromPromise<PaymentSummary, { uuid: string }>(() =>
      Promise.reject(new Error('The payment actor "refreshPaymentUrl" was not provided')),
    ),
  },
  guards: {
    isCompleted: (_, { output }: Output) => output.status === 'COMPLETED',
    isCancelled: (_, { output }: Output) =>
      output.status === 'CANCELED' || output.status === 'REFUNDED',
    isExpired: (_, { output }: Output) => output.status === 'EXPIRED' || output.waitExpired,
  },
  actions: {
    assignPayment: assign((_, { output }: Output) => ({
      payment: output,
      errorCode: null,
      errorKey: null,
    })),
    clearError: assign({ errorCode: null, errorKey: null }),
    assignError: assign((_, params: { error: unknown }) => {
      const error = toAppError(params.error);
      return { errorCode: error.code, errorKey: error.i18nKey };
    }),
  },
}).createMachine({
  id: 'payment',
  initial: 'loading',
  context: ({ input }) => ({ uuid: input.uuid, payment: null, errorCode: null, errorKey: null }),
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadPayment',
        src: 'loadPayment',
        input: ({ context }) => ({ uuid: context.uuid }),
        onDone: [
          {
            guard: { type: 'isCompleted', params: ({ event }) => ({ output: event.output }) },
            target: 'confirmed',
            actions: { type: 'assignPayment', params: ({ event }) => ({ output: event.output }) },
          },
          {
            guard: { type: 'isCancelled', params: ({ event }) => ({ output: event.output }) },
            target: 'cancelled',
            actions: { type: 'assignPayment', params: ({ event }) => ({ output: event.output }) },
          },
          {
            guard: { type: 'isExpired', params: ({ event }) => ({ output: event.output }) },
            target: 'expired',
            actions: { type: 'assignPayment', params: ({ event }) => ({ output: event.output }) },
          },
          {
            target: 'waiting',
            actions: { type: 'assignPayment', params: ({ event }) => ({ output: event.output }) },
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    waiting: {
      invoke: {
        id: 'waitForConfirmation',
        src: 'waitForConfirmation',
        input: ({ context }) => ({ uuid: context.uuid }),
        onDone: [
          {
            guard: { type: 'isCompleted', params: ({ event }) => ({ output: event.output }) },
            target: 'confirmed',
            actions: { type: 'assignPayment', params: ({ event }) => ({ output: event.output }) },
          },
          {
            guard: { type: 'isCancelled', params: ({ event }) => ({ output: event.output }) },
            target: 'cancelled',
            actions: { type: 'assignPayment', params: ({ event }) => ({ output: event.output }) },
          },
          {
            target: 'expired',
            actions: { type: 'assignPayment', params: ({ event }) => ({ output: event.output }) },
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    expired: {
      on: { 'payment.refresh': 'refreshing' },
    },
    refreshing: {
      tags: ['busy'],
      invoke: {
        id: 'refreshPaymentUrl',
        src: 'refreshPaymentUrl',
        input: ({ context }) => ({ uuid: context.uuid }),
        onDone: {
          target: 'waiting',
          actions: { type: 'assignPayment', params: ({ event }) => ({ output: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    confirmed: {},
    cancelled: {},
    failed: {
      tags: ['error'],
      on: { 'payment.retry': { target: 'loading', actions: 'clearError' } },
    },
  },
});
