import { Code, ConnectError } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import {
  createActor,
  fromCallback,
  type AnyActorLogic,
  type EventObject,
  type SnapshotFrom,
} from 'xstate';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import { deferredActors, play } from '../people/pathsHarness.ts';
import {
  depositRequestsMachine,
  type DepositRequestsEvent,
  type RequestsPage,
} from './depositRequestsMachine.ts';

type Snapshot = SnapshotFrom<typeof depositRequestsMachine>;
const INPUT = { now: 0, pageSize: 1 };
const request = (uuid: string) => ({
  uuid,
  name: uuid,
  family: null,
  postalCode: '75011',
  description: '',
  rowVersion: 1,
  requestedAt: 0,
  dueAt: 48 * 3_600_000,
  candidates: [{ vendor: 'alice', vendorName: 'Alice', wantedAt: 0 }],
});
const PAGE: RequestsPage = { rows: [request('d1')], count: 2 };

const EVENTS = [
  { type: 'requests.assign', uuid: 'd1', vendor: 'alice' },
  { type: 'requests.assign', uuid: 'd1', vendor: 'bob' },
  { type: 'requests.page', page: 2 },
  { type: 'requests.reload' },
  { type: 'requests.retry' },
  { type: 'clock.ticked', now: 49 * 3_600_000 },
  { type: 'xstate.done.actor.loadRequests', output: PAGE },
  { type: 'xstate.error.actor.loadRequests', error: new ConnectError('down', Code.Unavailable) },
  { type: 'xstate.done.actor.assignDeposit' },
  {
    type: 'xstate.error.actor.assignDeposit',
    error: new ConnectError('{"code":"CHANGED_BY_SOMEONE_ELSE"}', Code.Aborted),
  },
  {
    type: 'xstate.error.actor.assignDeposit',
    error: new ConnectError('no', Code.PermissionDenied),
  },
] as unknown as DepositRequestsEvent[];

function invariants(s: Snapshot, where: string) {
  expect(s.status, where).toBe('active');
  expect(s.hasTag('error'), where).toBe(s.context.errorCode !== null);
  expect(s.hasTag('assigning'), where).toBe(s.matches('assigning'));
  if (s.matches('assigning')) expect(s.context.assigning, where).not.toBeNull();
  if (s.matches('ready')) expect(s.context.assigning, where).toBeNull();
  expect(Object.keys(s.children), where).toContain('clock');
}

async function replay(path: StatePath<Snapshot, DepositRequestsEvent>) {
  const { actors, pending } = deferredActors(['loadRequests', 'assignDeposit']);
  const machine = depositRequestsMachine.provide({
    actors: { ...actors, clock: fromCallback(() => undefined) },
  });
  const actor = createActor(machine as AnyActorLogic, { input: INPUT }).start();
  for (const step of path.steps.filter((s) => (s.event as EventObject).type !== 'xstate.init')) {
    await play(actor, pending, step.event as EventObject);
    const snapshot = actor.getSnapshot() as Snapshot;
    expect(snapshot.value, step.event.type).toEqual(step.state.value);
    expect(snapshot.context, step.event.type).toEqual(step.state.context);
    invariants(snapshot, step.event.type);
  }
  actor.stop();
}

describe('depositRequestsMachine generated paths', () => {
  const shortest = getShortestPaths(depositRequestsMachine, { events: EVENTS, input: INPUT });
  const simple = getSimplePaths(depositRequestsMachine, { events: EVENTS, input: INPUT });

  it('reaches every state', () => {
    expect(new Set(shortest.map((p) => String(p.state.value)))).toEqual(
      new Set(['loading', 'failed', 'ready', 'assigning', 'stale']),
    );
  });

  it(
    'replays every shortest and simple path against the real machine',
    { timeout: 60_000 },
    async () => {
      expect(simple.length).toBeGreaterThanOrEqual(shortest.length);
      for (const path of [...shortest, ...simple]) await replay(path);
    },
  );
});
