import { create, type MessageInitShape } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { HandlerContext } from '@connectrpc/connect';
import { sql } from 'kysely';
import {
  ListNoticesResponseSchema,
  MarkNoticesReadResponseSchema,
  NoticeKind,
  NoticeSchema,
  NotificationService,
  StreamNoticesResponseSchema,
  type ListNoticesRequest,
  type MarkNoticesReadRequest,
  type Notice,
  type StreamNoticesRequest,
} from '../../../src/rpc/gen/seconde/v1/notification_pb.ts';
import { PayoutMethod } from '../../../src/rpc/gen/seconde/v1/payout_pb.ts';
import { requireCaller } from '../../crud/crudService.ts';
import type { ServiceDeps } from '../deps.ts';
import { implement } from '../implement.ts';
import { onNoticeWritten } from './noticeBus.ts';
import type { NoticePayload } from './notify.ts';

/** A stream reads again this often when this process heard of nothing (another process, a slow commit). */
export const NOTICE_POLL_MS = 2_000;
/** An empty message at least this often keeps proxies from closing an idle stream. */
export const NOTICE_HEARTBEAT_MS = 25_000;
/** A woken stream waits this long, so the transaction that woke it has committed. */
const WAKE_DELAY_MS = 60;
/** Notices sent per message at most; a long absence comes back in several. */
const BATCH = 100;
/** Notices a List answers when the request names no number. */
export const NOTICE_LIST_DEFAULT = 20;

interface NoticeRow {
  seq: string;
  kind: string;
  payload: NoticePayload;
  created_at: Date;
}

/** Resolves after `ms`, when woken, or when the caller goes away. */
function pause(ms: number, signal: AbortSignal, wake: { resolve?: () => void }): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      wake.resolve = undefined;
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
    wake.resolve = () => setTimeout(done, WAKE_DELAY_MS);
  });
}

const KINDS: Record<string, NoticeKind> = {
  ITEM_SOLD: NoticeKind.ITEM_SOLD,
  ITEM_RESERVED: NoticeKind.ITEM_RESERVED,
  DEPOSIT_ASSIGNED: NoticeKind.DEPOSIT_ASSIGNED,
  PAYOUT_SENT: NoticeKind.PAYOUT_SENT,
  TASK_FINISHED: NoticeKind.TASK_FINISHED,
};

const METHODS: Record<string, PayoutMethod> = {
  BANK_TRANSFER: PayoutMethod.BANK_TRANSFER,
  CASH: PayoutMethod.CASH,
  CHEQUE: PayoutMethod.CHEQUE,
  STORE_CREDIT: PayoutMethod.STORE_CREDIT,
};

function toNotice(row: NoticeRow): Notice {
  const p = row.payload;
  return create(NoticeSchema, {
    seq: BigInt(row.seq),
    kind: KINDS[row.kind] ?? NoticeKind.UNSPECIFIED,
    createdAt: timestampFromDate(row.created_at),
    product: p.product ?? '',
    itemName: p.itemName ?? '',
    itemReference: p.itemReference ?? '',
    amountCents: BigInt(p.amountCents ?? 0),
    deposit: p.deposit ?? '',
    depositName: p.depositName ?? '',
    payoutMethod: METHODS[p.payoutMethod ?? ''] ?? PayoutMethod.UNSPECIFIED,
    receiptNumber: p.receiptNumber ?? '',
    task: p.task ?? '',
    taskLabel: p.taskLabel ?? '',
    taskFailed: p.taskFailed ?? false,
  });
}

/**
 * NotificationService: Stream, the caller's notices after `after_seq` (or, opened `from_now`, none
 * written before), then each new one as it commits, with a heartbeat while quiet. Scoped to the
 * caller's identity alone: nothing in the request can name another user. List and MarkRead, the
 * latest notices with the caller's read state, for a tab that was not open when they came.
 */
