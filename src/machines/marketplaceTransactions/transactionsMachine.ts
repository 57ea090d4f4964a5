import { assign, fromPromise, setup } from 'xstate';
import { toAppError, type AppErrorCode } from '../../rpc/errors.ts';
import { failedState, loadingState } from '../shared/loadStates.ts';
import {
  NO_FILTERS,
  type CsvChoice,
  type CsvPreview,
  type ImportOutcome,
  type LinkChoices,
  type LinkDraft,
  type Refusal,
  type TransactionFilters,
  type TransactionsPage,
} from './transactionTypes.ts';

export interface TransactionsContext extends TransactionsPage {
  readonly filters: TransactionFilters;
  /** The chosen export and its channel; null when none. */
  readonly csv: CsvChoice | null;
  readonly preview: CsvPreview | null;
  /** What the last import did (connector or CSV), shown above the list. */
  readonly outcome: ImportOutcome | null;
  readonly link: LinkDraft | null;
  readonly choices: LinkChoices;
  readonly refusal: Refusal | null;
  /** Set exactly while the machine is in a state tagged `error`. */
  readonly errorCode: AppErrorCode | null;
}

export type TransactionsEvent =
  | { type: 'transactions.filter'; filters: TransactionFilters }
  | { type: 'transactions.retry' }
  | { type: 'transactions.importConnector' }
  | { type: 'transactions.chooseCsv'; csv: CsvChoice }
  | { type: 'transactions.confirmCsv' }
  | { type: 'transactions.cancel' }
  | { type: 'transactions.link'; uuid: string }
  | { type: 'transactions.searchProducts'; search: string }
  | { type: 'transactions.pick'; field: 'product' | 'buyer'; uuid: string }
  | { type: 'transactions.saveLink' };

export interface LinkInput {
  readonly uuid: string;
  readonly product: string;
  readonly buyer: string;
}

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`The transactions actor "${name}" was not provided`));

const EMPTY_CHOICES: LinkChoices = { products: [], buyers: [] };

/** A link needs an item: linking only a buyer would not say what was sold. */
export const hasProduct = (link: LinkDraft | null) => !!link && link.product !== '';

function refusalOf(error: unknown): Refusal {
  const e = toAppError(error);
  return { i18nKey: e.i18nKey, ...(e.message ? { message: e.message } : {}) };
}

/**
 * The vendor's marketplace transactions page: the filtered list with the fee-aware split per
 * channel, the import from the marketplace connector, the CSV export's preview then import (bad
 * lines named, nothing written before the confirmation), and the link of a sale to an item and a
 * buyer. A refused call keeps what the vendor chose and says why.
 */
