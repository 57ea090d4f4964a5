import { create } from '@bufbuild/protobuf';
import { Code, ConnectError } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import { checkBulkSaleStatus, checkStatusChange, isRuleCode } from '../../domain/deposit/rules.ts';
import {
  DEPOSIT_STATUSES,
  SALE_STATUSES,
  type SaleStatusCounts,
} from '../../domain/deposit/statuses.ts';
import { DepositSchema, DepositStatus as PbStatus } from '../../rpc/gen/seconde/v1/deposit_pb.ts';
import { draftToPatch } from './depositFields.ts';
import { depositMachine } from './depositMachine.ts';
import type { DepositEvent, DepositInput, LoadedDeposit } from './depositTypes.ts';
import { depositStatusValue } from './enums.ts';
import { NEEDS_REASON, currentStatus } from './moves.ts';

type Snapshot = SnapshotFrom<typeof depositMachine>;
type Path = StatePath<Snapshot, DepositEvent>;

const INPUT: DepositInput = { uuid: 'd-1', viewer: { isAdminLevel: true, vendorUuid: 'v-1' } };
const LOADED: LoadedDeposit = {
  deposit: create(DepositSchema, {
    uuid: 'd-1',
    vendor: 'v-1',
    name: 'Dépôt Martin',
    status: PbStatus.DEPOSIT_VALIDATED,
    rowVersion: 1,
  }),
  counts: { OFFLINE: 2, REFUSED: 1 },
  adminOnly: { adminNotes: '', qualification: 'ACTION_REQUIRED' },
};

const PROMISE_ACTORS = [
  'loadDeposit',
  'changeStatus',
  'changeSaleStatus',
  'saveDeposit',
  'saveAdminOnly',
];
const refusal = (code: Code, reason: string) =>
  new ConnectError(JSON.stringify({ code: reason, message: reason }), code);
const done = (id: string, output?: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failure = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });

/** Every user event, with one or two realistic payloads each. */
const USER_EVENTS: DepositEvent[] = [
  { type: 'deposit.retry' },
  { type: 'deposit.reload' },
  { type: 'deposit.dismiss' },
  { type: 'deposit.changeStatus', to: 'INLINE' },
  { type: 'deposit.changeStatus', to: 'RECEIVED' },
  { type: 'deposit.changeStatus', to: 'ABANDONED' },
  { type: 'deposit.setReason', reason: 'DONT_ANSWER', comment: 'Trois appels' },
  { type: 'deposit.confirmReason' },
  { type: 'deposit.closeReason' },
  { type: 'deposit.changeSaleStatus', to: 'ONLINE' },
  { type: 'deposit.acceptInline' },
  { type: 'deposit.declineInline' },
  { type: 'deposit.editField', name: 'name', value: 'Dépôt Dupont' },
  { type: 'deposit.discardDraft' },
  { type: 'deposit.save' },
  { type: 'deposit.editAdmin', adminNotes: 'Rappeler lundi' },
  { type: 'deposit.saveAdmin' },
];

/** Done and error events of each actor; outputs follow from the state, as the server's would. */
function actorEvents(snapshot: Snapshot): EventObject[] {
  const { context } = snapshot;
  const deposit = context.deposit ?? LOADED.deposit;
  const next = (patch: object) =>
    create(DepositSchema, { ...deposit, ...patch, rowVersion: deposit.rowVersion + 1 });
  const moved = context.pending
    ? next({ status: depositStatusValue(context.pending.to) })
    : next({});
  const bulkTo = context.bulk?.to;
  const afterBulk: SaleStatusCounts = bulkTo ? { [bulkTo]: 2, REFUSED: 1 } : context.counts;
  const saved = context.deposit ? draftToPatch(context.deposit, context.draft).deposit : deposit;
  return [
    done('loadDeposit', LOADED),
    failure('loadDeposit', refusal(Code.NotFound, 'NOT_FOUND')),
    done('changeStatus', { deposit: moved, counts: context.counts }),
    failure(
      'changeStatus',
      refusal(Code.FailedPrecondition, 'STATUS_TOO_EARLY_PRODUCTS_ONLINE_OR_SOLD'),
    ),
    failure('changeStatus', refusal(Code.Aborted, 'CHANGED_BY_SOMEONE_ELSE')),
    failure('changeStatus', new ConnectError('Bad Gateway', Code.Unavailable)),
    done('changeSaleStatus', { updated: 2, skipped: 1, counts: afterBulk }),
    failure('changeSaleStatus', refusal(Code.FailedPrecondition, 'ONLINE_BEFORE_VALIDATION')),
    failure('changeSaleStatus', new ConnectError('Bad Gateway', Code.Unavailable)),
    done('saveDeposit', next({ name: saved.name })),
    failure('saveDeposit', refusal(Code.Aborted, 'CHANGED_BY_SOMEONE_ELSE')),
    failure('saveDeposit', refusal(Code.InvalidArgument, 'INVALID_FIELD_MASK')),
    done('saveAdminOnly', context.adminDraft ?? LOADED.adminOnly),
    failure('saveAdminOnly', refusal(Code.PermissionDenied, 'FORBIDDEN')),
  ];
}

/**
 * What tells two states apart for the walk: row versions grow without end and draft contents
 * multiply the states without changing what the lifecycle allows, so only their presence counts.
 */
function serializeState(snapshot: Snapshot): string {
  const c = snapshot.context;
  return JSON.stringify([
    snapshot.value,
    c.deposit ? currentStatus(c.deposit) : null,
    (c.counts.ONLINE ?? 0) > 0,
    c.pending?.to ?? null,
    c.error,
    Object.keys(c.draft).length > 0,
    c.adminDraft !== null,
  ]);
}

