import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import { initialTransition, setup, transition, type EventObject, type SnapshotFrom } from 'xstate';
import {
  progressMessage,
  relayedStreamProgress,
  specialMessage,
} from '../streamProgress/streamProgressActors.ts';
import type { StreamProgressEvent } from '../streamProgress/streamProgressMachine.ts';
import { selectStreamPhase, type StreamPhase } from '../streamProgress/streamProgressSelectors.ts';
import {
  describePaths,
  done,
  failure,
  stateName,
  walkPaths,
  type StepInfo,
} from '../testing/walkPaths.ts';
import { exportMachine } from './exportMachine.ts';
import type {
  ExportEmitted,
  ExportEvent,
  ExportInput,
  StreamSnapshot,
  StreamSnapshotEvent,
} from './exportTypes.ts';

type Snapshot = SnapshotFrom<typeof exportMachine>;

const FILE = new Blob(['xlsx'], { type: 'application/octet-stream' });
const COUNT = 1000;

const INPUT: ExportInput = {
  kind: 'products',
  filters: { sale_status: ['SELL'] },
  ordering: '-stock_entry_datetime',
  search: '',
  fileName: 'stock-2026-11-24.xlsx',
  sheet: {
    kind: 'products',
    sheetName: 'Stock',
    exportedAt: Date.UTC(2026, 10, 24, 9),
    columns: [{ field: 'reference', type: 'text', header: 'Référence' }],
    about: {
      sheetName: 'Filtres',
      exportedAtLabel: 'Exporté le',
      rowCountLabel: 'Lignes',
      filterHeader: 'Filtre',
      valueHeader: 'Valeur',
      noFilters: 'Aucun filtre',
      filters: [{ name: 'Statut de vente', value: 'Vendu' }],
    },
  },
};

const INTENTS: ExportEvent[] = [
  { type: 'export.cancel' },
  { type: 'export.retry' },
  { type: 'export.download' },
];
const WINDOW: ExportEvent[] = [{ type: 'export.close' }, { type: 'export.open' }];
const SETTLE: EventObject[] = [
  done('saveFile'),
  failure('saveFile', new Error('The browser refused the download')),
  done('runExport'),
  failure('runExport', new Error('The worker crashed')),
];
const GONE = new ConnectError('gone', Code.Unavailable);

/**
 * The stream child is replaced by one frozen where the real one starts (its own snapshots change
 * nothing), which records what the export relays to it; the snapshots the export hears are the
 * real stream progress machine's, stepped from what the export shows.
 */
let relayed: EventObject[] = [];
const [streamStart] = initialTransition(relayedStreamProgress);
const recordingStream = setup({}).createMachine({
  context: streamStart.context,
  initial: 'streaming',
  states: { streaming: { initial: 'waiting', states: { waiting: {} } } },
  on: { '*': { actions: ({ event }) => void relayed.push(event) } },
});

/** The child as the export's context tells it: its special message, then its counts. */
function streamOf({ context }: Snapshot): StreamSnapshot {
  const heard: StreamProgressEvent[] = [
    ...(context.special === null ? [] : [specialMessage(context.special)]),
    ...(context.count + context.progress > 0 ? [progressMessage(context)] : []),
  ];
  return heard.reduce((s, e) => transition(relayedStreamProgress, s, e)[0], streamStart);
}

/** The child's next snapshot; `seen` only names it in the test titles. */
function snapshotAfter(s: Snapshot, heard: StreamProgressEvent) {
  const snapshot = transition(relayedStreamProgress, streamOf(s), heard)[0];
  const { count, progress } = snapshot.context;
  const { special } = snapshot.context;
  const seen = `${selectStreamPhase(snapshot)} ${progress}/${count}${special ? ` ${special}` : ''}`;
  const event: StreamSnapshotEvent = { type: 'xstate.snapshot.stream', snapshot };
  return { ...event, seen };
}

