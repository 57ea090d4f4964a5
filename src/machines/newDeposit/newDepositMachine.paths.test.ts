import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import { fromCallback, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import {
  hasErrors,
  validateContact,
  validateCriteria,
  validateInfo,
} from '../../domain/newDeposit/depositForm.ts';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import { addressMachine } from './addressMachine.ts';
import type { AddressSuggestion, Department } from './gouv.ts';
import { newDepositMachine } from './newDepositMachine.ts';
import { CONTACT, FRESH, INFO, LISTS, RESUMED, SAVED } from './newDepositFixtures.ts';
import { saveInput } from './newDepositStepParts.ts';
import { stepIndex, type NewDepositEvent, type SaveInput } from './newDepositTypes.ts';

/** The real address form with government services that never answer (none is needed here). */
/** What the step's keeper was last handed (null: nothing since the step opened). */
let lastKept: SaveInput | null = null;
const recordingKeeper = fromCallback<{ type: 'keep'; values: SaveInput }>(({ receive }) => {
  lastKept = null;
  receive((event) => {
    lastKept = event.values;
  });
});

const quietAddress = addressMachine.provide({
  actors: {
    searchAddresses: fromPromise<AddressSuggestion[], { text: string }>(
      () => new Promise(() => undefined),
    ),
    loadDepartments: fromPromise<Department[]>(() => new Promise(() => undefined)),
  },
});

type Snapshot = SnapshotFrom<typeof newDepositMachine>;

const offline = new ConnectError('Failed to fetch', Code.Unavailable);

/** A visitor who typed the contact but never saved it (no customer yet). */
const TYPED = { ...FRESH, contact: CONTACT };

const USER_EVENTS: NewDepositEvent[] = [
  { type: 'newDeposit.editContact', field: 'firstName', value: '' },
  { type: 'newDeposit.editContact', field: 'firstName', value: 'Léa' },
  { type: 'address.changed', value: INFO.address, picked: false, manual: false },
  { type: 'address.changed', value: INFO.address, picked: true, manual: false },
  { type: 'address.changed', value: INFO.address, picked: false, manual: true },
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
];

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
/** Each step keeps what is typed (keepTyped) for as long as it is shown, and no longer. */
const CHILDREN: Record<string, string[]> = {
  loading: ['restoreDraft'],
  loadFailed: [],
  'contact.editing': ['keepTyped'],
  'contact.saving': ['keepTyped', 'saveContact'],
  'contact.failed': ['keepTyped'],
  'criteria.loadingLists': ['keepTyped', 'loadLists'],
  'criteria.listsFailed': ['keepTyped'],
  'criteria.editing': ['keepTyped'],
  'criteria.saving': ['keepTyped', 'saveCriteria'],
  'criteria.failed': ['keepTyped'],
  'info.editing': ['address', 'keepTyped'],
  'info.saving': ['address', 'keepTyped', 'saveInfo'],
  'info.submitting': ['address', 'keepTyped', 'submitDraft'],
  'info.failed': ['address', 'keepTyped'],
  done: [],
};

const EDIT_EVENTS = ['newDeposit.editContact', 'address.changed'];

function check(snapshot: Snapshot, { where, event }: StepInfo<Snapshot>): void {
  const c = snapshot.context;
  // Every edit on a step is handed to its keeper, the whole form as it now stands.
  if (EDIT_EVENTS.includes(event.type) && snapshot.children.keepTyped)
    expect(lastKept, `${where}: kept as typed`).toEqual(saveInput({ context: c }));
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
  if (where === 'info.saving')
    expect(hasErrors(validateInfo(c.info, c.addressPicked || c.addressManual))).toBe(false);
  const screens = ['busy', 'error', 'done'].filter((t) => snapshot.hasTag(t));
  expect(screens.length, `${where} shows one screen`).toBeLessThanOrEqual(1);
}

function label(event: EventObject): string {
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

const walk = walkPaths({
  machine: newDepositMachine,
  input: { requestedStep: 'info', minChars: 3 },
  events: [...USER_EVENTS, ...ACTOR_EVENTS],
  provide: { address: quietAddress, keepTyped: recordingKeeper },
  serializeState,
  errorOf: (s) => s.context.errorCode,
  children: CHILDREN,
  check,
  label,
});

// A smaller alphabet (one outcome per actor) keeps the simple paths countable.
describePaths('newDepositMachine', walk, {
  title: 'of a returning visitor',
  events: SIMPLE_EVENTS,
  atLeast: (n) => n / 4,
});
