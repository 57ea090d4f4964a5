import { child, exportSetup, fresh, streamIn } from './exportSetup.ts';

/**
 * A spreadsheet export (1-app-shell.md §4): waiting for the server's first answer (indeterminate
 * progress), fetching rows (X of total), building the file, downloading it, then closed. While it
 * runs, the stream phase is a stream progress child (`stream`): the worker's progress and special
 * messages, and while it streams its failure and the user's cancel, are relayed to it, and its
 * snapshots decide waiting, fetching, when every row is counted (progress equals count: only
 * then does the worker's move to building count), the special messages passed on, failure and
 * cancellation. Cancel works from every busy state and stops the worker (and with it the server
 * stream); a failure keeps its error code and can be retried from scratch. The window may be
 * closed at any time: the export goes on, and the background task panel follows it through the
 * emitted `export.task` events.
 */
export const exportMachine = exportSetup.createMachine({
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
      invoke: [
        {
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
        {
          id: 'stream',
          src: 'trackStream',
          // How the stream ends and its special messages, whatever the phase; the stream
          // states below read its progress first.
          onSnapshot: [
            {
              guard: streamIn('failed'),
              target: 'failed',
              actions: { type: 'assignErrorCode', params: (a) => child(a).context },
            },
            {
              guard: streamIn('cancelled'),
              target: 'cancelled',
            },
            {
              guard: { type: 'hasNewSpecial', params: child },
              actions: [
                { type: 'assignSpecial', params: child },
                { type: 'emitSpecial', params: child },
              ],
            },
          ],
        },
      ],
      on: {
        'export.cancel': { target: 'cancelled' },
        'export.progressed': { actions: { type: 'relayProgress', params: ({ event }) => event } },
        'export.special': { actions: { type: 'relaySpecial', params: ({ event }) => event } },
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
      initial: 'streaming',
      states: {
        streaming: {
          // While the child streams, it decides how the export ends.
          on: {
            'export.cancel': { actions: 'relayCancel' },
            'export.failed': { actions: { type: 'relayFailure', params: ({ event }) => event } },
            'xstate.snapshot.stream': {
              guard: streamIn('finished'),
              target: 'counted',
              actions: { type: 'assignCounts', params: child },
            },
          },
          initial: 'waiting',
          states: {
            waiting: {
              entry: { type: 'emitTask', params: { status: 'waiting' } },
              on: {
                'xstate.snapshot.stream': {
                  guard: streamIn('counting'),
                  target: 'fetching',
                  actions: { type: 'assignCounts', params: child },
                },
              },
            },
            fetching: {
              entry: { type: 'emitTask', params: { status: 'running' } },
              on: {
                'xstate.snapshot.stream': {
                  guard: { type: 'hasCountedMore', params: child },
                  actions: [
                    { type: 'assignCounts', params: child },
                    { type: 'emitTask', params: { status: 'running' } },
                  ],
                },
              },
            },
          },
        },
        // Every row is counted (the child finished); the worker builds once the stream's end
        // reached it (the last batch may come before a dropped connection and its resumption).
        counted: {
          entry: { type: 'emitTask', params: { status: 'running' } },
          on: { 'export.building': { target: 'building' } },
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
