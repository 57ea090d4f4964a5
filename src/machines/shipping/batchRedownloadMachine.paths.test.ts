import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import { batchRedownloadMachine, type BatchRedownloadEvent } from './batchRedownloadMachine.ts';

type Snapshot = SnapshotFrom<typeof batchRedownloadMachine>;

const TASK = 'task-1';
const expired = new ConnectError(
  JSON.stringify({ code: 'LABEL_BATCH_EXPIRED' }),
  Code.FailedPrecondition,
);

const events = [
  { type: 'batch.download' } satisfies BatchRedownloadEvent,
  done('downloadBatch', { printed: 3 }),
  failure('downloadBatch', expired),
  failure('downloadBatch', new ConnectError('down', Code.Unavailable)),
];

function check(s: Snapshot, { where, started, previous, event }: StepInfo<Snapshot>) {
  const c = s.context;
  // Only the panel's task is asked for, and only on a press.
  expect(c.task, where).toBe(TASK);
  for (const { id, input } of started) {
    expect(id, where).toBe('downloadBatch');
    expect(input, where).toEqual({ task: TASK });
    expect(event.type, where).toBe('batch.download');
  }
  expect(s.hasTag('busy'), where).toBe(s.matches('downloading'));
  // A refusal is kept until the next press, with the server's reason.
  expect(c.errorCode !== null, where).toBe(s.matches('failed'));
  if (event.type === 'xstate.error.actor.downloadBatch' && previous)
    expect([null, 'LABEL_BATCH_EXPIRED'], where).toContain(c.errorReason);
  if (event.type === 'xstate.done.actor.downloadBatch') expect(c.printed, where).toBe(3);
}

const walk = walkPaths({
  machine: batchRedownloadMachine,
  input: { task: TASK },
  events,
  errorOf: (s) => s.context.errorCode,
  check,
});

describePaths('batchRedownloadMachine', walk, {
  title: 'to a batch downloaded again',
  events: events.filter((e) =>
    ['batch.download', 'xstate.done.actor.downloadBatch'].includes(e.type),
  ),
  atLeast: () => 1,
});
