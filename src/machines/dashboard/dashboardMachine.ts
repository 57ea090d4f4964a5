import { assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import { toAppError, type AppErrorCode } from '../../rpc/errors.ts';

/** The dashboard's figures as the view reads them: counts by status name, amounts in euros. */
export interface DashboardFigures {
  readonly depositsByStatus: Readonly<Record<string, number>>;
  readonly productsBySaleStatus: Readonly<Record<string, number>>;
  readonly customerCount: number;
  readonly vendorCount: number;
  readonly soldTurnover: number;
  readonly openDepositRequests: number;
  readonly openSupportTickets: number;
}

export interface DashboardContext {
  readonly figures: DashboardFigures | null;
  /** The clock's last tick (epoch ms): the trial's days left are counted against it. */
  readonly now: number;
  readonly errorCode: AppErrorCode | null;
}

export type DashboardEvent =
  | { type: 'dashboard.retry' }
  | { type: 'dashboard.reload' }
  | { type: 'clock.ticked'; now: number };

/** The clock ticks every minute: the trial's last day ends on time without a reload. */
export const DASHBOARD_TICK_MS = 60_000;

const notProvided = () =>
  Promise.reject(new Error('The dashboard actor "loadFigures" was not provided'));

/**
 * The home page's figures (DashboardService.Get, scoped by the server to the caller): loaded
 * once, reloaded on demand, and a failure the user retries. A clock actor keeps `now` current for
 * the trial countdown; tests swap it.
 */
export const dashboardMachine = setup({
  types: {
    context: {} as DashboardContext,
    events: {} as DashboardEvent,
    input: {} as { now?: number },
  },
  actors: {
    loadFigures: fromPromise<DashboardFigures>(notProvided),
    clock: fromCallback<EventObject>(({ sendBack }) => {
      const tick = () => sendBack({ type: 'clock.ticked', now: Date.now() });
      tick();
      const timer = setInterval(tick, DASHBOARD_TICK_MS);
      return () => clearInterval(timer);
    }),
  },
  actions: {
    assignNow: assign((_, params: { now: number }) => ({ now: params.now })),
    assignFigures: assign((_, params: { figures: DashboardFigures }) => ({
      figures: params.figures,
      errorCode: null,
    })),
    assignError: assign((_, params: { error: unknown }) => ({
      errorCode: toAppError(params.error).code,
    })),
    clearError: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'dashboard',
  initial: 'loading',
  context: ({ input }) => ({ figures: null, now: input.now ?? 0, errorCode: null }),
  invoke: { id: 'clock', src: 'clock' },
  on: {
    'clock.ticked': { actions: { type: 'assignNow', params: ({ event }) => ({ now: event.now }) } },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadFigures',
        src: 'loadFigures',
        onDone: {
          target: 'loaded',
          actions: { type: 'assignFigures', params: ({ event }) => ({ figures: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loaded: {
      on: { 'dashboard.reload': { target: 'loading' } },
    },
    failed: {
      tags: ['error'],
      on: { 'dashboard.retry': { target: 'loading', actions: 'clearError' } },
    },
  },
});
