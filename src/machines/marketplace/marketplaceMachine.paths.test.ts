import { Code, ConnectError } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorLogic, type EventObject, type SnapshotFrom } from 'xstate';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import { deferredActors, play } from '../people/pathsHarness.ts';
import {
  marketplaceMachine,
  type AvailablePage,
  type MarketplaceEvent,
} from './marketplaceMachine.ts';

type Snapshot = SnapshotFrom<typeof marketplaceMachine>;
const INPUT = { vendorUuid: 'vendor-1', pageSize: 1 };
const row = (uuid: string, refusal: AvailablePage['rows'][number]['refusal'] = null) => ({
  uuid,
  name: uuid,
  family: 'WOMAN',
  gamme: null,
  department: '75',
  description: '',
  createdAt: null,
  refusal,
  alreadyRequested: false,
});
const PAGE: AvailablePage = {
  rows: [row('open'), row('far', 'PRIORITY_DEPARTMENT')],
  count: 2,
  vendorRefusal: null,
};
const refusal = (reason: string) =>
  new ConnectError(JSON.stringify({ code: reason }), Code.FailedPrecondition);

const EVENTS = [
  { type: 'marketplace.take', uuid: 'open' },
  { type: 'marketplace.take', uuid: 'far' },
  { type: 'marketplace.page', page: 2 },
  { type: 'marketplace.retry' },
  { type: 'xstate.done.actor.loadAvailable', output: PAGE },
  { type: 'xstate.error.actor.loadAvailable', error: new ConnectError('down', Code.Unavailable) },
  { type: 'xstate.done.actor.wantDeposit' },
  { type: 'xstate.error.actor.wantDeposit', error: refusal('TRIAL_PERIOD') },
  { type: 'xstate.error.actor.wantDeposit', error: refusal('NOT_FOUND') },
] as unknown as MarketplaceEvent[];

function invariants(s: Snapshot, where: string) {
  expect(s.status, where).toBe('active');
  expect(s.hasTag('error'), where).toBe(s.context.errorCode !== null);
  expect(s.hasTag('taking'), where).toBe(s.context.taking !== null);
  if (s.hasTag('taking')) {
    const taken = s.context.rows.find((r) => r.uuid === s.context.taking);
    expect(taken?.refusal ?? null, where).toBeNull();
  }
}

async function replay(path: StatePath<Snapshot, MarketplaceEvent>) {
  const { actors, pending } = deferredActors(['loadAvailable', 'wantDeposit']);
  const actor = createActor(marketplaceMachine.provide({ actors }) as AnyActorLogic, {
    input: INPUT,
  }).start();
  for (const step of path.steps.filter((s) => (s.event as EventObject).type !== 'xstate.init')) {
    await play(actor, pending, step.event as EventObject);
    const snapshot = actor.getSnapshot() as Snapshot;
    expect(snapshot.value, step.event.type).toEqual(step.state.value);
    expect(snapshot.context, step.event.type).toEqual(step.state.context);
    invariants(snapshot, step.event.type);
  }
  actor.stop();
}

describe('marketplaceMachine generated paths', () => {
  const shortest = getShortestPaths(marketplaceMachine, { events: EVENTS, input: INPUT });
  const simple = getSimplePaths(marketplaceMachine, { events: EVENTS, input: INPUT });

  it('reaches every state', () => {
    expect(new Set(shortest.map((p) => String(p.state.value)))).toEqual(
      new Set(['loading', 'failed', 'ready', 'taking']),
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
