import { Code, ConnectError } from '@connectrpc/connect';
import { expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { MAX_BATCH_ITEMS } from '../../domain/shipping/labelBatch.ts';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import {
  labelBatchMachine,
  type BatchDownloaded,
  type BatchStarted,
  type LabelBatchEvent,
} from './labelBatchMachine.ts';

type Snapshot = SnapshotFrom<typeof labelBatchMachine>;

const SELECTION = { kind: 'products' as const, uuids: ['p1', 'p2', 'p3'] };
const NO_LABEL = { product: 'p3', name: 'B-003 – Robe', reason: 'NO_LABEL' };
const STARTED: BatchStarted = { task: 'task-1', count: 2, skipped: [NO_LABEL] };
const NOTHING: BatchStarted = { task: '', count: 0, skipped: [NO_LABEL] };
const DOWNLOADED: BatchDownloaded = {
  printed: 1,
  skipped: [{ product: 'p1', name: 'B-001 – Robe', reason: 'CARRIER_UNAVAILABLE' }],
};
const failed = new ConnectError(
  JSON.stringify({ code: 'LABEL_BATCH_FAILED' }),
  Code.FailedPrecondition,
);

const USER_EVENTS: LabelBatchEvent[] = [
  { type: 'batch.format', format: 'A4' },
  { type: 'batch.start' },
  { type: 'batch.retry' },
  { type: 'batch.restart' },
  { type: 'batch.download' },
];
const events = [
  ...USER_EVENTS,
  done('startBatch', STARTED),
  done('startBatch', NOTHING),
  failure('startBatch', new ConnectError('down', Code.Unavailable)),
  done('waitForBatch'),
  failure('waitForBatch', failed),
  done('downloadBatch', DOWNLOADED),
  failure('downloadBatch', new ConnectError('down', Code.Unavailable)),
];

function check(s: Snapshot, { where, started, previous }: StepInfo<Snapshot>) {
  const c = s.context;
  for (const { id, input } of started) {
    if (id === 'startBatch')
      expect(input, where).toEqual({ selection: SELECTION, format: c.format });
    // Only the task the server started is followed and downloaded.
    else expect(input, where).toEqual({ task: 'task-1' });
  }
  if (s.matches('waiting') || s.matches('ready') || s.matches('downloading'))
    expect(c.task, where).toBe('task-1');
  if (s.matches('nothing')) expect(c.task, where).toBeNull();
  // The items left out at the start stay listed; those the task could not print join them once.
  if (c.task !== null || s.matches('nothing')) expect(c.skipped[0], where).toEqual(NO_LABEL);
  expect(new Set(c.skipped.map((k) => k.product)).size, where).toBe(c.skipped.length);
  if (c.printed !== null) expect(c.skipped, where).toHaveLength(2);
  if (s.matches('failed')) expect(c.errorReason, where).toBe('LABEL_BATCH_FAILED');
  // The layout can only change before the batch starts.
  if (previous && !previous.matches('choosing'))
    expect(c.format, where).toBe(previous.context.format);
}

const walk = walkPaths({
  machine: labelBatchMachine,
  input: { selection: SELECTION, selectedCount: 3 },
  events,
  errorOf: (s) => s.context.errorCode,
  check,
});

describePaths('labelBatchMachine', walk, {
  title: 'to a downloaded batch',
  events: events.filter((e) =>
    [
      'batch.start',
      'batch.download',
      'xstate.done.actor.startBatch',
      'xstate.done.actor.waitForBatch',
      'xstate.done.actor.downloadBatch',
    ].includes(e.type),
  ),
  atLeast: () => 1,
});

it('never starts a batch over the limit of items', () => {
  const actor = createActor(labelBatchMachine, {
    input: { selection: SELECTION, selectedCount: MAX_BATCH_ITEMS + 1 },
  }).start();
  expect(actor.getSnapshot().can({ type: 'batch.start' })).toBe(false);
  actor.send({ type: 'batch.start' });
  expect(actor.getSnapshot().matches('choosing')).toBe(true);
  actor.stop();
});