/** What the stream child may report next: a batch of 500, a special message, its end. */
function streamReports(s: Snapshot, batch = 500) {
  if (!s.matches({ running: 'streaming' })) return [];
  const { progress, special } = s.context;
  return [
    ...(progress < COUNT
      ? [snapshotAfter(s, progressMessage({ count: COUNT, progress: progress + batch }))]
      : []),
    ...(special === null ? [snapshotAfter(s, specialMessage('Export limité'))] : []),
    snapshotAfter(s, { type: 'stream.failed', error: GONE }),
    snapshotAfter(s, { type: 'stream.cancel' }),
  ];
}

/** The worker's reports, relayed to the child: one batch, one special message per run. */
function reports(s: Snapshot): ExportEvent[] {
  const { progress, special } = s.context;
  return [
    { type: 'export.progressed', count: COUNT, progress: Math.min(COUNT, progress + 500) },
    ...(special === null ? [{ type: 'export.special', message: 'Export limité' } as const] : []),
    { type: 'export.building' },
    { type: 'export.built', file: FILE },
    { type: 'export.failed', error: GONE },
  ];
}

const TASK_STATUS: Readonly<Record<string, string>> = {
  'running.streaming.waiting': 'waiting',
  'running.streaming.fetching': 'running',
  'running.counted': 'running',
  'running.building': 'running',
  closed: 'completed',
  failed: 'error',
  cancelled: 'cancelled',
};

/** The export's states for each phase of its stream child. */
const STATES_OF_STREAM: Readonly<Record<StreamPhase, readonly string[]>> = {
  waiting: ['running.streaming.waiting'],
  counting: ['running.streaming.fetching'],
  // Every row counted: the export builds once the worker has the stream's end.
  finished: ['running.counted', 'running.building'],
  failed: ['failed'],
  cancelled: ['cancelled'],
};

const RUNNING = ['runExport', 'stream'];
const CHILDREN: Readonly<Record<string, readonly string[]>> = {
  'running.streaming.waiting': RUNNING,
  'running.streaming.fetching': RUNNING,
  'running.counted': RUNNING,
  'running.building': RUNNING,
  downloading: ['saveFile'],
  closed: [],
  failed: [],
  cancelled: [],
};

function checkStream(s: Snapshot, { where, event, previous }: StepInfo<Snapshot>) {
  const heard = relayed;
  relayed = [];
  // The child's phase is the export's, and the window shows the child's figures.
  if (event.type === 'xstate.snapshot.stream') {
    const stream = (event as StreamSnapshotEvent).snapshot;
    expect(STATES_OF_STREAM[selectStreamPhase(stream)], where).toContain(where);
    if (s.matches('running'))
      expect([s.context.count, s.context.progress, s.context.special], where).toEqual([
        stream.context.count,
        stream.context.progress,
        stream.context.special,
      ]);
    if (s.matches('failed')) expect(s.context.errorCode, where).toBe(stream.context.errorCode);
  }
  // The worker's reports go to the child; while rows come in, so do its failure and a cancel,
  // which leave the export where it was until the child answers.
  const streaming = previous?.matches({ running: 'streaming' }) ?? false;
  if (event.type === 'export.progressed' && previous?.matches('running')) {
    const { count, progress } = event as unknown as { count: number; progress: number };
    expect(heard, where).toEqual([progressMessage({ count, progress })]);
  } else if (event.type === 'export.special' && previous?.matches('running'))
    expect(heard, where).toEqual([specialMessage('Export limité')]);
  else if (event.type === 'export.failed' && streaming)
    expect(heard, where).toEqual([{ type: 'stream.failed', error: GONE }]);
  else if (event.type === 'export.cancel' && streaming)
    expect(heard, where).toEqual([{ type: 'stream.cancel' }]);
  else expect(heard, where).toEqual([]);
  if (heard.length > 0) expect(s.value, where).toEqual(previous!.value);
  // Once the child has finished, the export ends by itself: cancel and failure still work.
  if (event.type === 'export.cancel' && previous?.hasTag('busy') && !streaming)
    expect(s.value, where).toBe('cancelled');
  if (event.type === 'export.failed' && previous?.matches('running') && !streaming)
    expect(s.value, where).toBe('failed');
}

