import { Code, ConnectError } from '@connectrpc/connect';

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
 * A connection that died under the stream (network cut, proxy restart, server restarting) as
 * opposed to a refusal: only these are worth reconnecting for. A fetch that fails reaches us as
 * Unknown (TypeError, or a body that stopped before its end-of-stream frame).
 */
export function isDroppedConnection(error: unknown): boolean {
  const { code } = ConnectError.from(error);
  return code === Code.Unavailable || code === Code.Unknown || code === Code.DeadlineExceeded;
}

/**
 * What one message meant to its reader: the stream is done, it moved forward (the count of drops
 * starts over), or neither (a repeat, a notice).
 */
export type MessageOutcome = 'finished' | 'advanced' | 'unchanged';

export interface ResumableStreamOptions {
  readonly signal: AbortSignal;
  /** Reconnections after consecutive drops before giving up with the last error. */
  readonly retries?: number;
  /** Wait before the n-th reconnection in a row (1-based), in ms. */
  readonly backoff?: (attempt: number) => number;
  /** Test seam: how waiting is done (rejects when `signal` aborts). */
  readonly sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** The error thrown once `signal` aborts, in the reader's own words. */
  readonly cancelled: () => Error;
  /** What a stream that ends cleanly before `finished` says; it counts as a drop. */
  readonly endedEarly: string;
  /** Asked before reconnecting: false when what was read cannot be resumed without repeats. */
  readonly canResume?: () => boolean;
}

/**
 * Reads a server stream across dropped connections, the one reconnect loop of every streaming
 * worker. `open` is called for each connection, so it starts from the reader's latest resume
 * point (a cursor, a task) and its transport asks for the token of the moment: a token renewed
 * during a long stream is the one the next connection carries. A drop (see isDroppedConnection)
 * or a clean end before `finished` is retried `retries` times in a row with a growing wait;
 * a refusal is thrown at once. Aborting `signal` throws `cancelled()` and never retries.
 */
export async function readResumable<M>(
  open: (signal: AbortSignal) => AsyncIterable<M>,
  onMessage: (message: M) => MessageOutcome,
  options: ResumableStreamOptions,
): Promise<void> {
  const { signal } = options;
  const retries = options.retries ?? DEFAULT_RETRIES;
  const backoff = options.backoff ?? defaultBackoff;
  const sleep = options.sleep ?? abortableSleep;
  let drops = 0;
  for (;;) {
    if (signal.aborted) throw options.cancelled();
    let finished = false;
    let error: unknown = new ConnectError(options.endedEarly, Code.Unavailable);
    try {
      for await (const message of open(signal)) {
        const outcome = onMessage(message);
        if (outcome === 'advanced') drops = 0;
        if (outcome === 'finished') {
          finished = true;
          break;
        }
      }
    } catch (e) {
      error = e;
    }
    if (signal.aborted) throw options.cancelled();
    if (finished) return;
    if (options.canResume?.() === false || !isDroppedConnection(error) || drops >= retries)
      throw error;
    drops += 1;
    await sleep(backoff(drops), signal);
  }
}
