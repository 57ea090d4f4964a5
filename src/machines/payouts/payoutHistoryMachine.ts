import { assign, fromPromise, setup } from 'xstate';
import type { AppErrorCode } from '../../rpc/errors.ts';
import { failedState, loadingState } from '../shared/loadStates.ts';
import { isOtherValidPage } from '../shared/pagedListMachine.ts';
import { errorCodeUpdate, refusalUpdate } from './payoutReasons.ts';
import type { PayoutRow, Refusal } from './payoutTypes.ts';

export interface PayoutHistoryQuery {
  readonly customer: string;
  readonly page: number;
  readonly pageSize: number;
}

export interface PayoutHistoryPage {
  readonly rows: readonly PayoutRow[];
  readonly count: number;
}

export interface PayoutHistoryContext extends PayoutHistoryPage {
  readonly customer: string;
  readonly page: number;
  readonly pageSize: number;
  /** The payout whose receipt is being fetched. */
  readonly downloading: string | null;
  /** Why the last receipt could not be fetched; the list stays. */
  readonly refusal: Refusal | null;
  /** Set exactly while the machine is in a state tagged `error`. */
  readonly errorCode: AppErrorCode | null;
}

export type PayoutHistoryEvent =
  | { type: 'history.page'; page: number }
  | { type: 'history.reload' }
  | { type: 'history.retry' }
  | { type: 'history.receipt'; uuid: string };

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`The payout history actor "${name}" was not provided`));

/**
 * A depositor's past payouts, newest first, one page at a time, each with its receipt to save.
 * Reloaded after a payout; a receipt that cannot be fetched leaves the list as it was.
 */
export const payoutHistoryMachine = setup({
  types: {
    context: {} as PayoutHistoryContext,
    events: {} as PayoutHistoryEvent,
    input: {} as { customer: string; pageSize?: number },
  },
  actors: {
    fetchPayouts: fromPromise<PayoutHistoryPage, PayoutHistoryQuery>(notProvided('fetchPayouts')),
    downloadReceipt: fromPromise<void, { uuid: string }>(notProvided('downloadReceipt')),
  },
  guards: {
    isOtherValidPage: ({ context }, params: { page: number }) =>
      isOtherValidPage(params.page, context),
    isListed: ({ context }, params: { uuid: string }) =>
      context.rows.some((r) => r.uuid === params.uuid),
  },
  actions: {
    assignPage: assign((_, params: { page: number }) => ({ page: params.page })),
    assignPayouts: assign((_, params: PayoutHistoryPage) => ({ ...params, errorCode: null })),
    startDownload: assign((_, params: { uuid: string }) => ({
      downloading: params.uuid,
      refusal: null,
    })),
    endDownload: assign({ downloading: null }),
    assignRefusal: assign(refusalUpdate),
    assignError: assign(errorCodeUpdate),
    clearError: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'payoutHistory',
  initial: 'loading',
  context: ({ input }) => ({
    customer: input.customer,
    rows: [],
    count: 0,
    page: 1,
    pageSize: input.pageSize ?? 10,
    downloading: null,
    refusal: null,
    errorCode: null,
  }),
  states: {
    loading: loadingState(
      'fetchPayouts',
      ({ context }: { context: PayoutHistoryContext }): PayoutHistoryQuery => ({
        customer: context.customer,
        page: context.page,
        pageSize: context.pageSize,
      }),
      'assignPayouts',
    ),
    failed: failedState('history.retry'),
    ready: {
      on: {
        'history.page': {
          guard: { type: 'isOtherValidPage', params: ({ event }) => ({ page: event.page }) },
          target: 'loading',
          actions: { type: 'assignPage', params: ({ event }) => ({ page: event.page }) },
        },
        'history.reload': 'loading',
        'history.receipt': {
          guard: { type: 'isListed', params: ({ event }) => ({ uuid: event.uuid }) },
          target: 'downloading',
          actions: { type: 'startDownload', params: ({ event }) => ({ uuid: event.uuid }) },
        },
      },
    },
    downloading: {
      tags: ['busy'],
      exit: 'endDownload',
      invoke: {
        id: 'downloadReceipt',
        src: 'downloadReceipt',
        input: ({ context }) => ({ uuid: context.downloading! }),
        onDone: 'ready',
        onError: {
          target: 'ready',
          actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});
