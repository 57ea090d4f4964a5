import { assign, emit, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import { toAppError, type AppErrorCode } from '../../rpc/errors.ts';
import { isOtherValidPage } from '../shared/pagedListMachine.ts';
import { failedState, loadingState } from '../shared/loadStates.ts';

/** A vendor who asked for the deposit. */
export interface CandidateRow {
  readonly vendor: string;
  readonly vendorName: string;
  readonly wantedAt: number | null;
}

/** A deposit waiting for an admin, with its deadline (requested + 48 h) and its candidates. */
export interface RequestRow {
  readonly uuid: string;
  readonly name: string;
  readonly family: string | null;
  readonly postalCode: string;
  readonly description: string;
  readonly rowVersion: number;
  readonly requestedAt: number | null;
  readonly dueAt: number | null;
  readonly candidates: readonly CandidateRow[];
}

export interface RequestsPage {
  readonly rows: readonly RequestRow[];
  readonly count: number;
}

export interface DepositRequestsContext {
  readonly rows: readonly RequestRow[];
  readonly count: number;
  readonly page: number;
  readonly pageSize: number;
  /** The clock's last tick (epoch ms); deadlines are measured against it. */
  readonly now: number;
  readonly assigning: { readonly uuid: string; readonly vendor: string } | null;
  readonly errorCode: AppErrorCode | null;
}

export type DepositRequestsEvent =
  | { type: 'requests.assign'; uuid: string; vendor: string }
  | { type: 'requests.page'; page: number }
  | { type: 'requests.reload' }
  | { type: 'requests.retry' }
  | { type: 'clock.ticked'; now: number };

export type DepositRequestsEmitted =
  | { type: 'requests.assigned'; name: string; vendorName: string }
  | { type: 'requests.assignFailed'; code: AppErrorCode };

export interface AssignInput {
  readonly uuid: string;
  readonly vendor: string;
  readonly rowVersion: number;
}

export const REQUESTS_PAGE_SIZE = 25;
/** The clock ticks every minute: the time left is shown to the minute. */
export const CLOCK_TICK_MS = 60_000;

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`The deposit-requests actor "${name}" was not provided`));

/** Where a request stands against its 48-hour deadline at `now`. */
export function deadlineOf(dueAt: number | null, now: number) {
  if (dueAt === null) return { overdue: false, minutes: null };
  const minutes = Math.floor(Math.abs(dueAt - now) / 60_000);
  return { overdue: dueAt <= now, minutes };
}

/**
 * The admin's deposit requests (2-business-data.md §4: validate within 48 hours and assign). A
 * clock actor ticks every minute so deadlines move without reloading; tests swap the clock.
 * Assigning sends the row_version read with the list; a stale version stops in `stale` until the
 * admin reloads.
 */
