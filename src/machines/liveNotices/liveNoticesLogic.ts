import { fromCallback } from 'xstate';
import { Code, ConnectError } from '@connectrpc/connect';
import type { ClientFactory } from '../../rpc/clients.ts';
import {
  NoticeKind,
  NotificationService,
  type Notice,
} from '../../rpc/gen/seconde/v1/notification_pb.ts';
import { timestampMs } from '@bufbuild/protobuf/wkt';
import { PayoutMethod } from '../../rpc/gen/seconde/v1/payout_pb.ts';
import {
  liveNoticesMachine,
  type LiveNotice,
  type LiveNoticeKind,
  type LiveNoticesEvent,
  type NoticeCursor,
} from './liveNoticesMachine.ts';
import { announceArrivals } from './noticeArrivals.ts';

const KINDS: Partial<Record<NoticeKind, LiveNoticeKind>> = {
  [NoticeKind.ITEM_SOLD]: 'ITEM_SOLD',
  [NoticeKind.ITEM_RESERVED]: 'ITEM_RESERVED',
  [NoticeKind.DEPOSIT_ASSIGNED]: 'DEPOSIT_ASSIGNED',
  [NoticeKind.PAYOUT_SENT]: 'PAYOUT_SENT',
  [NoticeKind.TASK_FINISHED]: 'TASK_FINISHED',
};

const METHODS: Partial<Record<PayoutMethod, string>> = {
  [PayoutMethod.BANK_TRANSFER]: 'BANK_TRANSFER',
  [PayoutMethod.CASH]: 'CASH',
  [PayoutMethod.CHEQUE]: 'CHEQUE',
  [PayoutMethod.STORE_CREDIT]: 'STORE_CREDIT',
};

/** A notice of the contract as the machine holds it; an unknown kind (a newer server) is skipped. */
export function liveNoticeOf(notice: Notice, isCustomer: boolean): LiveNotice | null {
  const kind = KINDS[notice.kind];
  if (!kind) return null;
  return {
    seq: Number(notice.seq),
    kind,
    createdAt: notice.createdAt ? timestampMs(notice.createdAt) : 0,
    product: notice.product,
    itemName: notice.itemName,
    amountCents: Number(notice.amountCents),
    deposit: notice.deposit,
    depositName: notice.depositName,
    payoutMethod: METHODS[notice.payoutMethod] ?? '',
    receiptNumber: notice.receiptNumber,
    taskLabel: notice.taskLabel,
    taskFailed: notice.taskFailed,
    forDepositor: isCustomer,
  };
}

/**
 * The live notices machine over the notification service: the stream runs until the machine
 * leaves `following` (aborted then), and tells the machine when it opens, what it brings and when
 * it drops. `isCustomer` tells a depositor's sale notice (their share) from a vendor's.
 */
export function liveNoticesLogic(clients: ClientFactory, isCustomer: () => boolean) {
  const notices = clients.get(NotificationService, 'notification');
  return liveNoticesMachine.provide({
    actors: {
      followNotices: fromCallback<LiveNoticesEvent, NoticeCursor>(({ input, sendBack }) => {
        const controller = new AbortController();
        const request =
          'fromNow' in input ? { fromNow: true } : { afterSeq: BigInt(input.afterSeq) };
        void (async () => {
          try {
            let opened = false;
            for await (const message of notices.stream(request, { signal: controller.signal })) {
              if (!opened) {
                opened = true;
                sendBack({ type: 'notices.opened', lastSeq: Number(message.lastSeq) });
              }
              const received = message.notices
                .map((n) => liveNoticeOf(n, isCustomer()))
                .filter((n): n is LiveNotice => n !== null);
              if (received.length) {
                sendBack({ type: 'notices.received', notices: received });
                announceArrivals();
              }
            }
          } catch (error) {
            if (controller.signal.aborted || ConnectError.from(error).code === Code.Canceled)
              return;
          }
          if (!controller.signal.aborted) sendBack({ type: 'notices.dropped' });
        })();
        return () => controller.abort();
      }),
    },
  });
}
