import { assign, fromPromise, setup } from 'xstate';
import { toAppError, type AppErrorCode } from '../../rpc/errors.ts';
import type { LedgerEntryKind } from '../../domain/ledger/ledger.ts';
import { failedState, loadingState } from '../shared/loadStates.ts';
import { isOtherValidPage, LIST_PAGE_SIZE } from '../shared/pagedListMachine.ts';

/** One ledger entry as the balance tab shows it: amounts in signed whole cents. */
export interface LedgerRow {
  readonly uuid: string;
  readonly kind: LedgerEntryKind | null;
  readonly amountCents: number;
  /** When it became payable (ms); null while the buyer's payment is not recorded. */
  readonly payableAt: number | null;
  readonly createdAt: number | null;
  readonly productReference: string;
  readonly productName: string;
}

/** What the tab asks for: one depositor's balance and one page of their entries. */
export interface LedgerQuery {
  readonly customer: string;
  readonly page: number;
  readonly pageSize: number;
}

export interface LedgerPage {
  readonly balanceCents: number;
  readonly payableCents: number;
  readonly rows: readonly LedgerRow[];
  readonly count: number;
}

export interface LedgerContext extends LedgerPage {
  readonly customer: string;
  readonly page: number;
  readonly pageSize: number;
  /** Set exactly while the machine is in a state tagged `error`. */
  readonly errorCode: AppErrorCode | null;
}

export type LedgerEvent =
  { type: 'ledger.page'; page: number } | { type: 'ledger.retry' } | { type: 'ledger.reload' };

export interface LedgerInput {
  readonly customer: string;
  readonly pageSize?: number;
}

const notProvided = () => Promise.reject(new Error('The actor "fetchLedger" was not provided'));

/**
 * A depositor's "Balance and payouts" tab: the balance, what is payable now and the entries with
 * their items, newest first, one page at a time. Balance and page load together, so the figures
 * and the entries on screen always come from the same reading.
 */
export const ledgerMachine = setup({
  types: {
    context: {} as LedgerContext,
    events: {} as LedgerEvent,
    input: {} as LedgerInput,
  },
  actors: {
    fetchLedger: fromPromise<LedgerPage, LedgerQuery>(notProvided),
  },
  guards: {
    isOtherValidPage: ({ context }, params: { page: number }) =>
      isOtherValidPage(params.page, context),
  },
  actions: {
    assignPage: assign((_, params: { page: number }) => ({ page: params.page })),
    assignLedger: assign((_, params: LedgerPage) => ({ ...params, errorCode: null })),
    assignError: assign((_, params: { error: unknown }) => ({
      errorCode: toAppError(params.error).code,
    })),
    clearError: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'ledger',
  initial: 'loading',
  context: ({ input }) => ({
    customer: input.customer,
    balanceCents: 0,
    payableCents: 0,
    rows: [],
    count: 0,
    page: 1,
    pageSize: input.pageSize ?? LIST_PAGE_SIZE,
    errorCode: null,
  }),
  states: {
    loading: loadingState(
      'fetchLedger',
      ({ context }: { context: LedgerContext }): LedgerQuery => ({
        customer: context.customer,
        page: context.page,
        pageSize: context.pageSize,
      }),
      'assignLedger',
    ),
    ready: {
      on: {
        'ledger.page': {
          guard: { type: 'isOtherValidPage', params: ({ event }) => ({ page: event.page }) },
          target: 'loading',
          actions: { type: 'assignPage', params: ({ event }) => ({ page: event.page }) },
        },
        'ledger.reload': 'loading',
      },
    },
    failed: failedState('ledger.retry'),
  },
});
