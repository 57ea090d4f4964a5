import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import { streamProgressMachine, type StreamProgressEvent } from './streamProgressMachine.ts';
import { selectStreamPhase } from './streamProgressSelectors.ts';

type Snapshot = SnapshotFrom<typeof streamProgressMachine>;

const COUNT = 1000;
const message = (code: string, progress: number, text = '') =>
  ({ type: 'stream.message', code, count: COUNT, progress, message: text }) as const;

/** A count first, two batches, FINISH, and a special message once per run. */
function events(s: Snapshot): StreamProgressEvent[] {
  const { progress, special } = s.context;
  return [
    message('PROGRESS', progress),
    ...(progress < COUNT ? [message('PROGRESS', progress + 500)] : []),
    message('FINISH', COUNT),
    ...(special === null ? [message('SPECIAL', progress, 'Export limité à 1000 lignes')] : []),
    { type: 'stream.failed', error: new ConnectError('gone', Code.Unavailable) },
    { type: 'stream.cancel' },
    { type: 'stream.retry' },
    done('follow') as never,
    failure('follow', new Error('The worker crashed')) as never,
  ];
}

function check(s: Snapshot, { where, event, previous, emitted }: StepInfo<Snapshot>) {
  const { count, progress, special } = s.context;
  // Waiting shows nothing counted; counting has a total; finished means all of it.
  if (s.matches({ streaming: 'waiting' })) expect([count, progress], where).toEqual([0, 0]);
  if (s.matches({ streaming: 'counting' })) expect(progress, where).toBeLessThan(count);
  if (s.matches('finished')) expect(progress, where).toBe(count);
  // A special message is kept and passed on once; data messages never are.
  const code = event.type === 'stream.message' ? (event as unknown as { code: string }).code : null;
  if (code === 'SPECIAL' && previous?.matches('streaming')) {
    expect(emitted, where).toEqual([
      { type: 'stream.special', message: 'Export limité à 1000 lignes' },
    ]);
    expect(special, where).toBe('Export limité à 1000 lignes');
    expect([count, progress], where).toEqual([previous.context.count, previous.context.progress]);
  } else expect(emitted, where).toEqual([]);
  // A retry starts again from nothing.
  if (event.type === 'stream.retry' && s.matches('streaming'))
    expect(s.context, where).toEqual({ count: 0, progress: 0, special: null, errorCode: null });
  if (s.matches('failed')) expect(s.context.errorCode, where).not.toBeNull();
  // What a parent reads of its child (the export's phases follow it): the phase agrees with
  // the tags.
  const phase = selectStreamPhase(s);
  expect(s.hasTag('busy'), where).toBe(phase === 'waiting' || phase === 'counting');
  expect(s.hasTag('done'), where).toBe(phase === 'finished');
  expect(s.hasTag('error'), where).toBe(phase === 'failed');
}

describePaths(
  'streamProgressMachine',
  walkPaths({
    machine: streamProgressMachine,
    events,
    errorOf: (s) => s.context.errorCode,
    check,
  }),
);
