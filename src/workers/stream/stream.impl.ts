import { Code, ConnectError } from '@connectrpc/connect';
import { StreamCode } from '../../rpc/gen/seconde/v1/common_pb.ts';
import { frameBatched, type FrameScheduler } from '../shared/progress.impl.ts';

/** One message of an export stream, whatever the exported kind (the four share this shape). */
export interface StreamMessage<Row> {
  readonly code: StreamCode;
  readonly count: number;
  readonly progress: number;
  readonly message: string;
  /** Resume point after this message's last row; '' on messages without rows. */
  readonly cursor: string;
  readonly results: readonly Row[];
  readonly labels: { readonly [uuid: string]: string };
}

/** Opens the stream again from `cursor` ('' = from the first row). */
export type StreamSource<Row> = (
  cursor: string,
  signal: AbortSignal,
) => AsyncIterable<StreamMessage<Row>>;

export interface StreamProgress {
  readonly count: number;
  readonly progress: number;
}

/** What the consumer tells its caller while it runs (Comlink proxies at the worker boundary). */
export interface StreamHooks {
  /** At most once per animation frame, the last value always sent. */
  readonly onProgress?: (progress: StreamProgress) => void;
  /** A message whose code is neither PROGRESS nor FINISH, passed on to the user. */
  readonly onSpecial?: (message: string) => void;
}

export interface ConsumeOptions extends StreamHooks {
  readonly signal: AbortSignal;
  /** Reconnections after consecutive drops before giving up. */
  readonly retries?: number;
  /** Wait before the n-th reconnection (1-based), in ms. */
  readonly backoff?: (attempt: number) => number;
  /** Test seam: how waiting is done (rejects when `signal` aborts). */
  readonly sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Test seam: when progress reports are sent. */
  readonly schedule?: FrameScheduler;
}

export interface StreamResult<Row> {
  readonly rows: Row[];
  /** uuid → display name, merged over every (re)connection. */
  readonly labels: Map<string, string>;
  readonly count: number;
}

export const DEFAULT_RETRIES = 4;

/** 0.5 s, 1 s, 2 s, 4 s...: enough for a proxy restart or a phone changing networks. */
export const defaultBackoff = (attempt: number) => 500 * 2 ** (attempt - 1);

export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(cancelled());
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(cancelled());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

const cancelled = () => new ConnectError('The export was cancelled', Code.Canceled);

/**
 * A connection that died under the export (network cut, proxy restart, server restarting) as
 * opposed to a refusal: only these are worth reconnecting for. A fetch that fails reaches us as
 * Unknown (TypeError, or a body that stopped before its end-of-stream frame).
 */
export function isDroppedConnection(error: unknown): boolean {
  const { code } = ConnectError.from(error);
  return code === Code.Unavailable || code === Code.Unknown || code === Code.DeadlineExceeded;
}

const isData = (code: StreamCode) => code === StreamCode.PROGRESS || code === StreamCode.FINISH;

/**
 * Reads an export stream to its FINISH message, keeping every row and label. When the connection
 * drops it reconnects from the cursor of the last message received, so each row is kept exactly
 * once: a message is all or nothing, and the server resumes right after that cursor. Consecutive
 * drops are retried `retries` times with a growing wait; any message with rows resets the count.
 * Aborting `signal` stops at once with a Canceled error and never retries.
 */
export async function consumeStream<Row>(
  source: StreamSource<Row>,
  options: ConsumeOptions,
): Promise<StreamResult<Row>> {
  const { signal, onSpecial } = options;
  const retries = options.retries ?? DEFAULT_RETRIES;
  const backoff = options.backoff ?? defaultBackoff;
  const sleep = options.sleep ?? abortableSleep;
  const progress = frameBatched<StreamProgress>(
    (value) => options.onProgress?.(value),
    options.schedule,
  );
  const rows: Row[] = [];
  const labels = new Map<string, string>();
  let count = 0;
  let cursor = '';
  // Rows without a cursor could not be resumed after without repeating them.
  let resumable = true;
  let drops = 0;

  const retryAfter = async (error: unknown) => {
    if (signal.aborted) throw cancelled();
    if (!resumable || !isDroppedConnection(error) || drops >= retries) throw error;
    drops += 1;
    await sleep(backoff(drops), signal);
  };

  for (;;) {
    if (signal.aborted) throw cancelled();
    let finished = false;
    try {
      for await (const m of source(cursor, signal)) {
        if (!isData(m.code)) {
          onSpecial?.(m.message);
          continue;
        }
        count = m.count;
        if (m.results.length > 0) {
          for (const row of m.results) rows.push(row);
          if (m.cursor) cursor = m.cursor;
          else resumable = false;
          drops = 0;
        }
        for (const uuid in m.labels) labels.set(uuid, m.labels[uuid]!);
        progress.push({ count, progress: m.progress });
        if (m.code === StreamCode.FINISH) {
          finished = true;
          break;
        }
      }
    } catch (error) {
      if (signal.aborted) throw cancelled();
      await retryAfter(error);
      continue;
    }
    if (finished) break;
    // The stream ended cleanly but without FINISH: the server went away between two messages.
    await retryAfter(new ConnectError('The export stream ended before FINISH', Code.Unavailable));
  }
  progress.flush();
  return { rows, labels, count };
}
