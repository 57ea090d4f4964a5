import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { pageCount } from '../shared/pagedListMachine.ts';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import {
  ledgerMachine,
  type LedgerEvent,
  type LedgerPage,
  type LedgerQuery,
} from './ledgerMachine.ts';

type Snapshot = SnapshotFrom<typeof ledgerMachine>;

const CUSTOMER = '00000000-0000-4000-8000-000000000001';
const PAGE_SIZE = 2;
/** The depositor's entries, newest first: a reversal, its credit, a payable credit. */
const AMOUNTS = [-1500, 1500, 3200];

/** What the server answers a query: the totals and one page of the entries. */
function answer(q: LedgerQuery): LedgerPage {
  const start = (q.page - 1) * q.pageSize;
  return {
    balanceCents: 3200,
    payableCents: 3200,
    count: AMOUNTS.length,
    rows: AMOUNTS.slice(start, start + q.pageSize).map((amountCents, i) => ({
      uuid: `e${start + i}`,
      kind: amountCents < 0 ? 'SALE_REVERSAL' : 'SALE_CREDIT',
      amountCents,
      payableAt: start + i === 2 ? 1 : null,
      createdAt: 1,
      productReference: `R${start + i}`,
      productName: `Article ${start + i}`,
    })),
  };
}
const queryOf = (s: Snapshot): LedgerQuery => ({
  customer: s.context.customer,
  page: s.context.page,
  pageSize: s.context.pageSize,
});

const USER_EVENTS: LedgerEvent[] = [
  { type: 'ledger.page', page: 2 },
  { type: 'ledger.page', page: 3 },
  { type: 'ledger.page', page: 1 },
  { type: 'ledger.retry' },
  { type: 'ledger.reload' },
];
const events = (s: Snapshot) => [
  ...USER_EVENTS,
  done('fetchLedger', answer(queryOf(s))),
  failure('fetchLedger', new ConnectError('Bad Gateway', Code.Unavailable)),
];

function check(s: Snapshot, { where, started, previous, event }: StepInfo<Snapshot>): void {
  const c = s.context;
  // Every load asks for the depositor's state query.
  for (const actor of started) expect(actor.input, where).toEqual(queryOf(s));
  expect(c.customer, where).toBe(CUSTOMER);
  if (s.matches('ready')) {
    const expected = answer(queryOf(s));
    expect(c.rows, where).toEqual(expected.rows);
    expect([c.balanceCents, c.payableCents], where).toEqual([3200, 3200]);
    expect(c.page, where).toBeLessThanOrEqual(pageCount(c.count, c.pageSize));
  }
  if (!previous) return;
  // The figures and entries on screen stay while the next page loads.
  if (s.hasTag('busy')) expect(c.rows, where).toBe(previous.context.rows);
  // A page outside the list, or the one on screen, asks for nothing.
  if (event.type === 'ledger.page' && previous.matches('ready')) {
    const { page } = event as Extract<LedgerEvent, { type: 'ledger.page' }>;
    const valid = page >= 1 && page <= 2 && page !== previous.context.page;
    expect(s.matches('loading'), where).toBe(valid);
  }
}

const walk = walkPaths({
  machine: ledgerMachine,
  input: { customer: CUSTOMER, pageSize: PAGE_SIZE },
  events,
  errorOf: (s) => s.context.errorCode,
  check,
});

describePaths('ledgerMachine', walk, {
  title: 'of loading, paging and retrying',
  atLeast: () => 6,
});
