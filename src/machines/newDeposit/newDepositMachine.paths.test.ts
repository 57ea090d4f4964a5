import { Code, ConnectError } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import {
  hasErrors,
  validateContact,
  validateCriteria,
  validateInfo,
} from '../../domain/newDeposit/depositForm.ts';
import { addressMachine } from './addressMachine.ts';
import type { AddressSuggestion, Department } from './gouv.ts';
import { newDepositMachine } from './newDepositMachine.ts';
import { CONTACT, FRESH, INFO, LISTS, RESUMED, SAVED } from './newDepositFixtures.ts';
import { stepIndex, type NewDepositEvent } from './newDepositTypes.ts';

/** The real address form with government services that never answer (none is needed here). */
const quietAddress = addressMachine.provide({
  actors: {
    searchAddresses: fromPromise<AddressSuggestion[], { text: string }>(
      () => new Promise(() => undefined),
    ),
    loadDepartments: fromPromise<Department[]>(() => new Promise(() => undefined)),
  },
});

type Snapshot = SnapshotFrom<typeof newDepositMachine>;
type Path = StatePath<Snapshot, NewDepositEvent>;

const PROMISE_ACTORS = [
  'restoreDraft',
  'saveContact',
  'loadLists',
  'saveCriteria',
  'saveInfo',
  'submitDraft',
];
const done = (id: string, output?: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failure = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });
const offline = new ConnectError('Failed to fetch', Code.Unavailable);

/** A visitor who typed the contact but never saved it (no customer yet). */
const TYPED = { ...FRESH, contact: CONTACT };

const USER_EVENTS: NewDepositEvent[] = [
  { type: 'newDeposit.editContact', field: 'firstName', value: '' },
  { type: 'newDeposit.editContact', field: 'firstName', value: 'Léa' },
  { type: 'address.changed', value: INFO.address, picked: false },
  { type: 'address.changed', value: INFO.address, picked: true },
  { type: 'newDeposit.next' },
  { type: 'newDeposit.back' },
  { type: 'newDeposit.goTo', step: 'contact' },
  { type: 'newDeposit.goTo', step: 'criteria' },
  { type: 'newDeposit.goTo', step: 'info' },
  { type: 'newDeposit.retry' },
  { type: 'newDeposit.restart' },
];
const ACTOR_EVENTS: EventObject[] = [
  done('restoreDraft', TYPED),
  done('restoreDraft', RESUMED),
  failure('restoreDraft', offline),
  done('saveContact', SAVED),
  failure('saveContact', new ConnectError('{"code":"INVALID_ARGUMENT"}', Code.InvalidArgument)),
  done('loadLists', LISTS),
  failure('loadLists', offline),
  done('saveCriteria', SAVED),
  failure('saveCriteria', new ConnectError('{"code":"CHANGED_BY_SOMEONE_ELSE"}', Code.Aborted)),
  done('saveInfo', SAVED),
  failure('saveInfo', offline),
  done('submitDraft'),
  failure(
    'submitDraft',
    new ConnectError('{"code":"CUSTOMER_FAMILY_SAME_DAY"}', Code.AlreadyExists),
  ),
];
const ALL_EVENTS = [...USER_EVENTS, ...ACTOR_EVENTS] as NewDepositEvent[];

const SIMPLE_EVENTS = [
  { type: 'address.changed', value: INFO.address, picked: false },
  { type: 'newDeposit.next' },
  { type: 'newDeposit.back' },
  { type: 'newDeposit.goTo', step: 'info' },
  done('restoreDraft', RESUMED),
  done('loadLists', LISTS),
  done('saveCriteria', SAVED),
  done('saveInfo', SAVED),
  failure('saveInfo', offline),
  done('submitDraft'),
] as NewDepositEvent[];

/** States differ by where they are and by what the visitor can do there, not by every letter. */
function serializeState(s: Snapshot): string {
  const c = s.context;
  return JSON.stringify([
    s.value,
    c.reached,
    c.showErrors,
    c.errorCode,
    c.contact.firstName !== '',
    c.addressPicked,
    c.lists !== null,
    c.customerUuid !== null,
  ]);
}

