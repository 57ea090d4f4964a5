import { assign, emit, fromPromise, setup } from 'xstate';
import { toAppError } from '../../rpc/errors.ts';
import { debouncingState, failedState, loadingState } from '../shared/loadStates.ts';
import {
  EMPTY_FILTERS,
  parseQuery,
  toQuery,
  toggleOrdering,
  type ListQuery,
  type SortKey,
} from './depositListQuery.ts';
import {
  DEPOSIT_PAGE_SIZE,
  FILTER_DEBOUNCE_MS,
  type ListContext,
  type ListEvent,
  type ListInput,
  type ListOptions,
  type ListPage,
  type ListViewer,
  type QueryChanged,
} from './depositListTypes.ts';

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`The deposit list actor "${name}" was not provided`));

export interface LoadInput extends ListQuery {
  readonly pageSize: number;
}

const queryOf = (c: ListContext): ListQuery => ({
  filters: c.filters,
  ordering: c.ordering,
  page: c.page,
});

/**
 * The deposit list (`/deposits`): filters wait 500 ms for the user to stop typing, ordering and
 * paging load at once, and every change is emitted as a query string for the URL, which is also
 * where the list starts from.
 */
export const depositListMachine = setup({
  types: {
    context: {} as ListContext,
    events: {} as ListEvent,
    input: {} as ListInput,
    emitted: {} as QueryChanged,
  },
  actors: {
    loadDeposits: fromPromise<ListPage, LoadInput>(notProvided('loadDeposits')),
    loadOptions: fromPromise<ListOptions, ListViewer>(notProvided('loadOptions')),
  },
  delays: { debounce: FILTER_DEBOUNCE_MS },
  guards: {
    isOtherPage: ({ context }, page: number) =>
      page !== context.page &&
      page >= 1 &&
      page <= Math.max(1, Math.ceil(context.count / context.pageSize)),
    isOtherLocation: ({ context }, search: string) =>
      toQuery(parseQuery(search)) !== toQuery(queryOf(context)),
  },
  actions: {
    assignFilters: assign(({ context }, filters: Partial<ListContext['filters']>) => ({
      filters: { ...context.filters, ...filters },
      page: 1,
    })),
    clearFilters: assign({ filters: EMPTY_FILTERS, page: 1 }),
    assignSort: assign(({ context }, key: SortKey) => ({
      ordering: toggleOrdering(context.ordering, key),
      page: 1,
    })),
    assignPage: assign((_, page: number) => ({ page })),
    assignLocation: assign((_, search: string) => parseQuery(search)),
    assignResults: assign((_, out: ListPage) => ({
      rows: out.rows,
      count: out.count,
      statusCounts: out.statusCounts,
    })),
    assignError: assign((_, p: { error: unknown }) => ({ errorCode: toAppError(p.error).code })),
    clearError: assign({ errorCode: null }),
    emitQuery: emit(({ context }) => ({
      type: 'list.queryChanged' as const,
      query: toQuery(queryOf(context)),
    })),
  },
}).createMachine({
  id: 'depositList',
  context: ({ input }) => ({
    ...parseQuery(input.search),
    viewer: input.viewer,
    pageSize: DEPOSIT_PAGE_SIZE,
    rows: [],
    count: 0,
    statusCounts: {},
    options: { vendors: [], customers: [] },
    errorCode: null,
  }),
  invoke: {
    id: 'loadOptions',
    src: 'loadOptions',
    input: ({ context }) => context.viewer,
    onDone: { actions: assign(({ event }) => ({ options: event.output })) },
    // Without options the vendor and customer filters stay empty; the list still works.
    onError: {},
  },
  initial: 'loading',
  on: {
    'list.setFilters': {
      target: '.debouncing',
      reenter: true,
      actions: [{ type: 'assignFilters', params: ({ event }) => event.filters }, 'emitQuery'],
    },
    'list.clearFilters': {
      target: '.debouncing',
      reenter: true,
      actions: ['clearFilters', 'emitQuery'],
    },
    'list.sort': {
      target: '.loading',
      reenter: true,
      actions: [{ type: 'assignSort', params: ({ event }) => event.key }, 'emitQuery'],
    },
    'list.locationChanged': {
      guard: { type: 'isOtherLocation', params: ({ event }) => event.search },
      target: '.loading',
      reenter: true,
      actions: { type: 'assignLocation', params: ({ event }) => event.search },
    },
  },
  states: {
    debouncing: debouncingState,
    loading: loadingState(
      'loadDeposits',
      ({ context }) => ({ ...queryOf(context), pageSize: context.pageSize }),
      'assignResults',
    ),
    ready: {
      on: {
        // Only from a loaded list: while filters wait or load, its page count is not known yet.
        'list.page': {
          guard: { type: 'isOtherPage', params: ({ event }) => event.page },
          target: 'loading',
          actions: [{ type: 'assignPage', params: ({ event }) => event.page }, 'emitQuery'],
        },
      },
    },
    failed: failedState('list.retry'),
  },
});
