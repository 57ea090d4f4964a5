import { assign, emit, fromCallback, fromPromise, setup } from 'xstate';
import { toAppError } from '../../rpc/errors.ts';
import type {
  ExportContext,
  ExportEmitted,
  ExportEvent,
  ExportInput,
  ExportProgressEvent,
  ExportTaskStatus,
  RunExportInput,
  SaveFileInput,
} from './exportTypes.ts';

const notProvided = (name: string) => () => {
  throw new Error(`The export actor "${name}" was not provided`);
};

const fresh = { count: 0, progress: 0, special: null, file: null, errorCode: null } as const;

/**
 * A spreadsheet export (1-app-shell.md §4): waiting for the server's first answer (indeterminate
 * progress), fetching rows (X of total), building the file, downloading it, then closed. Cancel
 * works from every busy state and stops the worker (and with it the server stream); a failure
 * keeps its error code and can be retried from scratch. The window may be closed at any time:
 * the export goes on, and the background task panel follows it through the emitted
 * `export.task` events (the machine knows nothing of the panel's store).
 */
export const exportMachine = setup({
  types: {
    context: {} as ExportContext,
    events: {} as ExportEvent,
    input: {} as ExportInput,
    emitted: {} as ExportEmitted,
  },
  actors: {
    runExport: fromCallback<ExportProgressEvent, RunExportInput>(notProvided('runExport')),
    saveFile: fromPromise<void, SaveFileInput>(notProvided('saveFile')),
  },
  actions: {
    reset: assign(fresh),
    assignProgress: assign((_, p: { count: number; progress: number }) => ({
      count: p.count,
      progress: p.progress,
    })),
    assignSpecial: assign((_, p: { message: string }) => ({ special: p.message })),
    assignFile: assign((_, p: { file: Blob }) => ({ file: p.file })),
    assignError: assign((_, p: { error: unknown }) => ({ errorCode: toAppError(p.error).code })),
    clearError: assign({ errorCode: null }),
    show: assign({ shown: true }),
    hide: assign({ shown: false }),
    emitTask: emit(({ context }, p: { status: ExportTaskStatus }) => ({
      type: 'export.task' as const,
      status: p.status,
      current: p.status === 'running' || p.status === 'completed' ? context.progress : 0,
      total: context.count,
    })),
    emitSpecial: emit((_, p: { message: string }) => ({
      type: 'export.special' as const,
      message: p.message,
    })),
  },
}).createMachine({
  id: 'export',
  context: ({ input }) => ({ ...input, ...fresh, shown: true }),
  initial: 'running',
  on: {
    'export.open': { actions: 'show' },
    'export.close': { actions: 'hide' },
  },
  states: {
    running: {
      tags: ['busy'],
      invoke: {
        id: 'runExport',
        src: 'runExport',
        input: ({ context }) => ({
          kind: context.kind,
          filters: context.filters,
          ordering: context.ordering,
          search: context.search,
          sheet: context.sheet,
        }),
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: {
        'export.cancel': { target: 'cancelled' },
        'export.special': {
          actions: [
            { type: 'assignSpecial', params: ({ event }) => event },
            { type: 'emitSpecial', params: ({ event }) => event },
          ],
        },
        'export.building': { target: '.building' },
        // The file is the end of the job, whichever report came last.
        'export.built': {
          target: 'downloading',
          actions: { type: 'assignFile', params: ({ event }) => event },
        },
        'export.failed': {
          target: 'failed',
          actions: { type: 'assignError', params: ({ event }) => event },
        },
      },
      initial: 'waiting',
      states: {
        waiting: {
          entry: { type: 'emitTask', params: { status: 'waiting' } },
          on: {
            'export.progressed': {
              target: 'fetching',
              actions: { type: 'assignProgress', params: ({ event }) => event },
            },
          },
        },
        fetching: {
          entry: { type: 'emitTask', params: { status: 'running' } },
          on: {
            'export.progressed': {
              actions: [
                { type: 'assignProgress', params: ({ event }) => event },
                { type: 'emitTask', params: { status: 'running' } },
              ],
            },
          },
        },
        building: {
          entry: { type: 'emitTask', params: { status: 'running' } },
        },
      },
    },
    downloading: {
      tags: ['busy'],
      invoke: {
        id: 'saveFile',
        src: 'saveFile',
        input: ({ context }) => ({ file: context.file!, fileName: context.fileName }),
        // The file is saved: the export is over and its window closes (1-app-shell.md §4).
        onDone: { target: 'closed', actions: 'hide' },
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: { 'export.cancel': { target: 'cancelled' } },
    },
    closed: {
      tags: ['done'],
      entry: { type: 'emitTask', params: { status: 'completed' } },
      on: { 'export.download': { target: 'downloading' } },
    },
    failed: {
      tags: ['error'],
      entry: { type: 'emitTask', params: { status: 'error' } },
      on: { 'export.retry': { target: 'running', actions: 'reset' } },
    },
    cancelled: {
      entry: ['hide', { type: 'emitTask', params: { status: 'cancelled' } }],
      // Nothing is left to show: the task left the panel.
      on: { 'export.open': {} },
    },
  },
});

export type ExportMachine = typeof exportMachine;
