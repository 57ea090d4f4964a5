import { Code, ConnectError } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import {
  restitutionReceiptMachine,
  type ReceiptEvent,
  type ReceiptView,
} from './restitutionReceiptMachine.ts';

type Snapshot = SnapshotFrom<typeof restitutionReceiptMachine>;

const DEPOSIT = '00000000-0000-4000-8000-000000000003';
const WAITING: ReceiptView = {
  uuid: 'receipt-1',
  depositName: 'Dépôt printemps',
  restitutedAt: '2026-11-27T10:00:00.000Z',
  acceptedAt: null,
  accepted: false,
  acceptedThrough: null,
  holderName: 'Friperie',
  depositorName: 'Odile Martin',
  items: [{ reference: 'SEC-1', name: 'Robe', condition: 'GOOD' }],
};
const ACCEPTED: ReceiptView = {
  ...WAITING,
  accepted: true,
  acceptedAt: '2026-11-28T09:00:00.000Z',
  acceptedThrough: 'SCREEN',
};
const refused = (reason: string) =>
  new ConnectError(JSON.stringify({ code: reason }), Code.FailedPrecondition);

const USER_EVENTS: ReceiptEvent[] = [
  { type: 'receipt.accept' },
  { type: 'receipt.download' },
  { type: 'receipt.refresh' },
  { type: 'receipt.retry' },
];
const events = [
  ...USER_EVENTS,
  done('loadReceipt', null),
  done('loadReceipt', WAITING),
  done('loadReceipt', ACCEPTED),
  failure('loadReceipt', refused('RESTITUTION_RECEIPT_TOKEN_EXPIRED')),
  done('acceptReceipt', ACCEPTED),
  failure('acceptReceipt', refused('RESTITUTION_RECEIPT_ALREADY_ACCEPTED')),
  done('reloadReceipt', ACCEPTED),
  failure('reloadReceipt', new ConnectError('down', Code.Unavailable)),
  done('downloadReceipt'),
  failure('downloadReceipt', new ConnectError('down', Code.Unavailable)),
];

function walkFor(mayAccept: boolean) {
  function check(s: Snapshot, { where, started, previous, event }: StepInfo<Snapshot>) {
    const c = s.context;
    expect(c.source, where).toBe(DEPOSIT);
    for (const { id, input } of started) {
      if (id === 'loadReceipt' || id === 'reloadReceipt')
        expect(input, where).toEqual({ source: DEPOSIT });
      else {
        // Accept and download name the receipt shown; accept only a waiting one, by its depositor.
        expect(input, where).toEqual({ source: DEPOSIT, uuid: 'receipt-1' });
        if (id === 'acceptReceipt') {
          expect(mayAccept, where).toBe(true);
          expect(previous?.context.receipt?.accepted, where).toBe(false);
        }
      }
    }
    if (event.type === 'xstate.error.actor.acceptReceipt') {
      expect(c.refusalKey, where).toBe('restitutionReceipt.reasonAlreadyAccepted');
      expect(s.matches('refused'), where).toBe(true);
    }
    if (event.type === 'xstate.error.actor.loadReceipt')
      expect(c.refusalKey, where).toBe('restitutionReceipt.reasonTokenExpired');
    if (s.matches('shown') && event.type === 'xstate.done.actor.acceptReceipt')
      expect(c.receipt?.accepted, where).toBe(true);
    expect(s.can({ type: 'receipt.accept' }), where).toBe(
      s.matches('shown') && mayAccept && c.receipt !== null && !c.receipt.accepted,
    );
  }
  return walkPaths({
    machine: restitutionReceiptMachine,
    input: { source: DEPOSIT, mayAccept },
    events,
    errorOf: (s) => s.context.errorCode,
    check,
  });
}

describePaths('restitutionReceiptMachine', walkFor(true), {
  title: 'to an accepted receipt',
  events: events.filter((e) =>
    ['receipt.accept', 'xstate.done.actor.acceptReceipt', 'xstate.done.actor.loadReceipt'].includes(
      e.type,
    ),
  ),
  atLeast: () => 1,
});

describe('restitutionReceiptMachine (vendor or staff)', () => {
  it('shows and downloads the receipt but never accepts it', async () => {
    const actor = createActor(
      restitutionReceiptMachine.provide({
        actors: {
          loadReceipt: fromPromise<ReceiptView | null, { source: string }>(() =>
            Promise.resolve(WAITING),
          ),
          acceptReceipt: fromPromise<ReceiptView, { source: string; uuid: string }>(() =>
            Promise.reject(new Error('never')),
          ),
          downloadReceipt: fromPromise(() => Promise.resolve()),
        },
      }),
      { input: { source: DEPOSIT, mayAccept: false } },
    ).start();
    await waitFor(actor, (s) => s.matches('shown'));
    expect(actor.getSnapshot().can({ type: 'receipt.accept' })).toBe(false);
    actor.send({ type: 'receipt.accept' });
    expect(actor.getSnapshot().matches('shown')).toBe(true);
    actor.send({ type: 'receipt.download' });
    expect(actor.getSnapshot().matches('downloading')).toBe(true);
    await waitFor(actor, (s) => s.matches('shown'));
    actor.stop();
  });
});