/** Invoked children each leaf state must be running, read from the real actor. */
const CHILDREN: Record<string, string[]> = {
  loading: ['restoreDraft'],
  loadFailed: [],
  'contact.editing': [],
  'contact.saving': ['saveContact'],
  'contact.failed': [],
  'criteria.loadingLists': ['loadLists'],
  'criteria.listsFailed': [],
  'criteria.editing': [],
  'criteria.saving': ['saveCriteria'],
  'criteria.failed': [],
  'info.editing': ['address'],
  'info.saving': ['address', 'saveInfo'],
  'info.submitting': ['address', 'submitDraft'],
  'info.failed': ['address'],
  done: [],
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
    fromPromise<never, never>(
      () =>
        new Promise<never>((resolve, reject) =>
          deferred.set(id, { resolve: resolve as (v: unknown) => void, reject }),
        ),
    );
  const machine = newDepositMachine.provide({
    actors: {
      restoreDraft: promised('restoreDraft'),
      saveContact: promised('saveContact'),
      loadLists: promised('loadLists'),
      saveCriteria: promised('saveCriteria'),
      saveInfo: promised('saveInfo'),
      submitDraft: promised('submitDraft'),
      address: quietAddress,
    },
  } as never);
  const actor = createActor(machine, { input: { requestedStep: 'info', minChars: 3 } }).start();

  async function play(event: EventObject): Promise<void> {
    const [, kind, id = ''] = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type) ?? [];
    if (kind && PROMISE_ACTORS.includes(id)) {
      expect(actor.getSnapshot().children, `${id} must be running`).toHaveProperty(id);
      const settle = deferred.get(id)!;
      const payload = event as unknown as { output?: unknown; error?: unknown };
      if (kind === 'done') settle.resolve(payload.output);
      else settle.reject(payload.error);
      await new Promise((resolve) => setTimeout(resolve, 0));
    } else {
      actor.send(event as NewDepositEvent);
    }
  }
  return { actor, play };
}

function checkInvariants(snapshot: Snapshot): void {
  const where = leaf(snapshot);
  const c = snapshot.context;
  expect(snapshot.status, where).toBe('active');
  expect(Object.keys(snapshot.children).sort(), where).toEqual(CHILDREN[where]);
  expect(snapshot.hasTag('error'), where).toBe(c.errorCode !== null);
  if (['contact', 'criteria', 'info'].some((t) => snapshot.hasTag(t)))
    expect(c.token, where).not.toBe('');
  // A step is shown only once reached, and saving needs a valid step.
  for (const step of ['contact', 'criteria', 'info'] as const) {
    if (snapshot.hasTag(step))
      expect(stepIndex(step), where).toBeLessThanOrEqual(stepIndex(c.reached));
  }
  if (snapshot.hasTag('criteria') || snapshot.hasTag('info'))
    expect(c.customerUuid, where).not.toBeNull();
  if (where === 'contact.saving') expect(hasErrors(validateContact(c.contact))).toBe(false);
  if (where === 'criteria.saving') expect(hasErrors(validateCriteria(c.criteria))).toBe(false);
  if (where === 'info.saving') expect(hasErrors(validateInfo(c.info, c.addressPicked))).toBe(false);
  const screens = ['busy', 'error', 'done'].filter((t) => snapshot.hasTag(t));
  expect(screens.length, `${where} shows one screen`).toBeLessThanOrEqual(1);
}

async function replay(path: Path): Promise<void> {
  const { actor, play } = harness();
  checkInvariants(actor.getSnapshot());
  for (const step of path.steps.filter((s) => (s.event as EventObject).type !== 'xstate.init')) {
    await play(step.event);
    const snapshot = actor.getSnapshot();
    expect(snapshot.value, step.event.type).toEqual(step.state.value);
    // The graph merges states by their serialized projection, so that is what must match.
    expect(serializeState(snapshot), step.event.type).toBe(serializeState(step.state));
    checkInvariants(snapshot);
  }
  actor.stop();
}

function label(event: NewDepositEvent | EventObject): string {
  const e = event as {
    type: string;
    step?: string;
    value?: unknown;
    picked?: boolean;
    error?: Error;
  };
  const detail =
    e.step ??
    (e.picked !== undefined ? (e.picked ? 'picked' : 'typed') : undefined) ??
    (typeof e.value === 'string' ? JSON.stringify(e.value) : undefined) ??
    e.error?.message;
  return `${e.type.replace(/^xstate\./, '')}${detail ? `(${detail})` : ''}`;
}

const describePath = (path: Path) =>
  `${leaf(path.state)} ⇐ ${path.steps.map((s) => label(s.event)).join(' → ')}`;

describe('newDepositMachine generated paths', () => {
  const input = { requestedStep: 'info' as const, minChars: 3 };
  const shortest = getShortestPaths(newDepositMachine, {
    events: ALL_EVENTS,
    serializeState,
    input,
  });

  it('reaches every state', () => {
    const reached = new Set(shortest.map((p) => leaf(p.state)));
    expect([...reached].sort()).toEqual(Object.keys(CHILDREN).sort());
  });

  it.each(shortest.map((p) => [describePath(p), p] as const))('shortest: %s', async (_, path) => {
    await replay(path);
  });

  it('replays every simple path of a returning visitor', async () => {
    // A smaller alphabet (one outcome per actor) keeps the simple paths countable.
    const simple = getSimplePaths(newDepositMachine, {
      events: SIMPLE_EVENTS,
      serializeState,
      input,
    });
    expect(simple.length).toBeGreaterThan(shortest.length / 4);
    for (const path of simple) await replay(path);
  }, 60_000);
});
