import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import { checkPagedStep } from '../shared/pagedListPaths.ts';
import {
  isValidPeriod,
  restitutionListMachine,
  type ReceiptListEvent,
  type ReceiptListQuery,
  type ReceiptRow,
} from './restitutionListMachine.ts';

type Snapshot = SnapshotFrom<typeof restitutionListMachine>;

const row = (uuid: string, day: string, accepted: boolean): ReceiptRow => ({
  uuid,
  deposit: `deposit-${uuid}`,
  depositName: `Dépôt ${uuid}`,
  depositorName: 'Odile Martin',
  restitutedAt: `${day}T10:00:00.000Z`,
  itemCount: 2,
  accepted,
  acceptedAt: accepted ? `${day}T18:00:00.000Z` : null,
  acceptedThrough: accepted ? 'EMAIL_LINK' : null,
});
// Newest first, as the server orders them.
const RECEIPTS = [
  row('r3', '2026-05-20', false),
  row('r2', '2026-04-05', true),
  row('r1', '2026-03-10', false),
];

/** What the server answers: the receipts of the status and period, one page of them. */
function answer(q: ReceiptListQuery) {
  const hits = RECEIPTS.filter(
    (r) =>
      (q.status === 'ALL' || r.accepted === (q.status === 'ACCEPTED')) &&
      (!q.from || r.restitutedAt.slice(0, 10) >= q.from) &&
      (!q.to || r.restitutedAt.slice(0, 10) <= q.to),
  );
  const start = (q.page - 1) * q.pageSize;
  return { rows: hits.slice(start, start + q.pageSize), count: hits.length };
}
const queryOf = (s: Snapshot): ReceiptListQuery => ({
  page: s.context.page,
  pageSize: s.context.pageSize,
  status: s.context.status,
  from: s.context.from,
  to: s.context.to,
});

const USER_EVENTS: ReceiptListEvent[] = [
  { type: 'list.filter', status: 'WAITING', from: '', to: '' },
  { type: 'list.filter', status: 'ALL', from: '2026-04-01', to: '2026-05-31' },
  { type: 'list.filter', status: 'ALL', from: '2026-05-31', to: '2026-04-01' },
  { type: 'list.page', page: 2 },
  { type: 'list.page', page: 1 },
  { type: 'list.retry' },
  { type: 'receipt.download', uuid: 'r3' },
  { type: 'receipt.download', uuid: 'r1' },
];
const down = new ConnectError('Bad Gateway', Code.Unavailable);
const events = (s: Snapshot) => [
  ...USER_EVENTS,
  done('fetchReceipts', answer(queryOf(s))),
  failure('fetchReceipts', down),
  done('downloadReceipt'),
  failure('downloadReceipt', down),
];

function check(s: Snapshot, step: StepInfo<Snapshot>): void {
  const { where, event, previous, started } = step;
  const c = s.context;
  if (!s.matches('downloading')) checkPagedStep(s, step, queryOf(s));
  // The server is only asked for a valid period; an invalid one is said and kept.
  expect(s.hasTag('invalid'), where).toBe(!isValidPeriod(c.from, c.to));
  if (s.matches('ready')) expect(c.rows, where).toEqual(answer(queryOf(s)).rows);
  // A download names a receipt on screen, and only one runs at a time.
  for (const actor of started.filter((a) => a.id === 'downloadReceipt')) {
    expect(
      previous?.context.rows.map((r) => r.uuid),
      where,
    ).toContain(c.downloading);
    expect(actor.input, where).toEqual({ uuid: c.downloading });
  }
  expect(c.downloading !== null, where).toBe(s.matches('downloading'));
  if (event.type === 'xstate.error.actor.downloadReceipt')
    expect(c.refusalKey, where).toBe('errors.unavailable');
  if (previous && event.type === 'list.filter') expect(c.page, where).toBe(1);
}

const walk = walkPaths({
  machine: restitutionListMachine,
  input: { pageSize: 2 },
  events,
  errorOf: (s) => s.context.errorCode,
  check,
});

// Without the filters, the simple paths stay countable.
describePaths('restitutionListMachine', walk, {
  title: 'of paging and downloading',
  events: (s) => events(s).filter((e) => e.type !== 'list.filter'),
  atLeast: () => 3,
});
