import { assign, fromPromise, setup } from 'xstate';
import { isDayValue } from '../../domain/dates.ts';
import { toAppError, type AppErrorCode } from '../../rpc/errors.ts';
import { failedState, loadingState } from '../shared/loadStates.ts';
import { isOtherValidPage, LIST_PAGE_SIZE, type Page } from '../shared/pagedListMachine.ts';
import { receiptRefusalKey } from './restitutionReceiptMachine.ts';

/** Which receipts the list shows: every one, those waiting, or those accepted. */
export type ReceiptStatusFilter = 'ALL' | 'WAITING' | 'ACCEPTED';

/** One receipt as the list shows it. */
export interface ReceiptRow {
  readonly uuid: string;
  readonly deposit: string;
  readonly depositName: string;
  readonly depositorName: string;
  /** ISO timestamps. */
  readonly restitutedAt: string;
  readonly itemCount: number;
  readonly accepted: boolean;
  readonly acceptedAt: string | null;
  readonly acceptedThrough: 'SCREEN' | 'EMAIL_LINK' | null;
}

export interface ReceiptListQuery {
  readonly page: number;
  readonly pageSize: number;
  readonly status: ReceiptStatusFilter;
  readonly from: string;
  readonly to: string;
}

export interface ReceiptListContext extends ReceiptListQuery {
  readonly rows: readonly ReceiptRow[];
  readonly count: number;
  /** The receipt whose PDF is being downloaded. */
  readonly downloading: string | null;
  /** The text of the last refused download. */
  readonly refusalKey: string | null;
  readonly errorCode: AppErrorCode | null;
}

export type ReceiptListEvent =
  | { type: 'list.filter'; status: ReceiptStatusFilter; from: string; to: string }
  | { type: 'list.page'; page: number }
  | { type: 'list.retry' }
  | { type: 'receipt.download'; uuid: string };

/** Both ends empty or a day, the end not before the start. */
export function isValidPeriod(from: string, to: string): boolean {
  if ((from && !isDayValue(from)) || (to && !isDayValue(to))) return false;
  return !(from && to && from > to);
}

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`The restitution list actor "${name}" was not provided`));

/**
 * The vendor's restitution receipts (a restituted deposit leaves their other lists): filtered by
 * status and period, one page at a time, each receipt's PDF downloaded from its row. A period
 * ending before it starts is kept on screen, said, and not asked of the server.
 */
export const restitutionListMachine = setup({
  types: {
    context: {} as ReceiptListContext,
    events: {} as ReceiptListEvent,
    input: {} as { pageSize?: number },
  },
  actors: {
    fetchReceipts: fromPromise<Page<ReceiptRow>, ReceiptListQuery>(notProvided('fetchReceipts')),
    downloadReceipt: fromPromise<void, { uuid: string }>(notProvided('downloadReceipt')),
  },
  guards: {
    isValidFilter: (_, params: { from: string; to: string }) =>
      isValidPeriod(params.from, params.to),
    isOtherValidPage: ({ context }, params: { page: number }) =>
      isOtherValidPage(params.page, context),
    isShownReceipt: ({ context }, params: { uuid: string }) =>
      context.rows.some((r) => r.uuid === params.uuid),
  },
  actions: {
    assignFilter: assign(
      (_, params: { status: ReceiptStatusFilter; from: string; to: string }) => ({
        ...params,
        page: 1,
        refusalKey: null,
      }),
    ),
    assignPage: assign((_, params: { page: number }) => ({ page: params.page, refusalKey: null })),
    assignRows: assign((_, params: Page<ReceiptRow>) => ({
      rows: params.rows,
      count: params.count,
      errorCode: null,
    })),
    startDownload: assign((_, params: { uuid: string }) => ({
      downloading: params.uuid,
      refusalKey: null,
    })),
    endDownload: assign({ downloading: null }),
    assignRefusal: assign((_, params: { error: unknown }) => ({
      refusalKey: receiptRefusalKey(params.error),
    })),
    assignError: assign((_, params: { error: unknown }) => ({
      errorCode: toAppError(params.error).code,
    })),
    clearError: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'restitutionList',
  initial: 'loading',
  context: ({ input }) => ({
    status: 'ALL',
    from: '',
    to: '',
    page: 1,
    pageSize: input.pageSize ?? LIST_PAGE_SIZE,
    rows: [],
    count: 0,
    downloading: null,
    refusalKey: null,
    errorCode: null,
  }),
  on: {
    'list.filter': [
      {
        guard: { type: 'isValidFilter', params: ({ event }) => event },
        target: '.loading',
        reenter: true,
        actions: { type: 'assignFilter', params: ({ event }) => event },
      },
      { target: '.periodInvalid', actions: { type: 'assignFilter', params: ({ event }) => event } },
    ],
  },
  states: {
    loading: loadingState(
      'fetchReceipts',
      ({ context }: { context: ReceiptListContext }) => ({
        page: context.page,
        pageSize: context.pageSize,
        status: context.status,
        from: context.from,
        to: context.to,
      }),
      'assignRows',
    ),
    ready: {
      on: {
        'list.page': {
          guard: { type: 'isOtherValidPage', params: ({ event }) => ({ page: event.page }) },
          target: 'loading',
          actions: { type: 'assignPage', params: ({ event }) => ({ page: event.page }) },
        },
        'receipt.download': {
          guard: { type: 'isShownReceipt', params: ({ event }) => ({ uuid: event.uuid }) },
          target: 'downloading',
          actions: { type: 'startDownload', params: ({ event }) => ({ uuid: event.uuid }) },
        },
      },
    },
    // The period ends before it starts: said, and the last rows stay until it is corrected.
    periodInvalid: { tags: ['invalid'] },
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
    failed: failedState('list.retry'),
  },
});
