import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { toAppError, type AppErrorCode } from '../../rpc/errors.ts';
import type { LiveNotice } from './liveNoticesMachine.ts';

/** The user's latest notices (newest first) and how far they have read, as the server keeps it. */
export interface NoticeInbox {
  readonly notices: readonly LiveNotice[];
  /** Every notice with a seq up to this one is read. */
  readonly readSeq: number;
  /** The user's latest seq. */
  readonly lastSeq: number;
}

export interface NoticeInboxContext extends NoticeInbox {
  /** Set exactly while the machine is in a state tagged `error`. */
  readonly errorCode: AppErrorCode | null;
}

export type NoticeInboxEvent =
  | { type: 'inbox.open' }
  | { type: 'inbox.close' }
  | { type: 'inbox.markRead' }
  | { type: 'inbox.retry' }
  /** The live stream showed a new notice: the list and the count are read again. */
  | { type: 'notices.arrived' };

/** How many of the user's notices are unread, counted or not in the list (seqs have no gaps). */
export function unreadCount(context: Pick<NoticeInbox, 'readSeq' | 'lastSeq'>): number {
  return Math.max(0, context.lastSeq - context.readSeq);
}

/** Whether the panel marks this notice unread. */
export function isUnread(context: Pick<NoticeInbox, 'readSeq'>, notice: LiveNotice): boolean {
  return notice.seq > context.readSeq;
}

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`The notice inbox actor "${name}" was not provided`));

/**
 * The notices panel of the top bar: the user's latest notices, read on sign-in for the unread
 * count and again each time the panel opens or a live notice arrives, so a tab opened after the
 * notices came still shows them. Marking read sends the newest seq the panel showed (a notice
 * that came after it stays unread); the read state is the server's, the same in every tab.
 */
export const noticeInboxMachine = setup({
  types: {
    context: {} as NoticeInboxContext,
    events: {} as NoticeInboxEvent,
  },
  actors: {
    listNotices: fromPromise<NoticeInbox>(notProvided('listNotices')),
    markNoticesRead: fromPromise<number, { upToSeq: number }>(notProvided('markNoticesRead')),
    // The app provides the real one (noticeInboxLogic.ts): it sends notices.arrived.
    watchArrivals: fromCallback<NoticeInboxEvent>(() => undefined),
  },
  guards: {
    hasUnread: ({ context }) => context.notices.some((n) => isUnread(context, n)),
  },
  actions: {
    assignInbox: assign((_, params: NoticeInbox) => ({ ...params, errorCode: null })),
    assignReadSeq: assign(({ context }, params: { readSeq: number }) => ({
      readSeq: Math.max(context.readSeq, params.readSeq),
    })),
    assignError: assign((_, params: { error: unknown }) => ({
      errorCode: toAppError(params.error).code,
    })),
    clearError: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'noticeInbox',
  initial: 'closed',
  context: { notices: [], readSeq: 0, lastSeq: 0, errorCode: null },
  invoke: { id: 'watchArrivals', src: 'watchArrivals' },
  states: {
    closed: {
      initial: 'loading',
      on: { 'inbox.open': 'open' },
      states: {
        loading: {
          tags: 'busy',
          invoke: {
            id: 'listNotices',
            src: 'listNotices',
            onDone: {
              target: 'idle',
              actions: { type: 'assignInbox', params: ({ event }) => event.output },
            },
            onError: {
              target: 'failed',
              actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        idle: { on: { 'notices.arrived': 'loading' } },
        // The count could not be read; opening the panel or the next notice tries again.
        failed: { tags: 'error', exit: 'clearError', on: { 'notices.arrived': 'loading' } },
      },
    },
    open: {
      tags: 'open',
      initial: 'loading',
      on: { 'inbox.close': 'closed.idle' },
      states: {
        loading: {
          tags: 'busy',
          invoke: {
            id: 'listNotices',
            src: 'listNotices',
            onDone: {
              target: 'showing',
              actions: { type: 'assignInbox', params: ({ event }) => event.output },
            },
            onError: {
              target: 'failed',
              actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        showing: {
          on: {
            'inbox.markRead': { guard: 'hasUnread', target: 'marking' },
            'notices.arrived': 'loading',
          },
        },
        marking: {
          tags: 'busy',
          invoke: {
            id: 'markNoticesRead',
            src: 'markNoticesRead',
            input: ({ context }) => ({ upToSeq: context.notices[0]?.seq ?? 0 }),
            onDone: {
              target: 'showing',
              actions: {
                type: 'assignReadSeq',
                params: ({ event }) => ({ readSeq: event.output }),
              },
            },
            onError: {
              target: 'failed',
              actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        failed: { tags: 'error', exit: 'clearError', on: { 'inbox.retry': 'loading' } },
      },
    },
  },
});
