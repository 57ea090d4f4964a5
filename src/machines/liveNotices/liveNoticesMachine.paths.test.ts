import { describe, expect, it } from 'vitest';
import { fromCallback, type SnapshotFrom } from 'xstate';
import { describePaths, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import {
  MAX_ATTEMPTS,
  RETRY_DELAYS,
  liveNoticesMachine,
  retryDelay,
  type LiveNotice,
  type LiveNoticesEmitted,
  type LiveNoticesEvent,
} from './liveNoticesMachine.ts';
import { noticeMessage } from './noticeMessage.ts';

type Snapshot = SnapshotFrom<typeof liveNoticesMachine>;

const notice = (seq: number, kind: LiveNotice['kind'] = 'ITEM_SOLD'): LiveNotice => ({
  seq,
  createdAt: 1_700_000_000_000 + seq * 60_000,
  kind,
  product: `p${seq}`,
  itemName: `Article ${seq}`,
  amountCents: 1250,
  deposit: 'd1',
  depositName: 'Printemps',
  payoutMethod: kind === 'PAYOUT_SENT' ? 'CHEQUE' : '',
  receiptNumber: kind === 'PAYOUT_SENT' ? 'R-2026-000001' : '',
  taskLabel: '',
  taskFailed: false,
  forDepositor: true,
});

/** Two opens (a fresh user, one with history), batches in and out of order, a repeat, drops. */
const EVENTS: LiveNoticesEvent[] = [
  { type: 'session.signedIn' },
  { type: 'session.signedOut' },
  { type: 'notices.opened', lastSeq: 0 },
  { type: 'notices.opened', lastSeq: 4 },
  { type: 'notices.received', notices: [notice(5), notice(6, 'PAYOUT_SENT')] },
  { type: 'notices.received', notices: [notice(6, 'PAYOUT_SENT')] },
  { type: 'notices.received', notices: [notice(8), notice(7, 'ITEM_RESERVED')] },
  { type: 'notices.dropped' },
];

function check(s: Snapshot, { where, event, previous, emitted, started }: StepInfo<Snapshot>) {
  // The stream runs exactly while following.
  expect('followNotices' in s.children, where).toBe(s.matches('following'));
  if (s.matches('signedOut')) expect(s.context, where).toEqual({ lastSeq: null, attempt: 0 });
  if (s.matches({ following: 'live' })) expect(s.context.lastSeq, where).not.toBeNull();
  // A stream opens from now the first time, after the last seq shown every later time.
  for (const call of started)
    expect(call.input, where).toEqual(
      previous?.context.lastSeq == null
        ? { fromNow: true }
        : { afterSeq: previous.context.lastSeq },
    );
  const shown = (emitted as LiveNoticesEmitted[]).map((e) => e.notice.seq);
  if (event.type === 'notices.received' && previous?.matches('following')) {
    const last = previous.context.lastSeq ?? 0;
    const { notices } = event as Extract<LiveNoticesEvent, { type: 'notices.received' }>;
    // Each new notice once, in seq order; none at or below what was shown.
    const expected = [...new Set(notices.map((n) => n.seq))].filter((q) => q > last).sort();
    expect(shown, where).toEqual(expected);
    expect(s.context.lastSeq, where).toBe(Math.max(last, ...notices.map((n) => n.seq)));
  } else expect(shown, where).toEqual([]);
  // The cursor never goes back while signed in.
  if (previous && !s.matches('signedOut') && previous.context.lastSeq !== null)
    expect(s.context.lastSeq!, where).toBeGreaterThanOrEqual(previous.context.lastSeq);
  if (event.type === 'notices.opened' && previous?.matches({ following: 'connecting' }))
    expect(s.context.attempt, where).toBe(0);
  // Drops in a row wait longer each time, up to the longest.
  if (s.matches('reconnecting')) {
    const names = ['soon', 'later', 'latest'] as const;
    const wait = names.find((name) => s.matches({ reconnecting: name }));
    expect(wait, where).toBeDefined();
    expect(RETRY_DELAYS[wait!], where).toBe(retryDelay(s.context.attempt));
    expect(s.context.attempt, where).toBeLessThanOrEqual(MAX_ATTEMPTS);
  }
}

describePaths(
  'liveNoticesMachine',
  walkPaths({
    machine: liveNoticesMachine,
    events: EVENTS,
    // The stream is a subscription: the path sends its messages and its drops.
    provide: { followNotices: fromCallback(() => () => {}) },
    busyTag: null,
    check,
  }),
  {
    title: 'of signing in, receiving and dropping',
    events: [EVENTS[0]!, EVENTS[1]!, EVENTS[3]!, EVENTS[4]!],
    atLeast: () => 5,
  },
);

describe('live notices', () => {
  it('waits longer while drops repeat, at most 30 s', () => {
    expect([1, 2, 3, 4].map(retryDelay)).toEqual([1_000, 5_000, 5_000, 30_000]);
  });

  it('builds each notice from its kind and fields, never from a server text', () => {
    expect(noticeMessage(notice(1))).toMatchObject({
      titleKey: 'notices.itemSoldTitle',
      textKey: 'notices.itemSoldDepositor',
      values: { item: 'Article 1' },
      amountCents: 1250,
      href: '/dressing',
    });
    expect(noticeMessage({ ...notice(1), forDepositor: false })).toMatchObject({
      textKey: 'notices.itemSoldVendor',
      href: '/product/p1',
    });
    expect(noticeMessage({ ...notice(2, 'ITEM_RESERVED'), itemName: ' ' })).toMatchObject({
      values: {},
      fallback: { name: 'item', key: 'notices.untitledItem' },
    });
    expect(noticeMessage(notice(3, 'PAYOUT_SENT'))).toMatchObject({
      methodKey: 'notices.methodCheque',
      values: { receipt: 'R-2026-000001' },
    });
    expect(
      noticeMessage({ ...notice(4, 'TASK_FINISHED'), taskLabel: 'Import', taskFailed: true }),
    ).toMatchObject({ textKey: 'notices.taskFailed', intent: 'warning' });
    expect(noticeMessage({ ...notice(5, 'DEPOSIT_ASSIGNED') })).toMatchObject({
      values: { deposit: 'Printemps' },
      href: '/deposit/d1',
    });
  });
});
