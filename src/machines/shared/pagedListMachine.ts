import { assign, fromPromise, setup } from 'xstate';
import { toAppError, type AppErrorCode } from '../../rpc/errors.ts';
import { debouncingState, failedState, loadingState } from './loadStates.ts';

/** What a list screen asks for: one page, optionally narrowed by a search text. */
export interface PageQuery {
  readonly page: number;
  readonly pageSize: number;
  readonly search: string;
}

/** One page of rows and the total the server counted. */
export interface Page<Row> {
  readonly rows: readonly Row[];
  readonly count: number;
}

export interface PagedListContext<Row> {
  readonly rows: readonly Row[];
  readonly count: number;
  readonly page: number;
  readonly pageSize: number;
  readonly search: string;
  /** The row opened in a detail panel (the outbox mail body), if any. */
  readonly selected: string | null;
  /** Set exactly while the machine is in a state tagged `error`. */
  readonly errorCode: AppErrorCode | null;
}

export type PagedListEvent =
  | { type: 'list.search'; search: string }
  | { type: 'list.page'; page: number }
  | { type: 'list.retry' }
  | { type: 'list.reload' }
  | { type: 'list.open'; uuid: string }
  | { type: 'list.close' };

export interface PagedListInput {
  readonly pageSize?: number;
}

/** Default page size of the people and outbox lists (the server's default, docs/decisions.md). */
export const LIST_PAGE_SIZE = 25;

/** Spec: filter search debounce 500 ms (1-app-shell.md §9). */
export const SEARCH_DEBOUNCE_MS = 500;

const notProvided = () => Promise.reject(new Error('The list actor "fetchPage" was not provided'));

/** Last page number for a count (at least 1, so an empty list still has a page). */
export function pageCount(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / pageSize));
}

/** Whether `page` is a page of the list other than the one on screen. */
export function isOtherValidPage(
  page: number,
  list: { readonly page: number; readonly count: number; readonly pageSize: number },
): boolean {
  return (
    Number.isInteger(page) &&
    page >= 1 &&
    page <= pageCount(list.count, list.pageSize) &&
    page !== list.page
  );
}

/**
 * A paged, searchable list (customers, vendors, invoices, deposits, outbox). The page fetch is
 * the only side effect; each screen provides its own `fetchPage` over its service. Rows stay on
 * screen while the next page loads so paging does not flicker.
 */
export function createPagedListMachine<Row extends { readonly uuid: string }>(id: string) {
  return setup({
    types: {
      context: {} as PagedListContext<Row>,
      events: {} as PagedListEvent,
      input: {} as PagedListInput,
    },
    actors: {
      fetchPage: fromPromise<Page<Row>, PageQuery>(notProvided),
    },
    delays: { debounce: SEARCH_DEBOUNCE_MS },
    guards: {
      isOtherValidPage: ({ context }, params: { page: number }) =>
        isOtherValidPage(params.page, context),
      hasRow: ({ context }, params: { uuid: string }) =>
        context.rows.some((row) => row.uuid === params.uuid),
    },
    actions: {
      assignPage: assign((_, params: { page: number }) => ({ page: params.page })),
      assignSearch: assign((_, params: { search: string }) => ({
        search: params.search,
        page: 1,
        errorCode: null,
      })),
      assignRows: assign((_, params: Page<Row>) => ({
        rows: params.rows,
        count: params.count,
        errorCode: null,
      })),
      assignError: assign((_, params: { error: unknown }) => ({
        errorCode: toAppError(params.error).code,
      })),
      clearError: assign({ errorCode: null }),
      assignSelected: assign((_, params: { uuid: string | null }) => ({
        selected: params.uuid,
      })),
    },
  }).createMachine({
    id,
    initial: 'loading',
    context: ({ input }) => ({
      rows: [],
      count: 0,
      page: 1,
      pageSize: input.pageSize ?? LIST_PAGE_SIZE,
      search: '',
      selected: null,
      errorCode: null,
    }),
    on: {
      // The rows changed elsewhere (an import finished): the same page, loaded again.
      'list.reload': { target: '.loading', reenter: true },
      'list.search': {
        target: '.debouncing',
        reenter: true,
        actions: { type: 'assignSearch', params: ({ event }) => ({ search: event.search }) },
      },
      'list.open': {
        guard: { type: 'hasRow', params: ({ event }) => ({ uuid: event.uuid }) },
        actions: { type: 'assignSelected', params: ({ event }) => ({ uuid: event.uuid }) },
      },
      'list.close': { actions: { type: 'assignSelected', params: { uuid: null } } },
    },
    states: {
      debouncing: debouncingState,
      loading: loadingState(
        'fetchPage',
        ({ context }) => ({
          page: context.page,
          pageSize: context.pageSize,
          search: context.search.trim(),
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
        },
      },
      failed: failedState('list.retry'),
    },
  });
}
