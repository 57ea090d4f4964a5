import { Code, ConnectError } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import { preselectedFrom, userTypeMachine, type UserTypeChoice } from './userTypeMachine.ts';

type Snapshot = SnapshotFrom<typeof userTypeMachine>;

const EVENTS = [
  { type: 'userType.select', userType: 'VENDOR' },
  { type: 'userType.select', userType: 'CUSTOMER' },
  { type: 'userType.submit' },
  done('chooseUserType'),
  failure('chooseUserType', new ConnectError('down', Code.Unavailable)),
] as const;

function check(s: Snapshot, { where, previous, emitted, started }: StepInfo<Snapshot>) {
  // The server is asked only with a choice, and for exactly that choice.
  for (const call of started)
    expect(call.input, where).toEqual({ userType: s.context.choice as UserTypeChoice });
  if (s.hasTag('busy') || s.matches('chosen')) expect(s.context.choice, where).not.toBeNull();
  // A failure keeps the choice.
  if (s.matches('failed')) expect(s.context.choice, where).toBe(previous?.context.choice);
  const announced = s.matches('chosen') && !previous?.matches('chosen');
  expect(emitted, where).toEqual(
    announced ? [{ type: 'userType.chosen', userType: s.context.choice }] : [],
  );
}

for (const preselected of [null, 'VENDOR'] as const) {
  describePaths(
    `userTypeMachine (preselected ${preselected ?? 'nothing'})`,
    walkPaths({
      machine: userTypeMachine,
      input: { preselected },
      events: [...EVENTS],
      errorOf: (s) => s.context.errorCode,
      check,
    }),
  );
}

describe('preselectedFrom', () => {
  it.each([
    ['?user_type=vendor', 'VENDOR'],
    ['?user_type=VENDOR&x=1', 'VENDOR'],
    ['?user_type=customer', 'CUSTOMER'],
    ['?user_type=admin', null],
    ['', null],
  ])('%s → %s', (search, expected) => {
    expect(preselectedFrom(search)).toBe(expected);
  });
});
