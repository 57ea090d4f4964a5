import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import type { EventObject, SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import { normalizeRotation } from './imageItem.ts';
import { rotateMachine } from './rotateMachine.ts';

type Snapshot = SnapshotFrom<typeof rotateMachine>;

const CLICK: EventObject = { type: 'rotate.click' };

/** The server stores what it was asked for. */
const events = (s: Snapshot): EventObject[] => [
  CLICK,
  done('rotateImage', {
    success: true,
    newRotation: normalizeRotation(s.context.saved + s.context.sending),
  }),
  failure('rotateImage', new ConnectError('{"code":"NOT_FOUND"}', Code.NotFound)),
];

/** Clicks add up without bound: states differ by what the checks look at, capped. */
const serializeState = (s: Snapshot) =>
  JSON.stringify([
    s.value,
    s.context.saved > 0,
    Math.min(s.context.pending, 180),
    s.context.pending > s.context.sending,
    s.context.errorCode,
  ]);

function check(s: Snapshot, { where, event, previous, started }: StepInfo<Snapshot>) {
  const { saved, pending, sending } = s.context;
  expect(saved % 90, where).toBe(0);
  expect(saved, where).toBeLessThan(360);
  expect(pending % 90, where).toBe(0);
  // A click turns the photo at once.
  if (event.type === 'rotate.click') expect(pending, where).toBe(previous!.context.pending + 90);
  // Nothing waits in idle; the call in flight carries what was clicked before it started.
  if (s.matches('idle')) expect(pending, where).toBe(0);
  if (!s.matches('sending')) expect(sending, where).toBe(0);
  // One call per pause, with the absolute angle wanted at that moment.
  for (const call of started) {
    expect(call.id).toBe('rotateImage');
    expect(previous!.matches('waiting'), where).toBe(true);
    expect(call.input).toEqual({
      uuid: 'photo-1',
      targetRotation: normalizeRotation(previous!.context.saved + previous!.context.pending),
    });
  }
  if (s.matches('failed')) expect(pending, where).toBe(0);
}

describePaths(
  'rotateMachine',
  walkPaths({
    machine: rotateMachine,
    input: { uuid: 'photo-1', rotation: 0 },
    events,
    serializeState,
    errorOf: (s) => s.context.errorCode,
    check,
  }),
  { atLeast: () => 10 },
);
