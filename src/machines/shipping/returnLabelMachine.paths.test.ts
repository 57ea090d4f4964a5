import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import {
  returnLabelMachine,
  type ReturnLabel,
  type ReturnLabelEvent,
  type ReturnStart,
} from './returnLabelMachine.ts';

type Snapshot = SnapshotFrom<typeof returnLabelMachine>;

const DEPOSIT = '00000000-0000-4000-8000-000000000002';
const LABEL: ReturnLabel = {
  uuid: 'return-1',
  trackingNumber: 'MO000300000007',
  deliveryService: 1,
  status: 2,
  statusAt: '2026-11-27T10:00:00.000Z',
};
const NONE: ReturnStart = { label: null, idempotencyKey: 'key-1' };
const MADE: ReturnStart = { label: LABEL, idempotencyKey: 'key-2' };
const refused = (reason: string) =>
  new ConnectError(JSON.stringify({ code: reason }), Code.FailedPrecondition);

const USER_EVENTS: ReturnLabelEvent[] = [
  { type: 'return.make' },
  { type: 'return.download' },
  { type: 'return.reload' },
  { type: 'return.retry' },
];
const events = [
  ...USER_EVENTS,
  done('loadReturn', NONE),
  done('loadReturn', MADE),
  failure('loadReturn', new ConnectError('down', Code.Unavailable)),
  done('makeReturn'),
  failure('makeReturn', refused('POSTAL_SENDING_REFUSED')),
  done('downloadReturn'),
  failure('downloadReturn', new ConnectError('down', Code.Unavailable)),
];

function check(s: Snapshot, { where, started, previous, event }: StepInfo<Snapshot>) {
  const c = s.context;
  expect(c.deposit, where).toBe(DEPOSIT);
  for (const { id, input } of started) {
    if (id === 'loadReturn') expect(input, where).toEqual({ deposit: DEPOSIT });
    // A label is made only when none stands, with the key drawn at the load.
    else if (id === 'makeReturn') {
      expect(previous?.context.label, where).toBeNull();
      expect(input, where).toEqual({ deposit: DEPOSIT, idempotencyKey: 'key-1' });
    } else expect(input, where).toEqual({ uuid: 'return-1' });
  }
  if (s.matches('downloading')) expect(c.label, where).toEqual(LABEL);
  if (event.type === 'xstate.error.actor.makeReturn')
    expect(c.refusal, where).toEqual({ code: 'invalidRequest', reason: 'POSTAL_SENDING_REFUSED' });
  // A made label is read again from the server.
  if (event.type === 'xstate.done.actor.makeReturn') expect(s.matches('loading'), where).toBe(true);
}

const walk = walkPaths({
  machine: returnLabelMachine,
  input: { deposit: DEPOSIT },
  events,
  errorOf: (s) => s.context.errorCode,
  check,
});

describePaths('returnLabelMachine', walk, {
  title: 'to a made label read again',
  events: events.filter((e) =>
    ['return.make', 'xstate.done.actor.makeReturn', 'xstate.done.actor.loadReturn'].includes(
      e.type,
    ),
  ),
  atLeast: () => 1,
});
