import { assign, emit, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import { toAppError, type AppErrorCode } from '../../rpc/errors.ts';
import { isUnfinished, newlyCompleted, type PanelTask } from './panelModel.ts';

export interface BackgroundTasksContext {
  /** The caller's tasks as the server's stream last sent them. */
  readonly serverTasks: readonly PanelTask[];
  /** A list came since the panel started: a task first seen finished ran in the meantime. */
  readonly listed: boolean;
  /** The tasks this tab runs (exports), fed by the view from the in-tab list. */
  readonly localTasks: readonly PanelTask[];
  /** Stream drops since the last message, capped at MAX_RETRIES: picks the reconnection delay. */
  readonly retries: number;
  readonly errorCode: AppErrorCode | null;
}

export type BackgroundTasksEvent =
  | { type: 'tasks.received'; tasks: readonly PanelTask[] }
  | { type: 'stream.dropped' }
  | { type: 'local.changed'; tasks: readonly PanelTask[] }
  | { type: 'tasks.dismiss' };

/**
 * `tasks.cleared` asks the view to clear the finished in-tab tasks (the close button);
 * `tasks.completed` tells that server tasks (imports) just finished well: lists may have grown.
 */
export type BackgroundTasksEmitted =
  { type: 'tasks.cleared' } | { type: 'tasks.completed'; ids: readonly string[] };

/** Reconnection delays: at once after a first drop, then slower while the server stays away. */
export const RETRY_SOON_MS = 1_000;
export const RETRY_LATER_MS = 5_000;
export const RETRY_LATEST_MS = 30_000;
export const MAX_RETRIES = 4;

/** Every task shown: the server's first, newest first, then the tab's own. */
export const panelTasks = (context: BackgroundTasksContext): readonly PanelTask[] => [
  ...context.serverTasks,
  ...context.localTasks,
];

const completedIn = (context: BackgroundTasksContext, tasks: readonly PanelTask[]) =>
  newlyCompleted(context.listed ? context.serverTasks : null, tasks);

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`The task panel actor "${name}" was not provided`));

/**
 * The background task panel (2-business-data.md §2): the server's stream of the caller's tasks
 * (BackgroundTaskService.StreamList, followed in the stream worker, which reconnects after short
 * drops itself), reopened with a growing delay when that worker gives up, beside the
 * tab's own tasks; the close button clears every task once none is created, scheduled or
 * running (Dismiss on the server, `tasks.cleared` for the tab's own). A server task turning
 * completed is announced (`tasks.completed`) so the lists it fed can load again.
 */
export const backgroundTasksMachine = setup({
  types: {
    context: {} as BackgroundTasksContext,
    events: {} as BackgroundTasksEvent,
    emitted: {} as BackgroundTasksEmitted,
  },
  actors: {
    watchTasks: fromCallback<EventObject>(() => {
      throw new Error('The task panel actor "watchTasks" was not provided');
    }),
    dismissTasks: fromPromise<void>(notProvided('dismissTasks')),
  },
  delays: {
    RETRY_SOON: RETRY_SOON_MS,
    RETRY_LATER: RETRY_LATER_MS,
    RETRY_LATEST: RETRY_LATEST_MS,
  },
  guards: {
    canDismiss: ({ context }) => {
      const tasks = panelTasks(context);
      return tasks.length > 0 && !tasks.some(isUnfinished);
    },
    hasNewlyCompleted: ({ context }, params: { tasks: readonly PanelTask[] }) =>
      completedIn(context, params.tasks).length > 0,
    hasServerTasks: ({ context }) => context.serverTasks.length > 0,
    isFirstRetry: ({ context }) => context.retries <= 1,
    isEarlyRetry: ({ context }) => context.retries < MAX_RETRIES,
  },
  actions: {
    assignServerTasks: assign((_, params: { tasks: readonly PanelTask[] }) => ({
      serverTasks: params.tasks,
      listed: true,
      retries: 0,
    })),
    assignLocalTasks: assign((_, params: { tasks: readonly PanelTask[] }) => ({
      localTasks: params.tasks,
    })),
    countRetry: assign(({ context }) => ({ retries: Math.min(context.retries + 1, MAX_RETRIES) })),
    dropFinishedServerTasks: assign(({ context }) => ({
      serverTasks: context.serverTasks.filter(isUnfinished),
    })),
    emitCleared: emit({ type: 'tasks.cleared' as const }),
    emitCompleted: emit(({ context }, params: { tasks: readonly PanelTask[] }) => ({
      type: 'tasks.completed' as const,
      ids: completedIn(context, params.tasks).map((t) => t.id),
    })),
    assignError: assign((_, params: { error: unknown }) => ({
      errorCode: toAppError(params.error).code,
    })),
    clearError: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'backgroundTasks',
  type: 'parallel',
  context: { serverTasks: [], listed: false, localTasks: [], retries: 0, errorCode: null },
  on: {
    'local.changed': {
      actions: { type: 'assignLocalTasks', params: ({ event }) => ({ tasks: event.tasks }) },
    },
  },
  states: {
    stream: {
      initial: 'live',
      states: {
        live: {
          invoke: { id: 'watchTasks', src: 'watchTasks' },
          on: {
            'tasks.received': [
              {
                guard: {
                  type: 'hasNewlyCompleted',
                  params: ({ event }) => ({ tasks: event.tasks }),
                },
                actions: [
                  { type: 'emitCompleted', params: ({ event }) => ({ tasks: event.tasks }) },
                  { type: 'assignServerTasks', params: ({ event }) => ({ tasks: event.tasks }) },
                ],
              },
              {
                actions: {
                  type: 'assignServerTasks',
                  params: ({ event }) => ({ tasks: event.tasks }),
                },
              },
            ],
            'stream.dropped': { target: 'reconnecting' },
          },
        },
        reconnecting: {
          tags: ['reconnecting'],
          entry: 'countRetry',
          initial: 'choosing',
          states: {
            choosing: {
              always: [
                { guard: 'isFirstRetry', target: 'soon' },
                { guard: 'isEarlyRetry', target: 'later' },
                { target: 'latest' },
              ],
            },
            soon: { after: { RETRY_SOON: { target: '#backgroundTasks.stream.live' } } },
            later: { after: { RETRY_LATER: { target: '#backgroundTasks.stream.live' } } },
            latest: { after: { RETRY_LATEST: { target: '#backgroundTasks.stream.live' } } },
          },
        },
      },
    },
    dismissal: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'tasks.dismiss': [{ guard: 'canDismiss', target: 'choosing', actions: 'emitCleared' }],
          },
        },
        choosing: {
          always: [{ guard: 'hasServerTasks', target: 'dismissing' }, { target: 'idle' }],
        },
        dismissing: {
          tags: ['busy'],
          invoke: {
            id: 'dismissTasks',
            src: 'dismissTasks',
            onDone: { target: 'idle', actions: 'dropFinishedServerTasks' },
            onError: {
              target: 'failed',
              actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        failed: {
          tags: ['error'],
          on: {
            'tasks.dismiss': [
              { guard: 'canDismiss', target: 'choosing', actions: ['clearError', 'emitCleared'] },
            ],
          },
        },
      },
    },
  },
});
