import { assign, emit, fromPromise, setup } from 'xstate';
import type { StockLayout } from '../../domain/stock/stockWire.ts';
import { toAppError, type AppErrorCode } from '../../rpc/errors.ts';
import { SEARCH_DEBOUNCE_MS } from '../shared/pagedListMachine.ts';
import { nextOrdering } from '../shared/queryListMachine.ts';
import type { StockQueryFilters } from './stockQuery.ts';
import {
  dropFarPages,
  lineAt,
  missingPage,
  needsPhotos,
  type CachedPage,
  type StockLine,
  type VisibleRange,
} from './stockWindow.ts';

/** What one page load asks the server for (`page` starts at 1, as the server counts). */
export interface StockPageQuery {
  readonly filters: StockQueryFilters;
  readonly ordering: string;
  readonly layout: StockLayout;
  readonly page: number;
  readonly pageSize: number;
}

export interface StockPageAnswer {
  readonly lines: readonly StockLine[];
  readonly count: number;
}

/** What a bulk action needs to know of a selected line. */
export interface SelectedLine {
  readonly saleStatus: StockLine['saleStatus'];
  readonly invoiced: boolean;
}

export interface StockWindowContext {
  readonly filters: StockQueryFilters;
  readonly ordering: string;
  readonly sortable: readonly string[];
  readonly layout: StockLayout;
  readonly pageSize: number;
  /** Loaded pages by 0-based number; far ones are dropped. */
  readonly pages: Readonly<Record<number, CachedPage>>;
  /** Lines matching the query, null until the first answer of a new query. */
  readonly count: number | null;
  readonly visible: VisibleRange;
  /** The page being loaded (0-based), null when none. */
  readonly loadingPage: number | null;
  readonly selected: Readonly<Record<string, SelectedLine>>;
  /** Every line matching the filters is selected (the bulk action reads them all). */
  readonly allMatching: boolean;
  readonly errorCode: AppErrorCode | null;
}

export interface StockWindowInput {
  readonly filters: StockQueryFilters;
  readonly ordering: string;
  readonly sortable: readonly string[];
  readonly layout: StockLayout;
  readonly pageSize?: number;
}

export type StockWindowEvent =
  | { type: 'stock.filter'; filters: Partial<StockQueryFilters> }
  | { type: 'stock.sort'; key: string }
  | { type: 'stock.visible'; start: number; end: number }
  | { type: 'stock.layout'; layout: StockLayout }
  | { type: 'stock.select'; uuid: string; selected: boolean }
  | { type: 'stock.selectAll'; selected: boolean }
  | { type: 'stock.reload' }
  | { type: 'stock.retry' };

export type StockWindowEmitted =
  | { type: 'stock.layoutChosen'; layout: StockLayout }
  /** A query is applied (typing has paused, or a new ordering): the address can follow. */
  | { type: 'stock.queryApplied'; filters: StockQueryFilters; ordering: string };

/** Lines per request: a screen or two of rows, small enough to answer fast on 100k products. */
export const STOCK_PAGE_SIZE = 100;

const notProvided = () => Promise.reject(new Error('The actor "fetchPage" was not provided'));
const cleared = { pages: {}, selected: {}, allMatching: false } as const;

/**
 * The stock's window on many products: pages are fetched as the visible lines need them (nearest
 * first, one request at a time), far pages are dropped, and a new filter (after the user stops
 * typing) or ordering drops the cache and cancels the request in flight (its AbortSignal).
 */
