import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import type { EventObject, SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import { testPhoto } from '../testing/photos.ts';
import { clusterModeMachine, type ClusterModeEvent } from './clusterModeMachine.ts';
import { groupsOf } from './clusterSteps.ts';

type Snapshot = SnapshotFrom<typeof clusterModeMachine>;

const photo = (n: number, seconds: number) => testPhoto(n, seconds);
/** Three items: two photos, then one, then one. */
const PHOTOS = [photo(1, 0), photo(2, 10), photo(3, 100), photo(4, 200)];
const refused = new ConnectError('{"code":"NO_CLUSTER_LEFT"}', Code.FailedPrecondition);

function events(s: Snapshot): EventObject[] {
  const group = s.context.groups[s.context.index] ?? [];
  const first = group[0] ?? 'p1';
  const user: ClusterModeEvent[] = [
    { type: 'cluster.create' },
    { type: 'cluster.skip' },
    { type: 'cluster.back' },
    { type: 'cluster.retry' },
    { type: 'cluster.dismiss' },
    { type: 'cluster.restart' },
    { type: 'cluster.movePhoto', uuid: first, direction: -1 },
    { type: 'cluster.movePhoto', uuid: first, direction: 1 },
  ];
  return [
    ...user,
    done('loadPhotos', PHOTOS),
    done('loadPhotos', []),
    failure('loadPhotos', new ConnectError('down', Code.Unavailable)),
    done('createProduct', { productUuid: 'product-1', remainingClustersCount: 2 }),
    failure('createProduct', refused),
    done('saveClusters'),
    failure('saveClusters', new ConnectError('{"code":"FORBIDDEN"}', Code.PermissionDenied)),
  ];
}

function check(s: Snapshot, { where, event, previous, started }: StepInfo<Snapshot>) {
  const { groups, photos, index } = s.context;
  // The groups are always the shared rule's grouping of the photos on screen.
  expect(groups, where).toEqual(groupsOf(photos));
  if (s.matches('walking')) expect(index, where).toBeLessThan(groups.length);
  if (s.matches('finished')) expect(index, where).toBe(groups.length);
  // A refused correction puts the grouping back.
  if (event.type === 'xstate.error.actor.saveClusters')
    expect(groupsOf(photos), where).toEqual(groupsOf(previous!.context.previous!.photos));
  for (const call of started) {
    if (call.id === 'createProduct')
      expect(call.input).toEqual({
        depositUuid: 'deposit-1',
        clusterIndex: previous!.context.index,
      });
    if (call.id === 'saveClusters') {
      expect(call.input).toEqual({ deposit: 'deposit-1', groups });
      // Every photo stays in exactly one group.
      expect(groups.flat().sort()).toEqual(photos.map((p) => p.uuid).sort());
    }
  }
  if (event.type === 'xstate.done.actor.createProduct') {
    expect(s.context.created.at(-1)).toBe('product-1');
    expect(s.matches('loading'), where).toBe(true);
  }
}

describePaths(
  'clusterModeMachine',
  walkPaths({
    machine: clusterModeMachine,
    input: { deposit: 'deposit-1' },
    events,
    // Products made so far do not change what the walk can do.
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        s.context.groups,
        s.context.index,
        s.context.errorCode,
        s.context.created.length > 0,
      ]),
    errorOf: (s) => s.context.errorCode,
    check,
  }),
  {
    title: 'of walking and correcting',
    events: (s) => {
      const first = s.context.groups[s.context.index]?.[0] ?? 'p1';
      const user: ClusterModeEvent[] = [
        { type: 'cluster.create' },
        { type: 'cluster.skip' },
        { type: 'cluster.movePhoto', uuid: first, direction: 1 },
      ];
      return [
        ...user,
        done('loadPhotos', PHOTOS),
        done('createProduct', { productUuid: 'product-1', remainingClustersCount: 2 }),
        done('saveClusters'),
      ];
    },
    limit: 5000,
    atLeast: () => 10,
  },
);
