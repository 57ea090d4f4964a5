import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import {
  personalDataMachine,
  type Erasure,
  type PersonalDataEvent,
} from './personalDataMachine.ts';

type Snapshot = SnapshotFrom<typeof personalDataMachine>;

const CUSTOMER = '00000000-0000-4000-8000-000000000001';
const ERASURE: Erasure = {
  alreadyErased: false,
  masked: ['CUSTOMER', 'SIGN_IN'],
  kept: [{ kind: 'INVOICES', count: 2, reason: 'ACCOUNTING_RECORDS' }],
};

const USER_EVENTS: PersonalDataEvent[] = [
  { type: 'privacy.export' },
  { type: 'privacy.erase' },
  { type: 'privacy.confirm' },
  { type: 'privacy.cancel' },
];
const events = [
  ...USER_EVENTS,
  done('exportData', 'donnees-personnelles-2026-11-27.json'),
  failure('exportData', new ConnectError('down', Code.Unavailable)),
  done('eraseData', ERASURE),
  failure(
    'eraseData',
    new ConnectError('{"code":"ERASURE_CONTRACT_OPEN"}', Code.FailedPrecondition),
  ),
];

function check(s: Snapshot, { where, started, previous, event }: StepInfo<Snapshot>): void {
  const c = s.context;
  for (const { input } of started) expect(input, where).toEqual({ customer: CUSTOMER });
  // Erasure is asked for only after a confirmation, and nothing is offered once it is done.
  if (s.matches('erasing')) expect(previous?.matches('confirming'), where).toBe(true);
  expect(c.erasure !== null, where).toBe(s.matches('erased'));
  if (s.matches('erased')) {
    expect(s.can({ type: 'privacy.export' }), where).toBe(false);
    expect(s.can({ type: 'privacy.erase' }), where).toBe(false);
  }
  if (event.type === 'xstate.error.actor.eraseData') {
    expect(s.matches('confirming'), where).toBe(true);
    expect(c.refusal, where).toMatchObject({ reason: 'ERASURE_CONTRACT_OPEN' });
  }
  if (event.type === 'xstate.error.actor.exportData')
    expect(c.refusal, where).toMatchObject({ code: 'unavailable' });
  if (event.type === 'xstate.done.actor.exportData')
    expect(c.exported, where).toBe('donnees-personnelles-2026-11-27.json');
}

const walk = walkPaths({
  machine: personalDataMachine,
  input: { customer: CUSTOMER },
  events,
  check,
});

describePaths('personalDataMachine', walk, {
  title: 'of exporting and erasing',
  atLeast: () => 4,
});
