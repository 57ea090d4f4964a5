import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import { referralsMachine, type LoadedReferrals, type ReferralsEvent } from './referralsMachine.ts';

type Snapshot = SnapshotFrom<typeof referralsMachine>;

const LOADED: LoadedReferrals = {
  code: 'K7MQ4XPT',
  sponsoredBy: 'Léa Martin',
  referrals: [{ uuid: 'r-1', name: 'Nina Petit', createdAt: 1_780_000_000_000, status: 'PENDING' }],
};
/** A vendor record without a code yet: nothing to copy. */
const NO_CODE: LoadedReferrals = { code: '', sponsoredBy: '', referrals: [] };
const down = new ConnectError('down', Code.Unavailable);

const USER_EVENTS: ReferralsEvent[] = [{ type: 'referrals.copy' }, { type: 'referrals.retry' }];

const events = [
  ...USER_EVENTS,
  done('loadReferrals', LOADED),
  done('loadReferrals', NO_CODE),
  failure('loadReferrals', down),
  done('copyCode'),
  failure('copyCode', new Error('denied')),
];

function check(s: Snapshot, { where, event, previous, emitted, started }: StepInfo<Snapshot>) {
  const c = s.context;
  // Only the loaded code is ever copied, and only a code there is.
  for (const call of started.filter((a) => a.id === 'copyCode'))
    expect(call.input, where).toEqual({ code: c.code });
  if (s.matches('copying')) expect(c.code, where).not.toBe('');
  // "Copied" is announced exactly when a copy succeeds; a failed copy says so instead.
  const justCopied = previous?.matches('copying') === true && event.type.endsWith('copyCode');
  if (justCopied && event.type.startsWith('xstate.done'))
    expect(emitted, where).toEqual([{ type: 'referrals.copied' }]);
  else expect(emitted, where).toEqual([]);
  if (justCopied && event.type.startsWith('xstate.error')) expect(c.copy, where).toBe('failed');
  if (s.matches('ready') || s.matches('copying'))
    expect([LOADED.code, NO_CODE.code], where).toContain(c.code);
  if (s.matches('failed')) expect(c.errorCode, where).toBe('unavailable');
}

const walk = walkPaths({
  machine: referralsMachine,
  events,
  errorOf: (s) => s.context.errorCode,
  check,
});

describePaths('referralsMachine', walk, {
  title: 'of loading, retrying and copying',
  atLeast: () => 8,
});
