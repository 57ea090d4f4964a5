import { assign, enqueueActions, fromCallback, setup } from 'xstate';

/** What a notice is about (the contract's NoticeKind without its prefix). */
export type LiveNoticeKind =
  'ITEM_SOLD' | 'ITEM_RESERVED' | 'DEPOSIT_ASSIGNED' | 'PAYOUT_SENT' | 'TASK_FINISHED';

/** One notice as the tab shows it: what the server said, never a text it wrote. */
export interface LiveNotice {
  /** The user's own counter: the resume cursor. */
  readonly seq: number;
  readonly kind: LiveNoticeKind;
  /** When it was written, in ms (0 when unknown). */
  readonly createdAt: number;
  readonly product: string;
  readonly itemName: string;
  readonly amountCents: number;
  readonly deposit: string;
  readonly depositName: string;
  /** BANK_TRANSFER, CASH, CHEQUE, STORE_CREDIT or ''. */
  readonly payoutMethod: string;
  readonly receiptNumber: string;
  readonly taskLabel: string;
  readonly taskFailed: boolean;
  /** Whether the notice is the depositor's own (their share) rather than the vendor's. */
  readonly forDepositor: boolean;
}

/** Where the stream starts: after a seq the tab has shown, or (fresh tab) from now. */
export type NoticeCursor = { readonly afterSeq: number } | { readonly fromNow: true };

/** Waits before reconnecting: soon after a first drop, longer while drops repeat. */
export const RETRY_DELAYS = { soon: 1_000, later: 5_000, latest: 30_000 } as const;
/** Drops counted at most: beyond it every wait is the longest. */
export const MAX_ATTEMPTS = 4;

/** The wait before reconnecting after `attempt` drops in a row (1 or more). */
export function retryDelay(attempt: number): number {
  if (attempt <= 1) return RETRY_DELAYS.soon;
  return attempt < MAX_ATTEMPTS ? RETRY_DELAYS.later : RETRY_DELAYS.latest;
}

export interface LiveNoticesContext {
  /** The last seq shown; null until the first stream has said where the user stands. */
  readonly lastSeq: number | null;
  /** Failed or ended streams since the last one that opened. */
  readonly attempt: number;
}

export type LiveNoticesEvent =
  | { type: 'session.signedIn' }
  | { type: 'session.signedOut' }
  /** The stream is open; `lastSeq` is where the user stands. */
  | { type: 'notices.opened'; lastSeq: number }
  | { type: 'notices.received'; notices: readonly LiveNotice[] }
  /** The stream ended or broke (network, server restart): reconnect after a delay. */
  | { type: 'notices.dropped' };

export type LiveNoticesEmitted = { type: 'notice.arrived'; notice: LiveNotice };

/**
 * The tab's live notices: one stream while signed in, opened from now on the first connection and
 * resumed after the last seq shown on every reconnection (with a growing delay), so a dropped
 * connection loses nothing and shows nothing twice. Each new notice is emitted for the stack;
 * signing out stops the stream and forgets the cursor.
 */
export const liveNoticesMachine = setup({
  types: {
    context: {} as LiveNoticesContext,
    events: {} as LiveNoticesEvent,
    emitted: {} as LiveNoticesEmitted,
  },
  actors: {
    // The app provides the real stream (liveNoticesLogic.ts); it sends the notices.* events back.
    followNotices: fromCallback<LiveNoticesEvent, NoticeCursor>(() => undefined),
  },
  delays: RETRY_DELAYS,
  guards: {
    isFirstDrop: ({ context }) => context.attempt <= 1,
    isRepeatedDrop: ({ context }) => context.attempt < MAX_ATTEMPTS,
  },
  actions: {
    openAt: assign(({ context }, params: { lastSeq: number }) => ({
      lastSeq: context.lastSeq ?? params.lastSeq,
      attempt: 0,
    })),
    show: enqueueActions(({ context, enqueue }, params: { notices: readonly LiveNotice[] }) => {
      let last = context.lastSeq ?? 0;
      for (const notice of [...params.notices].sort((a, b) => a.seq - b.seq)) {
        // Already shown (a repeat after a reconnection would be a bug, never shown twice).
        if (notice.seq <= last) continue;
        last = notice.seq;
        enqueue.emit({ type: 'notice.arrived', notice });
      }
      enqueue.assign({ lastSeq: last });
    }),
    countAttempt: assign(({ context }) => ({
      attempt: Math.min(context.attempt + 1, MAX_ATTEMPTS),
    })),
    forget: assign({ lastSeq: null, attempt: 0 }),
  },
}).createMachine({
  id: 'liveNotices',
  initial: 'signedOut',
  context: { lastSeq: null, attempt: 0 },
  on: {
    'session.signedOut': { target: '.signedOut', actions: 'forget' },
  },
  states: {
    signedOut: {
      on: { 'session.signedIn': 'following' },
    },
    following: {
      initial: 'connecting',
      invoke: {
        id: 'followNotices',
        src: 'followNotices',
        input: ({ context }): NoticeCursor =>
          context.lastSeq === null ? { fromNow: true } : { afterSeq: context.lastSeq },
        onError: { target: 'reconnecting', actions: 'countAttempt' },
      },
      on: {
        'notices.received': {
          actions: { type: 'show', params: ({ event }) => ({ notices: event.notices }) },
        },
        'notices.dropped': { target: 'reconnecting', actions: 'countAttempt' },
      },
      states: {
        connecting: {
          on: {
            'notices.opened': {
              target: 'live',
              actions: { type: 'openAt', params: ({ event }) => ({ lastSeq: event.lastSeq }) },
            },
          },
        },
        live: {
          tags: 'live',
        },
      },
    },
    reconnecting: {
      initial: 'choosing',
      states: {
        choosing: {
          always: [
            { guard: 'isFirstDrop', target: 'soon' },
            { guard: 'isRepeatedDrop', target: 'later' },
            { target: 'latest' },
          ],
        },
        soon: { after: { soon: '#liveNotices.following' } },
        later: { after: { later: '#liveNotices.following' } },
        latest: { after: { latest: '#liveNotices.following' } },
      },
    },
  },
});