const CHILDREN: Record<string, string[]> = {
  loading: ['loadDeposit'],
  loadFailed: [],
  'ready.idle': [],
  'ready.askingReason': [],
  'ready.changingStatus': ['changeStatus'],
  'ready.changingSaleStatus': ['changeSaleStatus'],
  'ready.offeringInline': [],
  'ready.saving': ['saveDeposit'],
  'ready.savingAdmin': ['saveAdminOnly'],
  'ready.refused': [],
  'ready.failed': [],
  'ready.stale': [],
};

function leaf(snapshot: Snapshot): string {
  const value = snapshot.value;
  return typeof value === 'string'
    ? value
    : Object.entries(value)
        .map(([k, v]) => `${k}.${String(v)}`)
        .join();
}

function harness() {
  const deferred = new Map<string, { resolve(v: unknown): void; reject(e: unknown): void }>();
  const promised = (id: string) =>
    fromPromise(
      () =>
        new Promise((resolve, reject) =>
          deferred.set(id, { resolve: resolve as (v: unknown) => void, reject }),
        ),
    );
  const machine = depositMachine.provide({
    actors: Object.fromEntries(PROMISE_ACTORS.map((id) => [id, promised(id)])) as never,
  });
  const actor = createActor(machine, { input: INPUT }).start();
  async function play(event: EventObject): Promise<void> {
    const [, kind, id = ''] = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type) ?? [];
    if (kind) {
      expect(actor.getSnapshot().children, `${id} must be running`).toHaveProperty(id);
      const payload = event as { output?: unknown; error?: unknown };
      if (kind === 'done') deferred.get(id)!.resolve(payload.output);
      else deferred.get(id)!.reject(payload.error);
      await new Promise((resolve) => setTimeout(resolve, 0));
    } else {
      actor.send(event as DepositEvent);
    }
  }
  return { actor, play };
}

function checkInvariants(snapshot: Snapshot): void {
  const where = leaf(snapshot);
  const { context } = snapshot;
  expect(snapshot.status, where).toBe('active');
  const invoked = Object.keys(snapshot.children).filter((id) => id !== 'products');
  expect(invoked.sort(), where).toEqual(CHILDREN[where]);
  expect(snapshot.hasTag('error'), where).toBe(context.error !== null);
  if (snapshot.matches({ ready: 'refused' }))
    expect(isRuleCode(context.error?.rule), where).toBe(true);
  if (snapshot.hasTag('stale')) expect(context.error?.code, where).toBe('changedBySomeoneElse');
  if (snapshot.hasTag('askingReason')) expect(NEEDS_REASON, where).toContain(context.pending?.to);
  if (snapshot.hasTag('offeringInline'))
    expect(currentStatus(context.deposit!), where).toBe('DEPOSIT_VALIDATED');
  if (!context.deposit) return;
  const from = currentStatus(context.deposit);
  // The machine never allows a move the shared rules refuse.
  for (const to of DEPOSIT_STATUSES) {
    if (!snapshot.can({ type: 'deposit.changeStatus', to })) continue;
    const reason = NEEDS_REASON.includes(to) ? 'DONT_ANSWER' : undefined;
    expect(
      checkStatusChange({ from, to, products: context.counts, reason }),
      `${where} → ${to}`,
    ).toEqual({ ok: true });
  }
  for (const to of SALE_STATUSES) {
    if (!snapshot.can({ type: 'deposit.changeSaleStatus', to })) continue;
    expect(checkBulkSaleStatus(from, to, context.counts).verdict, `${where} ⇒ ${to}`).toEqual({
      ok: true,
    });
  }
}

async function replay(path: Path): Promise<void> {
  const { actor, play } = harness();
  checkInvariants(actor.getSnapshot());
  for (const step of path.steps.filter((s) => (s.event as EventObject).type !== 'xstate.init')) {
    await play(step.event);
    const snapshot = actor.getSnapshot();
    expect(snapshot.value, step.event.type).toEqual(step.state.value);
    expect(serializeState(snapshot), step.event.type).toEqual(serializeState(step.state));
    checkInvariants(snapshot);
  }
  actor.stop();
}

function label(event: EventObject): string {
  const e = event as { type: string; to?: string; error?: Error };
  const detail = e.to ?? (e.error instanceof ConnectError ? Code[e.error.code] : undefined);
  return `${e.type.replace(/^xstate\./, '')}${detail ? `(${detail})` : ''}`;
}

const describePath = (path: Path) =>
  `${leaf(path.state)} ⇐ ${path.steps.map((s) => label(s.event)).join(' → ')}`;

describe('depositMachine generated paths', () => {
  const events = (s: Snapshot) => [...USER_EVENTS, ...actorEvents(s)] as DepositEvent[];
  const shortest = getShortestPaths(depositMachine, { events, input: INPUT, serializeState });

  it('reaches every state', () => {
    const reached = new Set(shortest.map((p) => leaf(p.state)));
    expect([...reached].sort()).toEqual(Object.keys(CHILDREN).sort());
  });

  it.each(shortest.map((p) => [describePath(p), p] as const))('shortest: %s', async (_, path) => {
    await replay(path);
  });

  it('replays the simple paths of the lifecycle without editing', async () => {
    const lifecycle = (s: Snapshot) =>
      events(s).filter((e) => !/edit|save|discardDraft/i.test(e.type));
    const simple = getSimplePaths(depositMachine, {
      events: lifecycle,
      input: INPUT,
      serializeState,
      limit: 5000,
    });
    expect(simple.length).toBeGreaterThan(20);
    for (const path of simple) await replay(path);
  }, 120_000);
});