export function noticeCallsHandlers(deps: ServiceDeps) {
  const { db, mailer } = deps;

  // The depositor mails notify queues leave once their transaction has committed.
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  onNoticeWritten((_recipients, mailQueued) => {
    if (!mailQueued || flushTimer) return;
    flushTimer = setTimeout(() => {
      flushTimer = undefined;
      void mailer.flush(db);
    }, 500);
    flushTimer.unref();
  });

  async function* stream(
    req: StreamNoticesRequest,
    ctx: HandlerContext,
  ): AsyncGenerator<MessageInitShape<typeof StreamNoticesResponseSchema>> {
    const caller = requireCaller(ctx);
    const recipient = caller.sub;
    const wake: { resolve?: () => void } = {};
    const unsubscribe = onNoticeWritten((recipients) => {
      if (recipients.includes(recipient)) wake.resolve?.();
    });
    try {
      const { rows: counter } = await sql<{ last_seq: string }>`
        select last_seq from notice_counter where recipient = ${recipient}`.execute(db);
      const latest = BigInt(counter[0]?.last_seq ?? 0);
      let cursor = req.fromNow ? latest : req.afterSeq;
      // The first message says the stream is open, and where a fresh tab starts.
      yield { notices: [], lastSeq: latest > cursor ? latest : cursor };
      let lastSent = Date.now();
      while (!ctx.signal.aborted) {
        const { rows } = await sql<NoticeRow>`
          select seq::text as seq, kind::text as kind, payload, created_at from notice
          where recipient = ${recipient} and seq > ${cursor.toString()}::bigint
          order by seq limit ${BATCH}`.execute(db);
        if (rows.length > 0) {
          const notices = rows.map(toNotice);
          cursor = notices.at(-1)!.seq;
          yield create(StreamNoticesResponseSchema, { notices, lastSeq: cursor });
          lastSent = Date.now();
          if (rows.length === BATCH) continue;
        } else if (Date.now() - lastSent >= NOTICE_HEARTBEAT_MS) {
          yield { notices: [], lastSeq: cursor };
          lastSent = Date.now();
        }
        await pause(NOTICE_POLL_MS, ctx.signal, wake);
      }
    } finally {
      unsubscribe();
    }
  }

  /** The caller's latest seq and how far they have read, both 0 for a user never told anything. */
  async function standing(recipient: string): Promise<{ lastSeq: bigint; readSeq: bigint }> {
    const { rows } = await sql<{ last_seq: string | null; read_seq: string | null }>`
      select (select last_seq from notice_counter where recipient = ${recipient})::text as last_seq,
        (select read_seq from notice_read where recipient = ${recipient})::text as read_seq`.execute(
      db,
    );
    return { lastSeq: BigInt(rows[0]?.last_seq ?? 0), readSeq: BigInt(rows[0]?.read_seq ?? 0) };
  }

  /** NotificationService.List: the caller's latest notices, newest first, and where reading stands. */
  async function list(req: ListNoticesRequest, ctx: HandlerContext) {
    const recipient = requireCaller(ctx).sub;
    const limit = req.limit > 0 ? req.limit : NOTICE_LIST_DEFAULT;
    const { rows } = await sql<NoticeRow>`
      select seq::text as seq, kind::text as kind, payload, created_at from notice
      where recipient = ${recipient} order by seq desc limit ${limit}`.execute(db);
    const { lastSeq, readSeq } = await standing(recipient);
    return create(ListNoticesResponseSchema, {
      notices: rows.map(toNotice),
      lastSeq,
      readSeq: readSeq > lastSeq ? lastSeq : readSeq,
    });
  }

  /**
   * NotificationService.MarkRead: the caller's notices up to `up_to_seq` (at most their latest)
   * are read; read ones stay read, whatever the seq sent.
   */
  async function markRead(req: MarkNoticesReadRequest, ctx: HandlerContext) {
    const recipient = requireCaller(ctx).sub;
    const { lastSeq } = await standing(recipient);
    const upTo = req.upToSeq > lastSeq ? lastSeq : req.upToSeq;
    const { rows } = await sql<{ read_seq: string }>`
      insert into notice_read (recipient, read_seq) values (${recipient}, ${upTo.toString()}::bigint)
      on conflict (recipient) do update
        set read_seq = greatest(notice_read.read_seq, excluded.read_seq)
      returning read_seq::text as read_seq`.execute(db);
    return create(MarkNoticesReadResponseSchema, { readSeq: BigInt(rows[0]!.read_seq) });
  }

  return [implement(NotificationService, { stream, list, markRead })] as const;
}
