import { Code, ConnectError } from '@connectrpc/connect';
import { StreamCode } from '../../rpc/gen/seconde/v1/common_pb.ts';
import { frameBatched, type FrameScheduler } from '../shared/progress.impl.ts';
import { readResumable, type MessageOutcome } from './resumableStream.ts';

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

export interface ConsumeOptions<Row = unknown> extends StreamHooks {
  readonly signal: AbortSignal;
  /** Reconnections after consecutive drops before giving up. */
  readonly retries?: number;
  /** Wait before the n-th reconnection (1-based), in ms. */
  readonly backoff?: (attempt: number) => number;
  /** Test seam: how waiting is done (rejects when `signal` aborts). */
  readonly sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Test seam: when progress reports are sent. */
  readonly schedule?: FrameScheduler;
  /**
   * Each message's rows as they arrive, with every label received so far (this message's
   * included): given this, the rows are handed over and not kept.
   */
  readonly onRows?: (rows: readonly Row[], labels: ReadonlyMap<string, string>) => void;
}

export interface StreamResult<Row> {
  readonly rows: Row[];
  /** uuid → display name, merged over every (re)connection. */
  readonly labels: Map<string, string>;
  readonly count: number;
}

export {
  DEFAULT_RETRIES,
  abortableSleep,
  defaultBackoff,
  isDroppedConnection,
} from './resumableStream.ts';

const cancelled = () => new ConnectError('The export was cancelled', Code.Canceled);

const isData = (code: StreamCode) => code === StreamCode.PROGRESS || code === StreamCode.FINISH;

/**
 * Reads an export stream to its FINISH message, keeping every row (or handing each message's to
 * `onRows`) and every label. When the connection
 * drops it reconnects from the cursor of the last message received, so each row is kept exactly
 * once: a message is all or nothing, and the server resumes right after that cursor. Consecutive
 * drops are retried `retries` times with a growing wait; any message with rows resets the count.
 * Aborting `signal` stops at once with a Canceled error and never retries.
 */
export async function consumeStream<Row>(
  source: StreamSource<Row>,
  options: ConsumeOptions<Row>,
): Promise<StreamResult<Row>> {
  const { onSpecial, onRows } = options;
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

  await readResumable(
    (signal) => source(cursor, signal),
    (m): MessageOutcome => {
      if (!isData(m.code)) {
        onSpecial?.(m.message);
        return 'unchanged';
      }
      count = m.count;
      for (const uuid in m.labels) labels.set(uuid, m.labels[uuid]!);
      if (m.results.length > 0) {
        if (onRows) onRows(m.results, labels);
        else for (const row of m.results) rows.push(row);
        if (m.cursor) cursor = m.cursor;
        else resumable = false;
      }
      progress.push({ count, progress: m.progress });
      if (m.code === StreamCode.FINISH) return 'finished';
      return m.results.length > 0 ? 'advanced' : 'unchanged';
    },
    {
      signal: options.signal,
      retries: options.retries,
      backoff: options.backoff,
      sleep: options.sleep,
      cancelled,
      endedEarly: 'The export stream ended before FINISH',
      canResume: () => resumable,
    },
  );
  progress.flush();
  return { rows, labels, count };
}
