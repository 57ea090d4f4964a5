import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import type { PayoutRow } from './payoutTypes.ts';
import {
  payoutHistoryMachine,
  type PayoutHistoryEvent,
  type PayoutHistoryPage,
  type PayoutHistoryQuery,
} from './payoutHistoryMachine.ts';

type Snapshot = SnapshotFrom<typeof payoutHistoryMachine>;

const CUSTOMER = '00000000-0000-4000-8000-000000000001';
const PAGE_SIZE = 2;
const AMOUNTS = [4700, 1200, 800];

function answer(q: PayoutHistoryQuery): PayoutHistoryPage {
  const start = (q.page - 1) * q.pageSize;
  return {
    count: AMOUNTS.length,
    rows: AMOUNTS.slice(start, start + q.pageSize).map((amountCents, i): PayoutRow => ({
      uuid: `payout-${start + i}`,
      createdAt: 1,
      method: 'CASH',
      amountCents,
      chequeNumber: '',
      memo: '',
      itemCount: 1,
      receiptNumber: `R-2026-00000${start + i}`,
      balanceAfterCents: 0,
    })),
  };
}
const queryOf = (s: Snapshot): PayoutHistoryQuery => ({
  customer: s.context.customer,
  page: s.context.page,
  pageSize: s.context.pageSize,
});

const USER_EVENTS: PayoutHistoryEvent[] = [
  { type: 'history.page', page: 2 },
  { type: 'history.page', page: 3 },
  { type: 'history.page', page: 1 },
  { type: 'history.reload' },
  { type: 'history.retry' },
  { type: 'history.receipt', uuid: 'payout-0' },
  { type: 'history.receipt', uuid: 'payout-2' },
  // Not on the page: nothing to fetch.
  { type: 'history.receipt', uuid: 'elsewhere' },
];
const events = (s: Snapshot) => [
  ...USER_EVENTS,
  done('fetchPayouts', answer(queryOf(s))),
  failure('fetchPayouts', new ConnectError('down', Code.Unavailable)),
  done('downloadReceipt'),
  failure('downloadReceipt', new ConnectError('{"code":"NOT_FOUND"}', Code.NotFound)),
];

function check(s: Snapshot, { where, started, previous, event }: StepInfo<Snapshot>): void {
  const c = s.context;
  for (const { id, input } of started) {
    if (id === 'fetchPayouts') expect(input, where).toEqual(queryOf(s));
    // A receipt is fetched only for a payout on screen.
    else
      expect(
        c.rows.map((r) => r.uuid),
        where,
      ).toContain((input as { uuid: string }).uuid);
  }
  expect(c.downloading !== null, where).toBe(s.matches('downloading'));
  if (s.matches('ready')) expect(c.rows, where).toEqual(answer(queryOf(s)).rows);
  if (!previous) return;
  if (event.type === 'xstate.error.actor.downloadReceipt') {
    expect(c.refusal, where).toEqual({ code: 'notFound', reason: 'NOT_FOUND' });
    expect(c.rows, where).toBe(previous.context.rows);
  }
}

const walk = walkPaths({
  machine: payoutHistoryMachine,
  input: { customer: CUSTOMER, pageSize: PAGE_SIZE },
  events,
  errorOf: (s) => s.context.errorCode,
  check,
});

describePaths('payoutHistoryMachine', walk, {
  title: 'of paging and receipts',
  events: (s) => events(s).filter((e) => !e.type.startsWith('xstate.error')),
  atLeast: () => 6,
});
