import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import type { EventObject, SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import { depositPhotosMachine, type DepositPhotosEvent } from './depositPhotosMachine.ts';

type Snapshot = SnapshotFrom<typeof depositPhotosMachine>;

const USER: DepositPhotosEvent[] = [
  { type: 'photos.select', uuids: ['p1', 'p2'] },
  { type: 'photos.select', uuids: [] },
  { type: 'photos.create' },
  { type: 'photos.dismiss' },
  { type: 'photos.clusters' },
  { type: 'photos.list' },
];
const EVENTS: EventObject[] = [
  ...USER,
  done('createFromSelection', 'product-1'),
  failure('createFromSelection', new ConnectError('{"code":"FORBIDDEN"}', Code.PermissionDenied)),
];

function check(s: Snapshot, { where, event, previous, started }: StepInfo<Snapshot>) {
  // A product is only asked for with chosen photos, and those are the ones sent.
  for (const call of started)
    expect(call.input).toEqual({ deposit: 'deposit-1', uuids: previous!.context.selected });
  if (s.matches({ list: 'creating' })) expect(s.context.selected.length, where).toBeGreaterThan(0);
  if (event.type === 'xstate.done.actor.createFromSelection') {
    expect(s.context.created).toBe('product-1');
    expect(s.context.selected).toEqual([]);
    expect(s.context.reloadKey).toBe(previous!.context.reloadKey + 1);
  }
  if (event.type === 'photos.list')
    expect(s.context.reloadKey).toBe(previous!.context.reloadKey + 1);
}

describePaths(
  'depositPhotosMachine',
  walkPaths({
    machine: depositPhotosMachine,
    input: { deposit: 'deposit-1' },
    events: EVENTS,
    // The reload counter only grows; what matters is the state and the choice.
    serializeState: (s) =>
      JSON.stringify([s.value, s.context.selected, s.context.created, s.context.errorCode]),
    errorOf: (s) => s.context.errorCode,
    check,
  }),
  { atLeast: () => 10 },
);
