import { describe, expect, it } from 'vitest';
import { fromCallback, type SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import type { LiveNotice } from './liveNoticesMachine.ts';
import {
  isUnread,
  noticeInboxMachine,
  unreadCount,
  type NoticeInbox,
  type NoticeInboxEvent,
} from './noticeInboxMachine.ts';

type Snapshot = SnapshotFrom<typeof noticeInboxMachine>;

const notice = (seq: number): LiveNotice => ({
  seq,
  createdAt: 1_700_000_000_000 + seq * 60_000,
  kind: 'ITEM_SOLD',
  product: `p${seq}`,
  itemName: `Article ${seq}`,
  amountCents: 1250,
  deposit: 'd1',
  depositName: 'Printemps',
  payoutMethod: '',
  receiptNumber: '',
  taskLabel: '',
  taskFailed: false,
  forDepositor: true,
});

/** Two unread of three, and later everything read. */
const UNREAD: NoticeInbox = { notices: [notice(3), notice(2), notice(1)], readSeq: 1, lastSeq: 3 };
const READ: NoticeInbox = { ...UNREAD, readSeq: 3 };
const ERROR = new Error('offline');

const EVENTS: NoticeInboxEvent[] | ReturnType<typeof done>[] = [
  { type: 'inbox.open' },
  { type: 'inbox.close' },
  { type: 'inbox.markRead' },
  { type: 'inbox.retry' },
  { type: 'notices.arrived' },
  done('listNotices', UNREAD),
  done('listNotices', READ),
  failure('listNotices', ERROR),
  done('markNoticesRead', 3),
  failure('markNoticesRead', ERROR),
];

function check(s: Snapshot, { where, event, previous, started }: StepInfo<Snapshot>) {
  expect(s.hasTag('open'), where).toBe(s.matches('open'));
  // Marking read sends the newest seq the panel showed, never more.
  for (const call of started.filter((c) => c.id === 'markNoticesRead'))
    expect(call.input, where).toEqual({ upToSeq: previous!.context.notices[0]!.seq });
  // Read stays read: the read seq never goes back but for a new list from the server.
  if (previous && event.type !== 'xstate.done.actor.listNotices')
    expect(s.context.readSeq, where).toBeGreaterThanOrEqual(previous.context.readSeq);
  if (s.matches({ open: 'marking' })) expect(previous!.context.readSeq, where).toBeLessThan(3);
  expect(unreadCount(s.context), where).toBe(s.context.lastSeq - s.context.readSeq);
  expect(s.context.notices.filter((n) => isUnread(s.context, n)).length, where).toBeLessThanOrEqual(
    unreadCount(s.context),
  );
  // Each open and each arrival reads the list again.
  if (
    previous &&
    (event.type === 'inbox.open' ||
      (event.type === 'notices.arrived' && !previous.matches({ open: 'failed' })))
  )
    expect(
      started.map((c) => c.id),
      where,
    ).toEqual(
      s.matches({ open: 'loading' }) || s.matches({ closed: 'loading' }) ? ['listNotices'] : [],
    );
}

describePaths(
  'noticeInboxMachine',
  walkPaths({
    machine: noticeInboxMachine,
    events: EVENTS as never,
    provide: { watchArrivals: fromCallback(() => () => {}) },
    check,
  }),
  {
    title: 'of opening, reading and closing',
    events: [EVENTS[0]!, EVENTS[1]!, EVENTS[2]!, EVENTS[5]!, EVENTS[8]!] as never,
    limit: 60,
    atLeast: () => 5,
  },
);

describe('notice inbox', () => {
  it('counts unread notices beyond the listed ones, since seqs have no gaps', () => {
    expect(unreadCount({ readSeq: 4, lastSeq: 30 })).toBe(26);
    expect(unreadCount({ readSeq: 30, lastSeq: 30 })).toBe(0);
    expect(isUnread({ readSeq: 4 }, notice(5))).toBe(true);
    expect(isUnread({ readSeq: 5 }, notice(5))).toBe(false);
  });
});
