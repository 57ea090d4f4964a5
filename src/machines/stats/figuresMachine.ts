import { assign, fromPromise, setup } from 'xstate';
import { toAppError, type AppErrorCode } from '../../rpc/errors.ts';
import { FILTER_DEBOUNCE_MS } from '../depositList/depositListTypes.ts';
import { debouncingState, failedState, loadingState } from '../shared/loadStates.ts';

/** A period of days, `YYYY-MM-DD`, both included; '' leaves that end open. */
export interface DateRange {
  readonly dateFrom: string;
  readonly dateTo: string;
}

export const OPEN_RANGE: DateRange = { dateFrom: '', dateTo: '' };

export interface FiguresContext<Figures> {
  readonly range: DateRange;
  /** The figures of the last range loaded; kept on screen while the next one loads. */
  readonly figures: Figures | null;
  /** Set exactly while the machine is in a state tagged `error`. */
  readonly errorCode: AppErrorCode | null;
}

export type FiguresEvent =
  { type: 'figures.setRange'; range: Partial<DateRange> } | { type: 'figures.retry' };

/** A range whose ends are in order: picking an end before the start swaps them. */
export function orderedRange(range: DateRange): DateRange {
  const { dateFrom, dateTo } = range;
  return dateFrom && dateTo && dateTo < dateFrom ? { dateFrom: dateTo, dateTo: dateFrom } : range;
}

const notProvided = () =>
  Promise.reject(new Error('The figures actor "loadFigures" was not provided'));

/**
 * Figures over a period (the statistics screens): a change of dates waits for the user to stop
 * (500 ms, as the list filters), then loads once; the same period again changes nothing; a failure keeps the last figures and offers a
 * retry. The loader is the only side effect and is provided per screen.
 */
export function createFiguresMachine<Figures>(id: string) {
  return setup({
    types: {
      context: {} as FiguresContext<Figures>,
      events: {} as FiguresEvent,
      input: {} as { range?: DateRange },
    },
    actors: {
      loadFigures: fromPromise<Figures, DateRange>(notProvided),
    },
    delays: { debounce: FILTER_DEBOUNCE_MS },
    guards: {
      isOtherRange: ({ context }, range: Partial<DateRange>) =>
        JSON.stringify(orderedRange({ ...context.range, ...range })) !==
        JSON.stringify(context.range),
    },
    actions: {
      assignRange: assign(({ context }, range: Partial<DateRange>) => ({
        range: orderedRange({ ...context.range, ...range }),
      })),
      assignFigures: assign((_, figures: Figures) => ({ figures })),
      assignError: assign((_, p: { error: unknown }) => ({ errorCode: toAppError(p.error).code })),
      clearError: assign({ errorCode: null }),
    },
  }).createMachine({
    id,
    context: ({ input }) => ({
      range: orderedRange(input.range ?? OPEN_RANGE),
      figures: null,
      errorCode: null,
    }),
    initial: 'loading',
    on: {
      'figures.setRange': {
        guard: { type: 'isOtherRange', params: ({ event }) => event.range },
        target: '.debouncing',
        reenter: true,
        actions: { type: 'assignRange', params: ({ event }) => event.range },
      },
    },
    states: {
      debouncing: debouncingState,
      loading: loadingState('loadFigures', ({ context }) => context.range, 'assignFigures'),
      ready: {},
      failed: failedState('figures.retry'),
    },
  });
}
