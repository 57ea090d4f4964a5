import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import {
  depositorDressingMachine,
  depositsOf,
  filteredItems,
  type DepositorDressingEvent,
  type DressingData,
  type DressingItemRow,
} from './depositorDressingMachine.ts';

type Snapshot = SnapshotFrom<typeof depositorDressingMachine>;

const PAGE_SIZE = 2;
const item = (uuid: string, deposit: string): DressingItemRow => ({
  uuid,
  reference: `R-${uuid}`,
  title: `Article ${uuid}`,
  photoUrl: '',
  priceCents: 3000,
  saleStatus: 'ONLINE',
  deposit,
  depositName: `Dépôt ${deposit}`,
  channels: [{ publisherName: 'MAIN_MARKETPLACE', url: `https://www.vinted.fr/items/${uuid}` }],
  timeline: [{ step: 'RECEIVED', at: 1 }],
  earningCents: 0,
  earningSource: 'NONE',
});
/** Three items in deposit A, one in B: a screenful of two shows "more" once for everything. */
const ANSWER: DressingData = {
  items: [item('a1', 'A'), item('a2', 'A'), item('a3', 'A'), item('b1', 'B')],
  itemCount: 4,
  owedCents: 1500,
  payableCents: 0,
  paidCents: 3200,
  statements: [
    { kind: 'PAYOUT_RECEIPT', uuid: 'p1', number: 'R-2026-000001', issuedAt: 1, amountCents: 3200 },
    { kind: 'STATEMENT', uuid: 'i1', number: 'RV-2026-1', issuedAt: 1, amountCents: 3200 },
  ],
};

const USER_EVENTS: DepositorDressingEvent[] = [
  { type: 'dressing.filter', deposit: 'A' },
  { type: 'dressing.filter', deposit: null },
  { type: 'dressing.more' },
  { type: 'dressing.reload' },
  { type: 'dressing.retry' },
  { type: 'dressing.download', uuid: 'p1' },
  { type: 'dressing.download', uuid: 'unknown' },
];
/** The simple paths walk the filter, the next screenful and a download. */
const SIMPLE_EVENTS: DepositorDressingEvent[] = [
  { type: 'dressing.filter', deposit: 'A' },
  { type: 'dressing.more' },
  { type: 'dressing.download', uuid: 'p1' },
];
const SETTLE = [
  done('fetchDressing', ANSWER),
  failure('fetchDressing', new ConnectError('Bad Gateway', Code.Unavailable)),
  done('downloadStatement'),
  failure('downloadStatement', new ConnectError('No', Code.PermissionDenied)),
];

function check(s: Snapshot, { where, started, previous, event }: StepInfo<Snapshot>): void {
  const c = s.context;
  for (const actor of started) {
    if (actor.id === 'fetchDressing') expect(actor.input, where).toEqual({ customer: '' });
    // A download fetches the statement asked for, with its kind.
    if (actor.id === 'downloadStatement') expect(actor.input, where).toEqual(ANSWER.statements[0]);
  }
  // The page never shows fewer than a screenful, nor more than one beyond what there is.
  expect(c.shown % PAGE_SIZE, where).toBe(0);
  expect(c.shown, where).toBeGreaterThanOrEqual(PAGE_SIZE);
  if (c.items.length > 0) {
    expect(c.shown - filteredItems(c).length, where).toBeLessThan(PAGE_SIZE);
    expect(
      depositsOf(c.items).map((d) => [d.uuid, d.count]),
      where,
    ).toEqual([
      ['A', 3],
      ['B', 1],
    ]);
  }
  if (s.matches('ready') || s.matches('downloading')) {
    expect(c.items, where).toEqual(ANSWER.items);
    expect([c.owedCents, c.paidCents], where).toEqual([1500, 3200]);
  }
  expect(c.downloading !== null, where).toBe(s.matches('downloading'));
  if (!previous) return;
  // Changing the deposit goes back to the first screenful.
  if (event.type === 'dressing.filter' && c.deposit !== previous.context.deposit)
    expect(c.shown, where).toBe(PAGE_SIZE);
  // A statement the page does not list is never fetched.
  if (
    event.type === 'dressing.download' &&
    (event as unknown as { uuid: string }).uuid === 'unknown'
  )
    expect(s.matches('downloading'), where).toBe(false);
  // A failed download leaves the items and totals as they were, and says why.
  if (event.type === 'xstate.error.actor.downloadStatement') {
    expect(c.downloadError, where).toBe('forbidden');
    expect(c.items, where).toBe(previous.context.items);
  }
}

const walk = walkPaths({
  machine: depositorDressingMachine,
  input: { pageSize: PAGE_SIZE },
  events: [...USER_EVENTS, ...SETTLE],
  errorOf: (s) => s.context.errorCode,
  check,
});

describePaths('depositorDressingMachine', walk, {
  title: 'of loading, filtering, showing more and downloading',
  events: [...SIMPLE_EVENTS, ...SETTLE],
  atLeast: () => 6,
});
