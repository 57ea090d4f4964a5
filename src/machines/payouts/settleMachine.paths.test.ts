import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import type { PayableItem, PayoutRow } from './payoutTypes.ts';
import {
  settleMachine,
  settleProblems,
  settleTotal,
  type SettleEvent,
  type SettleInput,
} from './settleMachine.ts';

type Snapshot = SnapshotFrom<typeof settleMachine>;

const CUSTOMER = '00000000-0000-4000-8000-000000000001';
const TODAY = '2026-11-26';
const at = (day: string) => Date.parse(`${day}T10:00:00Z`);
/** One item payable since last week, one since today. */
const ITEMS: PayableItem[] = [
  { product: 'p1', reference: 'R1', name: 'Robe', amountCents: 3200, payableAt: at('2026-11-19') },
  { product: 'p2', reference: 'R2', name: 'Veste', amountCents: 1500, payableAt: at(TODAY) },
];
const PAYOUT: PayoutRow = {
  uuid: 'payout-1',
  createdAt: at(TODAY),
  method: 'CASH',
  amountCents: 4700,
  chequeNumber: '',
  memo: '',
  itemCount: 2,
  receiptNumber: 'R-2026-000001',
  balanceAfterCents: 0,
};
const refused = (reason: string) =>
  new ConnectError(JSON.stringify({ code: reason }), Code.FailedPrecondition);

const USER_EVENTS: SettleEvent[] = [
  { type: 'settle.open' },
  { type: 'settle.close' },
  { type: 'settle.retry' },
  { type: 'settle.cutOff', value: '2026-11-20' },
  // Tomorrow: not a cut-off the dialog sends.
  { type: 'settle.cutOff', value: '2026-11-27' },
  { type: 'settle.toggleItem', product: 'p2' },
  // Not payable: ignored.
  { type: 'settle.toggleItem', product: 'elsewhere' },
  { type: 'settle.scope', scope: 'cutOff' },
  { type: 'settle.method', method: 'CHEQUE' },
  { type: 'settle.chequeNumber', value: ' 0012345 ' },
  { type: 'settle.method', method: 'CASH' },
  { type: 'settle.memo', value: 'Solde de novembre' },
  { type: 'settle.submit' },
  { type: 'settle.downloadReceipt' },
];
const events = [
  ...USER_EVENTS,
  done('loadPayable', ITEMS),
  failure('loadPayable', new ConnectError('down', Code.Unavailable)),
  done('settle', PAYOUT),
  failure('settle', new ConnectError('down', Code.Unavailable)),
  failure('settle', refused('PAYOUT_EXCEEDS_BALANCE')),
  done('downloadReceipt'),
  failure('downloadReceipt', new ConnectError('down', Code.Unavailable)),
];

const UUID = /^[0-9a-f-]{36}$/;

function check(s: Snapshot, { where, started, previous, event, emitted }: StepInfo<Snapshot>) {
  const c = s.context;
  expect(c.customer, where).toBe(CUSTOMER);
  if (s.matches('closed')) {
    expect([c.idempotencyKey, c.payout, c.refusal, c.selected], where).toEqual([
      null,
      null,
      null,
      [],
    ]);
  } else expect(c.idempotencyKey, where).toMatch(UUID);
  for (const { id, input } of started) {
    if (id !== 'settle') continue;
    const sent = input as SettleInput;
    // Only a complete choice with something to pay is sent, under the opening's key.
    expect(settleProblems(c), where).toEqual({});
    expect(settleTotal(c), where).toBeGreaterThan(0);
    expect(sent.idempotencyKey, where).toBe(c.idempotencyKey);
    expect(sent.cutOff <= TODAY, where).toBe(true);
    if (sent.method === 'CHEQUE') expect(sent.chequeNumber, where).toBe('0012345');
    else expect(sent.chequeNumber, where).toBe('');
    expect(sent.products, where).toEqual(c.scope === 'items' ? c.selected : []);
  }
  for (const product of c.selected) expect(['p2'], where).toContain(product);
  if (s.matches({ open: 'settled' }) || s.matches({ open: 'downloading' }))
    expect(c.payout, where).toEqual(PAYOUT);
  if (!previous) return;
  // One key per opening: drawn at `settle.open`, the same through every refusal and retry.
  if (event.type === 'settle.open') {
    expect(previous.matches('closed'), where).toBe(true);
    expect(c.idempotencyKey, where).not.toBe(previous.context.idempotencyKey);
  } else if (!s.matches('closed'))
    expect(c.idempotencyKey, where).toBe(previous.context.idempotencyKey);
  // Paying cannot be closed away.
  if (previous.matches({ open: 'settling' }) && event.type === 'settle.close')
    expect(s.matches({ open: 'settling' }), where).toBe(true);
  if (event.type === 'xstate.error.actor.settle') {
    expect(s.matches({ open: 'editing' }), where).toBe(true);
    expect(c.refusal, where).not.toBeNull();
    const keep = (x: Snapshot['context']) => [x.scope, x.cutOff, x.selected, x.method, x.memo];
    expect(keep(c), where).toEqual(keep(previous.context));
  }
  expect(
    emitted.map((e) => e.type),
    where,
  ).toEqual(event.type === 'xstate.done.actor.settle' ? ['settle.settled'] : []);
}

const walk = walkPaths({
  machine: settleMachine,
  input: { customer: CUSTOMER, today: TODAY },
  events,
  errorOf: (s) => s.context.errorCode,
  // The key is random: states differ by whether one is drawn.
  serializeState: (s) =>
    JSON.stringify([s.value, { ...s.context, idempotencyKey: s.context.idempotencyKey !== null }]),
  check,
});

// The simple paths walk the ways to a payout: by cut-off or by items, cash or cheque.
const SIMPLE = new Set<string>([
  'settle.open',
  'settle.toggleItem',
  'settle.method',
  'settle.chequeNumber',
  'settle.submit',
  'xstate.done.actor.loadPayable',
  'xstate.done.actor.settle',
]);
describePaths('settleMachine', walk, {
  title: 'to a payout',
  events: events.filter(
    (e) => SIMPLE.has(e.type) && (e as { product?: string }).product !== 'elsewhere',
  ),
  atLeast: () => 5,
});
