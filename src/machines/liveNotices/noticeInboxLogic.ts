import { fromCallback, fromPromise } from 'xstate';
import type { ClientFactory } from '../../rpc/clients.ts';
import { NotificationService } from '../../rpc/gen/seconde/v1/notification_pb.ts';
import { liveNoticeOf } from './liveNoticesLogic.ts';
import type { LiveNotice } from './liveNoticesMachine.ts';
import { onArrivals } from './noticeArrivals.ts';
import {
  noticeInboxMachine,
  type NoticeInbox,
  type NoticeInboxEvent,
} from './noticeInboxMachine.ts';

/** How many notices the panel lists. */
export const INBOX_SIZE = 20;

/**
 * The notices panel's machine over the notification service: List for the latest notices and
 * the read state, MarkRead to mark them read, and the live stream's arrivals to read again.
 * `isCustomer` tells a depositor's sale notice (their share) from a vendor's.
 */
export function noticeInboxLogic(clients: ClientFactory, isCustomer: () => boolean) {
  const notices = clients.get(NotificationService, 'notification');
  return noticeInboxMachine.provide({
    actors: {
      listNotices: fromPromise<NoticeInbox>(async ({ signal }) => {
        const answer = await notices.list({ limit: INBOX_SIZE }, { signal });
        return {
          notices: answer.notices
            .map((n) => liveNoticeOf(n, isCustomer()))
            .filter((n): n is LiveNotice => n !== null),
          readSeq: Number(answer.readSeq),
          lastSeq: Number(answer.lastSeq),
        };
      }),
      markNoticesRead: fromPromise<number, { upToSeq: number }>(async ({ input, signal }) => {
        const answer = await notices.markRead({ upToSeq: BigInt(input.upToSeq) }, { signal });
        return Number(answer.readSeq);
      }),
      watchArrivals: fromCallback<NoticeInboxEvent>(({ sendBack }) =>
        onArrivals(() => sendBack({ type: 'notices.arrived' })),
      ),
    },
  });
}