export const transactionsMachine = setup({
  types: {
    context: {} as TransactionsContext,
    events: {} as TransactionsEvent,
  },
  actors: {
    fetchTransactions: fromPromise<TransactionsPage, TransactionFilters>(
      notProvided('fetchTransactions'),
    ),
    importConnector: fromPromise<ImportOutcome, void>(notProvided('importConnector')),
    previewCsv: fromPromise<CsvPreview, CsvChoice>(notProvided('previewCsv')),
    importCsv: fromPromise<ImportOutcome, { text: string; channel: number }>(
      notProvided('importCsv'),
    ),
    fetchChoices: fromPromise<LinkChoices, { search: string }>(notProvided('fetchChoices')),
    saveLink: fromPromise<unknown, LinkInput>(notProvided('saveLink')),
  },
  guards: {
    isListed: ({ context }, params: { uuid: string }) =>
      context.rows.some((r) => r.uuid === params.uuid),
    hasProduct: ({ context }) => hasProduct(context.link),
  },
  actions: {
    assignFilters: assign((_, params: { filters: TransactionFilters }) => ({
      filters: params.filters,
    })),
    assignPage: assign((_, params: TransactionsPage) => ({ ...params, errorCode: null })),
    assignCsv: assign((_, params: { csv: CsvChoice }) => ({
      csv: params.csv,
      preview: null,
      refusal: null,
    })),
    assignPreview: assign((_, params: CsvPreview) => ({ preview: params, refusal: null })),
    assignOutcome: assign((_, params: ImportOutcome) => ({
      outcome: params,
      csv: null,
      preview: null,
      refusal: null,
    })),
    closeDialogs: assign({ csv: null, preview: null, link: null, refusal: null }),
    openLink: assign(({ context }, params: { uuid: string }) => {
      const row = context.rows.find((r) => r.uuid === params.uuid);
      return {
        link: {
          uuid: params.uuid,
          product: row?.product ?? '',
          buyer: row?.buyer ?? '',
          search: '',
        },
        choices: EMPTY_CHOICES,
        refusal: null,
      };
    }),
    assignSearch: assign(({ context }, params: { search: string }) => ({
      link: context.link && { ...context.link, search: params.search },
    })),
    assignChoices: assign((_, params: LinkChoices) => ({ choices: params })),
    assignPick: assign(({ context }, params: { field: 'product' | 'buyer'; uuid: string }) => ({
      link: context.link && { ...context.link, [params.field]: params.uuid },
      refusal: null,
    })),
    clearLink: assign({ link: null, refusal: null }),
    assignRefusal: assign((_, params: { error: unknown }) => ({
      refusal: refusalOf(params.error),
    })),
    assignError: assign((_, params: { error: unknown }) => ({
      errorCode: toAppError(params.error).code,
    })),
    clearError: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'transactions',
  initial: 'loading',
  context: {
    rows: [],
    count: 0,
    channels: [],
    total: null,
    filters: NO_FILTERS,
    csv: null,
    preview: null,
    outcome: null,
    link: null,
    choices: EMPTY_CHOICES,
    refusal: null,
    errorCode: null,
  },
  states: {
    loading: loadingState(
      'fetchTransactions',
      ({ context }: { context: TransactionsContext }) => context.filters,
      'assignPage',
    ),
    failed: failedState('transactions.retry'),
    ready: {
      on: {
        'transactions.filter': {
          target: 'loading',
          actions: { type: 'assignFilters', params: ({ event }) => ({ filters: event.filters }) },
        },
        'transactions.importConnector': { target: 'importingConnector', actions: 'closeDialogs' },
        'transactions.chooseCsv': {
          target: 'previewing',
          actions: { type: 'assignCsv', params: ({ event }) => ({ csv: event.csv }) },
        },
        'transactions.link': {
          guard: { type: 'isListed', params: ({ event }) => ({ uuid: event.uuid }) },
          target: 'choosing',
          actions: { type: 'openLink', params: ({ event }) => ({ uuid: event.uuid }) },
        },
      },
    },
    importingConnector: {
      tags: ['busy'],
      invoke: {
        id: 'importConnector',
        src: 'importConnector',
        onDone: {
          target: 'loading',
          actions: { type: 'assignOutcome', params: ({ event }) => event.output },
        },
        onError: {
          target: 'ready',
          actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    previewing: {
      tags: ['busy'],
      invoke: {
        id: 'previewCsv',
        src: 'previewCsv',
        input: ({ context }) => context.csv!,
        onDone: {
          target: 'previewed',
          actions: { type: 'assignPreview', params: ({ event }) => event.output },
        },
        onError: {
          target: 'ready',
          actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    previewed: {
      on: {
        'transactions.confirmCsv': 'importingCsv',
        'transactions.cancel': { target: 'ready', actions: 'closeDialogs' },
      },
    },
    importingCsv: {
      tags: ['busy'],
      invoke: {
        id: 'importCsv',
        src: 'importCsv',
        input: ({ context }) => ({ text: context.preview!.text, channel: context.csv!.channel }),
        onDone: {
          target: 'loading',
          actions: { type: 'assignOutcome', params: ({ event }) => event.output },
        },
        onError: {
          target: 'previewed',
          actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    choosing: {
      tags: ['busy'],
      invoke: {
        id: 'fetchChoices',
        src: 'fetchChoices',
        input: ({ context }) => ({ search: context.link!.search }),
        onDone: {
          target: 'linking',
          actions: { type: 'assignChoices', params: ({ event }) => event.output },
        },
        onError: {
          target: 'linking',
          actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    linking: {
      tags: ['editable'],
      on: {
        'transactions.searchProducts': {
          target: 'choosing',
          actions: { type: 'assignSearch', params: ({ event }) => ({ search: event.search }) },
        },
        'transactions.pick': {
          actions: {
            type: 'assignPick',
            params: ({ event }) => ({ field: event.field, uuid: event.uuid }),
          },
        },
        'transactions.saveLink': { guard: 'hasProduct', target: 'savingLink' },
        'transactions.cancel': { target: 'ready', actions: 'clearLink' },
      },
    },
    savingLink: {
      tags: ['busy'],
      invoke: {
        id: 'saveLink',
        src: 'saveLink',
        input: ({ context }) => ({
          uuid: context.link!.uuid,
          product: context.link!.product,
          buyer: context.link!.buyer,
        }),
        onDone: { target: 'loading', actions: 'clearLink' },
        onError: {
          target: 'linking',
          actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});