export const depositRequestsMachine = setup({
  types: {
    context: {} as DepositRequestsContext,
    events: {} as DepositRequestsEvent,
    input: {} as { now?: number; pageSize?: number },
    emitted: {} as DepositRequestsEmitted,
  },
  actors: {
    loadRequests: fromPromise<RequestsPage, { page: number; pageSize: number }>(
      notProvided('loadRequests'),
    ),
    assignDeposit: fromPromise<void, AssignInput>(notProvided('assignDeposit')),
    clock: fromCallback<EventObject>(({ sendBack }) => {
      const tick = () => sendBack({ type: 'clock.ticked', now: Date.now() });
      tick();
      const timer = setInterval(tick, CLOCK_TICK_MS);
      return () => clearInterval(timer);
    }),
  },
  guards: {
    canAssign: ({ context }, params: { uuid: string; vendor: string }) =>
      context.rows.some(
        (r) => r.uuid === params.uuid && r.candidates.some((c) => c.vendor === params.vendor),
      ),
    isOtherValidPage: ({ context }, params: { page: number }) =>
      isOtherValidPage(params.page, context),
    isStale: (_, params: { error: unknown }) =>
      toAppError(params.error).code === 'changedBySomeoneElse',
  },
  actions: {
    assignNow: assign((_, params: { now: number }) => ({ now: params.now })),
    assignRows: assign((_, params: RequestsPage) => ({
      rows: params.rows,
      count: params.count,
      errorCode: null,
    })),
    assignPageNumber: assign((_, params: { page: number }) => ({ page: params.page })),
    assignAssigning: assign((_, params: { uuid: string; vendor: string } | null) => ({
      assigning: params,
    })),
    removeAssigned: assign(({ context }) => ({
      rows: context.rows.filter((r) => r.uuid !== context.assigning?.uuid),
      count: Math.max(0, context.count - 1),
    })),
    assignError: assign((_, params: { error: unknown }) => ({
      errorCode: toAppError(params.error).code,
    })),
    clearError: assign({ errorCode: null }),
    emitAssigned: emit(({ context }) => {
      const row = context.rows.find((r) => r.uuid === context.assigning?.uuid);
      const candidate = row?.candidates.find((c) => c.vendor === context.assigning?.vendor);
      return {
        type: 'requests.assigned' as const,
        name: row?.name ?? '',
        vendorName: candidate?.vendorName ?? '',
      };
    }),
    emitAssignFailed: emit((_, params: { error: unknown }) => ({
      type: 'requests.assignFailed' as const,
      code: toAppError(params.error).code,
    })),
  },
}).createMachine({
  id: 'depositRequests',
  initial: 'loading',
  context: ({ input }) => ({
    rows: [],
    count: 0,
    page: 1,
    pageSize: input.pageSize ?? REQUESTS_PAGE_SIZE,
    now: input.now ?? 0,
    assigning: null,
    errorCode: null,
  }),
  invoke: { id: 'clock', src: 'clock' },
  on: {
    'clock.ticked': { actions: { type: 'assignNow', params: ({ event }) => ({ now: event.now }) } },
  },
  states: {
    loading: loadingState(
      'loadRequests',
      ({ context }) => ({ page: context.page, pageSize: context.pageSize }),
      'assignRows',
    ),
    failed: failedState('requests.retry'),
    ready: {
      on: {
        'requests.assign': {
          guard: {
            type: 'canAssign',
            params: ({ event }) => ({ uuid: event.uuid, vendor: event.vendor }),
          },
          target: 'assigning',
          actions: {
            type: 'assignAssigning',
            params: ({ event }) => ({ uuid: event.uuid, vendor: event.vendor }),
          },
        },
        'requests.page': {
          guard: { type: 'isOtherValidPage', params: ({ event }) => ({ page: event.page }) },
          target: 'loading',
          actions: { type: 'assignPageNumber', params: ({ event }) => ({ page: event.page }) },
        },
        'requests.reload': { target: 'loading' },
      },
    },
    assigning: {
      tags: ['busy', 'assigning'],
      invoke: {
        id: 'assignDeposit',
        src: 'assignDeposit',
        input: ({ context }) => {
          const row = context.rows.find((r) => r.uuid === context.assigning?.uuid);
          return {
            uuid: context.assigning!.uuid,
            vendor: context.assigning!.vendor,
            rowVersion: row?.rowVersion ?? 0,
          };
        },
        onDone: {
          target: 'ready',
          actions: ['emitAssigned', 'removeAssigned', { type: 'assignAssigning', params: null }],
        },
        onError: [
          {
            guard: { type: 'isStale', params: ({ event }) => ({ error: event.error }) },
            target: 'stale',
            actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'ready',
            actions: [
              { type: 'emitAssignFailed', params: ({ event }) => ({ error: event.error }) },
              { type: 'assignAssigning', params: null },
            ],
          },
        ],
      },
    },
    stale: {
      tags: ['error', 'stale'],
      on: {
        'requests.reload': {
          target: 'loading',
          actions: ['clearError', { type: 'assignAssigning', params: null }],
        },
      },
    },
  },
});
