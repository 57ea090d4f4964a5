import { assign, fromPromise, setup } from 'xstate';
import { toAppError, type AppErrorCode } from '../../rpc/errors.ts';
import { SEARCH_DEBOUNCE_MS, isOtherValidPage, type Page } from './pagedListMachine.ts';
import { debouncingState, failedState, loadingState } from './loadStates.ts';

/** What one page load asks the server for. */
export interface ListQuery<Filters> {
  readonly filters: Filters;
  /** One ordering key, `-` for descending (`-created_at`). */
  readonly ordering: string;
  readonly page: number;
  readonly pageSize: number;
}

export interface QueryListContext<Row, Filters> extends ListQuery<Filters> {
  /** Keys the user may order by (the columns with a sort button). */
  readonly sortable: readonly string[];
  readonly rows: readonly Row[];
  readonly count: number;
  /** Set exactly while the machine is in a state tagged `error`. */
  readonly errorCode: AppErrorCode | null;
}

export interface QueryListInput<Filters> {
  readonly filters: Filters;
  readonly ordering: string;
  readonly sortable: readonly string[];
  readonly pageSize?: number;
}

export type QueryListEvent<Filters> =
  | { type: 'list.filter'; filters: Partial<Filters> }
  | { type: 'list.sort'; key: string }
  | { type: 'list.page'; page: number }
  | { type: 'list.retry' }
  | { type: 'list.reload' };

/** Rows per page of these screens (the server's default page). */
export const QUERY_PAGE_SIZE = 25;

/** A click on a column: the same column flips direction, another one starts ascending. */
export function nextOrdering(ordering: string, key: string): string {
  return ordering === key ? `-${key}` : key;
}

/** Where a column stands in the ordering: its direction, or null when unsorted. */
export function sortDirection(ordering: string, key: string): 'asc' | 'desc' | null {
  if (ordering === key) return 'asc';
  if (ordering === `-${key}`) return 'desc';
  return null;
}

const notProvided = () => Promise.reject(new Error('The list actor "fetchPage" was not provided'));

/**
 * A server-paged list with filters and a sortable column (stock, invoices, vendor hiring): filter
 * changes wait for the user to stop typing, ordering and paging load at once, and a new filter or
 * ordering starts again at page 1. Rows stay on screen while the next page loads.
 */
export function createQueryListMachine<Row, Filters extends object>(id: string) {
  return setup({
    types: {
      context: {} as QueryListContext<Row, Filters>,
      events: {} as QueryListEvent<Filters>,
      input: {} as QueryListInput<Filters>,
    },
    actors: {
      fetchPage: fromPromise<Page<Row>, ListQuery<Filters>>(notProvided),
    },
    delays: { debounce: SEARCH_DEBOUNCE_MS },
    guards: {
      isOtherPage: ({ context }, page: number) => isOtherValidPage(page, context),
      isSortable: ({ context }, key: string) => context.sortable.includes(key),
    },
    actions: {
      assignFilters: assign(({ context }, filters: Partial<Filters>) => ({
        filters: { ...context.filters, ...filters },
        page: 1,
      })),
      assignSort: assign(({ context }, key: string) => ({
        ordering: nextOrdering(context.ordering, key),
        page: 1,
      })),
      assignPage: assign((_, page: number) => ({ page })),
      assignRows: assign((_, out: Page<Row>) => ({ rows: out.rows, count: out.count })),
      assignError: assign((_, p: { error: unknown }) => ({ errorCode: toAppError(p.error).code })),
      clearError: assign({ errorCode: null }),
    },
  }).createMachine({
    id,
    context: ({ input }) => ({
      filters: input.filters,
      ordering: input.ordering,
      sortable: input.sortable,
      page: 1,
      pageSize: input.pageSize ?? QUERY_PAGE_SIZE,
      rows: [],
      count: 0,
      errorCode: null,
    }),
    initial: 'loading',
    on: {
      // The rows changed elsewhere (an import finished): the same query, loaded again.
      'list.reload': { target: '.loading', reenter: true },
      'list.filter': {
        target: '.debouncing',
        reenter: true,
        actions: { type: 'assignFilters', params: ({ event }) => event.filters },
      },
      'list.sort': {
        guard: { type: 'isSortable', params: ({ event }) => event.key },
        target: '.loading',
        reenter: true,
        actions: { type: 'assignSort', params: ({ event }) => event.key },
      },
    },
    states: {
      debouncing: debouncingState,
      loading: loadingState(
        'fetchPage',
        ({ context }) => ({
          filters: context.filters,
          ordering: context.ordering,
          page: context.page,
          pageSize: context.pageSize,
        }),
        'assignRows',
      ),
      ready: {
        on: {
          // Only from a loaded list: while filters wait or load, the page count is not known yet.
          'list.page': {
            guard: { type: 'isOtherPage', params: ({ event }) => event.page },
            target: 'loading',
            actions: { type: 'assignPage', params: ({ event }) => event.page },
          },
        },
      },
      failed: failedState('list.retry'),
    },
  });
}
