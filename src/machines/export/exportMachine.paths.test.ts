import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import type { EventObject, SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import { exportMachine } from './exportMachine.ts';
import type { ExportEmitted, ExportEvent, ExportInput } from './exportTypes.ts';

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

/** The worker's reports, kept finite: two batches of 500, one special message per run. */
function reports(s: Snapshot): ExportEvent[] {
  const { progress, special } = s.context;
  return [
    ...(progress < COUNT
      ? [{ type: 'export.progressed', count: COUNT, progress: progress + 500 } as const]
      : []),
    ...(special === null ? [{ type: 'export.special', message: 'Export limité' } as const] : []),
    { type: 'export.building' },
    { type: 'export.built', file: FILE },
    { type: 'export.failed', error: new ConnectError('gone', Code.Unavailable) },
  ];
}

const TASK_STATUS: Readonly<Record<string, string>> = {
  'running.waiting': 'waiting',
  'running.fetching': 'running',
  'running.building': 'running',
  closed: 'completed',
  failed: 'error',
  cancelled: 'cancelled',
};

function check(s: Snapshot, { where, event, previous, emitted, started }: StepInfo<Snapshot>) {
  const { context } = s;
  expect(s.hasTag('busy'), where).toBe(s.matches('running') || s.matches('downloading'));
  // Entering a state tells the task panel; so does each batch while fetching.
  const tasks = emitted.filter(
    (e): e is Extract<ExportEmitted, { type: 'export.task' }> => e.type === 'export.task',
  );
  const entered = previous !== null && where !== stateName(previous);
  if (entered && TASK_STATUS[where]) {
    expect(tasks.at(-1)?.status, where).toBe(TASK_STATUS[where]);
    expect(tasks.at(-1)?.total, where).toBe(context.count);
  }
  if (event.type === 'export.progressed' && s.matches({ running: 'fetching' }))
    expect(tasks.at(-1), where).toEqual({
      type: 'export.task',
      status: 'running',
      current: context.progress,
      total: COUNT,
    });
  // Special messages are kept and passed on, only while the export runs.
  const specials = emitted.filter((e) => e.type === 'export.special');
  if (event.type === 'export.special' && previous?.matches('running')) {
    expect(specials, where).toEqual([{ type: 'export.special', message: 'Export limité' }]);
    expect(context.special, where).toBe('Export limité');
  } else expect(specials, where).toEqual([]);
  // The first answer turns the indeterminate wait into counted progress.
  if (s.matches({ running: 'waiting' })) expect([context.count, context.progress]).toEqual([0, 0]);
  if (s.matches({ running: 'fetching' })) expect(context.count, where).toBe(COUNT);
  // A retry starts from scratch, with the same request.
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

const stateName = (s: Snapshot) =>
  typeof s.value === 'string' ? s.value : Object.entries(s.value).map(([k, v]) => `${k}.${v}`)[0]!;

describePaths(
  'exportMachine',
  walkPaths({
    machine: exportMachine,
    input: INPUT,
    events: (s) => [...INTENTS, ...WINDOW, ...reports(s), ...SETTLE],
    errorOf: (s) => s.context.errorCode,
    check,
  }),
  {
    title: 'of exporting, failing, retrying and cancelling',
    events: (s) => [
      ...INTENTS,
      ...reports(s).filter((e) => e.type !== 'export.special' && e.type !== 'export.progressed'),
      ...(s.context.progress === 0
        ? [{ type: 'export.progressed', count: COUNT, progress: COUNT } as const]
        : []),
      ...SETTLE,
    ],
    // A smaller alphabet than the shortest paths' (no window toggles, one batch, no special).
    atLeast: (shortest) => Math.floor(shortest / 2),
  },
);