export const stockWindowMachine = setup({
  types: {
    context: {} as StockWindowContext,
    events: {} as StockWindowEvent,
    input: {} as StockWindowInput,
    emitted: {} as StockWindowEmitted,
  },
  actors: { fetchPage: fromPromise<StockPageAnswer, StockPageQuery>(notProvided) },
  delays: { debounce: SEARCH_DEBOUNCE_MS },
  guards: {
    hasMissingPage: ({ context: c }) =>
      missingPage(c.pages, c.visible, c.count, c.pageSize, c.layout) !== undefined,
    isSortable: ({ context }, key: string) => context.sortable.includes(key),
    isOtherLayout: ({ context }, layout: StockLayout) => context.layout !== layout,
  },
  actions: {
    assignFilters: assign(({ context }, filters: Partial<StockQueryFilters>) => ({
      filters: { ...context.filters, ...filters },
      visible: { start: 0, end: context.visible.end - context.visible.start },
      ...cleared,
    })),
    assignSort: assign(({ context }, key: string) => ({
      ordering: nextOrdering(context.ordering, key),
      visible: { start: 0, end: context.visible.end - context.visible.start },
      ...cleared,
    })),
    assignVisible: assign((_, visible: VisibleRange) => ({
      visible: { start: Math.max(0, visible.start), end: Math.max(visible.start, visible.end) },
    })),
    assignLayout: assign((_, layout: StockLayout) => ({ layout })),
    emitLayout: emit((_, layout: StockLayout) => ({ type: 'stock.layoutChosen' as const, layout })),
    emitQuery: emit(({ context }) => ({
      type: 'stock.queryApplied' as const,
      filters: context.filters,
      ordering: context.ordering,
    })),
    pickPage: assign(({ context: c }) => ({
      loadingPage: missingPage(c.pages, c.visible, c.count, c.pageSize, c.layout) ?? 0,
    })),
    clearPages: assign({ pages: {} }),
    assignPage: assign(({ context: c }, answer: StockPageAnswer) => {
      const page = c.loadingPage ?? 0;
      const pages = { ...c.pages, [page]: { lines: answer.lines, photos: needsPhotos(c.layout) } };
      return {
        pages: dropFarPages(pages, c.visible, c.pageSize),
        count: answer.count,
        loadingPage: null,
      };
    }),
    toggleLine: assign(({ context: c }, p: { uuid: string; selected: boolean }) => {
      const { [p.uuid]: _, ...rest } = c.selected;
      if (!p.selected) return { selected: rest, allMatching: false };
      const line = Object.values(c.pages)
        .flatMap((page) => page.lines)
        .find((l) => l.uuid === p.uuid);
      if (!line) return {};
      return {
        selected: { ...rest, [p.uuid]: { saleStatus: line.saleStatus, invoiced: line.invoiced } },
      };
    }),
    assignAllMatching: assign((_, selected: boolean) => ({ allMatching: selected, selected: {} })),
    assignError: assign((_, p: { error: unknown }) => ({
      errorCode: toAppError(p.error).code,
      loadingPage: null,
    })),
    clearError: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'stockWindow',
  context: ({ input }) => ({
    filters: input.filters,
    ordering: input.ordering,
    sortable: input.sortable,
    layout: input.layout,
    pageSize: input.pageSize ?? STOCK_PAGE_SIZE,
    count: null,
    visible: { start: 0, end: 0 },
    loadingPage: null,
    ...cleared,
    errorCode: null,
  }),
  initial: 'loading',
  on: {
    'stock.visible': {
      actions: { type: 'assignVisible', params: ({ event }) => event },
    },
    'stock.filter': {
      target: '.debouncing',
      reenter: true,
      actions: { type: 'assignFilters', params: ({ event }) => event.filters },
    },
    'stock.sort': {
      guard: { type: 'isSortable', params: ({ event }) => event.key },
      target: '.loading',
      reenter: true,
      actions: [{ type: 'assignSort', params: ({ event }) => event.key }, 'emitQuery'],
    },
    'stock.layout': {
      guard: { type: 'isOtherLayout', params: ({ event }) => event.layout },
      actions: [
        { type: 'assignLayout', params: ({ event }) => event.layout },
        { type: 'emitLayout', params: ({ event }) => event.layout },
      ],
    },
    'stock.select': {
      actions: { type: 'toggleLine', params: ({ event }) => event },
    },
    'stock.selectAll': {
      actions: { type: 'assignAllMatching', params: ({ event }) => event.selected },
    },
    // The products changed elsewhere (an import, a bulk change): the same query, loaded again.
    'stock.reload': { target: '.loading', reenter: true, actions: 'clearPages' },
  },
  states: {
    debouncing: {
      tags: ['busy'],
      after: { debounce: { target: 'loading', actions: 'emitQuery' } },
    },
    loading: {
      tags: ['busy'],
      entry: 'pickPage',
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context: c }) => ({
          filters: c.filters,
          ordering: c.ordering,
          layout: c.layout,
          page: (c.loadingPage ?? 0) + 1,
          pageSize: c.pageSize,
        }),
        onDone: {
          target: 'ready',
          actions: { type: 'assignPage', params: ({ event }) => event.output },
        },
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    // Lines on screen; a page the screen reaches is loaded at once.
    ready: { always: { guard: 'hasMissingPage', target: 'loading' } },
    failed: {
      tags: ['error'],
      exit: 'clearError',
      on: { 'stock.retry': 'loading' },
    },
  },
});

export { lineAt };
