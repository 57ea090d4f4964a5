import { assign, fromPromise, setup } from 'xstate';
import { toAppError, type AppErrorCode } from '../../rpc/errors.ts';
import type { DressingStep } from '../../domain/dressing/dressing.ts';
import { failedState, loadingState } from '../shared/loadStates.ts';

/** A channel the item is live on now. */
export interface DressingChannelRow {
  readonly publisherName: string;
  readonly url: string;
}

/** One item as the depositor's page shows it: amounts in whole cents, dates in ms. */
export interface DressingItemRow {
  readonly uuid: string;
  readonly reference: string;
  readonly title: string;
  readonly photoUrl: string;
  readonly priceCents: number;
  /** SaleStatus label ('ONLINE', 'SELL'…), null when unknown. */
  readonly saleStatus: string | null;
  readonly deposit: string;
  readonly depositName: string;
  readonly channels: readonly DressingChannelRow[];
  readonly timeline: readonly { readonly step: DressingStep; readonly at: number }[];
  readonly earningCents: number;
  readonly earningSource: 'NONE' | 'LEDGER' | 'STORED_INCOME';
}

export type StatementKind = 'STATEMENT' | 'PAYOUT_RECEIPT';

export interface DressingStatementRow {
  readonly kind: StatementKind;
  readonly uuid: string;
  readonly number: string;
  readonly issuedAt: number | null;
  readonly amountCents: number;
}

/** What the server answers, as plain data. */
export interface DressingData {
  readonly items: readonly DressingItemRow[];
  readonly itemCount: number;
  readonly owedCents: number;
  readonly payableCents: number;
  readonly paidCents: number;
  readonly statements: readonly DressingStatementRow[];
}

export interface DepositorDressingContext extends DressingData {
  /** The depositor named to the server; empty: the signed-in customer. */
  readonly customer: string;
  /** The deposit the route names, or null for every item. */
  readonly deposit: string | null;
  /** How many of the (filtered) items the page shows; more come on request. */
  readonly shown: number;
  readonly pageSize: number;
  /** The statement whose file is being fetched. */
  readonly downloading: string | null;
  /** Why the last file could not be fetched; the page stays. */
  readonly downloadError: AppErrorCode | null;
  /** Set exactly while the machine is in a state tagged `error`. */
  readonly errorCode: AppErrorCode | null;
}

export type DepositorDressingEvent =
  | { type: 'dressing.filter'; deposit: string | null }
  | { type: 'dressing.more' }
  | { type: 'dressing.reload' }
  | { type: 'dressing.retry' }
  | { type: 'dressing.download'; uuid: string };

export interface DepositorDressingInput {
  readonly customer?: string;
  readonly deposit?: string | null;
  readonly pageSize?: number;
}

/** The items the filter keeps, all of them (the page shows the first `shown`). */
export function filteredItems(
  context: Pick<DepositorDressingContext, 'items' | 'deposit'>,
): readonly DressingItemRow[] {
  const { items, deposit } = context;
  return deposit ? items.filter((i) => i.deposit === deposit) : items;
}

/** The deposits the items belong to, in the order they come, with their item counts. */
export function depositsOf(items: readonly DressingItemRow[]) {
  const byDeposit = new Map<string, { uuid: string; name: string; count: number }>();
  for (const i of items) {
    const known = byDeposit.get(i.deposit);
    if (known) known.count++;
    else byDeposit.set(i.deposit, { uuid: i.deposit, name: i.depositName, count: 1 });
  }
  return [...byDeposit.values()];
}

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`The dressing actor "${name}" was not provided`));

/**
 * The depositor's space: every item with its channels, timeline and earning, the totals owed and
 * paid, and the statements, read in one call. The route's deposit narrows the items; the page
 * shows them a screenful at a time; a statement's file is fetched on request, and a failure to
 * fetch it leaves the page as it was.
 */
export const depositorDressingMachine = setup({
  types: {
    context: {} as DepositorDressingContext,
    events: {} as DepositorDressingEvent,
    input: {} as DepositorDressingInput,
  },
  actors: {
    fetchDressing: fromPromise<DressingData, { customer: string }>(notProvided('fetchDressing')),
    downloadStatement: fromPromise<void, DressingStatementRow>(notProvided('downloadStatement')),
  },
  guards: {
    hasMore: ({ context }) => filteredItems(context).length > context.shown,
    isOtherDeposit: ({ context }, params: { deposit: string | null }) =>
      params.deposit !== context.deposit,
    isListed: ({ context }, params: { uuid: string }) =>
      context.statements.some((s) => s.uuid === params.uuid),
  },
  actions: {
    assignDressing: assign((_, params: DressingData) => ({ ...params, errorCode: null })),
    assignDeposit: assign(({ context }, params: { deposit: string | null }) => ({
      deposit: params.deposit,
      shown: context.pageSize,
    })),
    showMore: assign(({ context }) => ({ shown: context.shown + context.pageSize })),
    startDownload: assign((_, params: { uuid: string }) => ({
      downloading: params.uuid,
      downloadError: null,
    })),
    endDownload: assign({ downloading: null }),
    assignDownloadError: assign((_, params: { error: unknown }) => ({
      downloadError: toAppError(params.error).code,
    })),
    assignError: assign((_, params: { error: unknown }) => ({
      errorCode: toAppError(params.error).code,
    })),
    clearError: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'depositorDressing',
  initial: 'loading',
  context: ({ input }) => ({
    customer: input.customer ?? '',
    deposit: input.deposit ?? null,
    items: [],
    itemCount: 0,
    owedCents: 0,
    payableCents: 0,
    paidCents: 0,
    statements: [],
    pageSize: input.pageSize ?? 20,
    shown: input.pageSize ?? 20,
    downloading: null,
    downloadError: null,
    errorCode: null,
  }),
  on: {
    'dressing.filter': {
      guard: { type: 'isOtherDeposit', params: ({ event }) => ({ deposit: event.deposit }) },
      actions: { type: 'assignDeposit', params: ({ event }) => ({ deposit: event.deposit }) },
    },
  },
  states: {
    loading: loadingState(
      'fetchDressing',
      ({ context }: { context: DepositorDressingContext }) => ({ customer: context.customer }),
      'assignDressing',
    ),
    failed: failedState('dressing.retry'),
    ready: {
      on: {
        'dressing.more': { guard: 'hasMore', actions: 'showMore' },
        'dressing.reload': 'loading',
        'dressing.download': {
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
        id: 'downloadStatement',
        src: 'downloadStatement',
        input: ({ context }) => context.statements.find((s) => s.uuid === context.downloading)!,
        onDone: 'ready',
        onError: {
          target: 'ready',
          actions: { type: 'assignDownloadError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});