function check(s: Snapshot, step: StepInfo<Snapshot>) {
  const { where, event, previous, emitted, started } = step;
  const { context } = s;
  expect(s.hasTag('busy'), where).toBe(s.matches('running') || s.matches('downloading'));
  checkStream(s, step);
  // Entering a state tells the task panel; so does each batch while fetching.
  const tasks = emitted.filter(
    (e): e is Extract<ExportEmitted, { type: 'export.task' }> => e.type === 'export.task',
  );
  const entered = previous !== null && where !== stateName(previous);
  if (entered && TASK_STATUS[where]) {
    expect(tasks.at(-1)?.status, where).toBe(TASK_STATUS[where]);
    expect(tasks.at(-1)?.total, where).toBe(context.count);
  }
  if (
    previous?.matches({ running: { streaming: 'fetching' } }) &&
    context.progress !== previous.context.progress
  )
    expect(tasks.at(-1), where).toEqual({
      type: 'export.task',
      status: s.matches('failed') ? 'error' : s.matches('cancelled') ? 'cancelled' : 'running',
      current: s.matches('running') || s.matches('closed') ? context.progress : 0,
      total: COUNT,
    });
  // A special message is kept and passed on once, only while the export runs.
  const specials = emitted.filter((e) => e.type === 'export.special');
  if (context.special !== null && previous?.context.special === null) {
    expect(specials, where).toEqual([{ type: 'export.special', message: 'Export limité' }]);
    expect(context.special, where).toBe('Export limité');
  } else expect(specials, where).toEqual([]);
  // The first answer turns the indeterminate wait into counted progress.
  if (s.matches({ running: { streaming: 'waiting' } }))
    expect([context.count, context.progress]).toEqual([0, 0]);
  if (s.matches({ running: { streaming: 'fetching' } })) expect(context.count, where).toBe(COUNT);
  // The file is built only once every row is counted.
  if (s.matches({ running: 'counted' }) || s.matches({ running: 'building' }))
    expect(context.progress, where).toBe(context.count);
  if (event.type === 'export.building' && !previous?.matches({ running: 'building' }))
    expect(s.matches({ running: 'building' }), where).toBe(
      previous?.matches({ running: 'counted' }),
    );
  // A retry starts from scratch, with the same request and a new stream child.
  if (event.type === 'export.retry' && previous?.matches('failed')) {
    expect(context.progress, where).toBe(0);
    expect(context.file, where).toBeNull();
    expect(started, where).toEqual([
      {
        id: 'runExport',
        input: {
          kind: INPUT.kind,
          filters: INPUT.filters,
          ordering: INPUT.ordering,
          search: INPUT.search,
          sheet: INPUT.sheet,
        },
      },
    ]);
  }
  // The file is saved under the export's name; a saved file closes the window.
  if (s.matches('downloading')) {
    expect(context.file, where).toBe(FILE);
    if (started.length)
      expect(started[0]!.input, where).toEqual({ file: FILE, fileName: INPUT.fileName });
  }
  if (s.matches('closed') && previous?.matches('downloading'))
    expect(context.shown, where).toBe(false);
  // Cancelling closes the window and takes the task off the panel.
  if (s.matches('cancelled')) expect(context.shown, where).toBe(false);
  if (event.type === 'export.open') expect(context.shown, where).toBe(true);
  if (event.type === 'export.close') expect(context.shown, where).toBe(false);
}

describePaths(
  'exportMachine',
  walkPaths({
    machine: exportMachine,
    input: INPUT,
    events: (s) => [...INTENTS, ...WINDOW, ...reports(s), ...streamReports(s), ...SETTLE],
    provide: { trackStream: recordingStream },
    children: CHILDREN,
    errorOf: (s) => s.context.errorCode,
    check,
  }),
  {
    title: 'of exporting, failing, retrying and cancelling',
    // No window toggles, no special message, and the whole stream in one batch.
    events: (s) => [
      ...INTENTS,
      ...reports(s).filter((e) => e.type !== 'export.special' && e.type !== 'export.progressed'),
      ...streamReports(s, COUNT).filter((e) => e.snapshot.context.special === null),
      ...SETTLE,
    ],
    atLeast: (shortest) => Math.floor(shortest / 2),
  },
);
