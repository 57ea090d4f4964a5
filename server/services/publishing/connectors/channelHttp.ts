import type { RetrySettings } from '../../connectors/connectorSettings.ts';
import { ChannelUnavailableError } from '../connector.ts';

/** One call to a channel's HTTP API. */
export interface ChannelRequest {
  /** The channel's name, for messages ("eBay did not answer"). */
  readonly channel: string;
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly url: string;
  readonly headers?: Record<string, string>;
  /** Sent as JSON unless it is already a string (a form body). */
  readonly body?: unknown;
  readonly signal?: AbortSignal | undefined;
  /**
   * A 2xx answer that still asks to wait (Shopify's GraphQL THROTTLED error comes with 200):
   * answers how long in milliseconds, or undefined when the answer is final.
   */
  readonly throttledFor?: (answer: ChannelAnswer) => number | undefined;
}

/** What the channel answered (any status the caller must interpret: 2xx, 4xx). */
export interface ChannelAnswer {
  readonly status: number;
  readonly headers: Headers;
  /** The body parsed as JSON, or undefined when it is empty or not JSON. */
  readonly json: unknown;
  readonly text: string;
}

/** Why a call is tried again: the channel asked to wait, or failed on its side. */
type Retry = { readonly waitMs: number | undefined; readonly why: string };

/**
 * The pause a Retry-After header asks for: delta-seconds or an HTTP date (RFC 9110 §10.2.3).
 * Undefined when the header is missing or unreadable, so the caller backs off on its own.
 */
export function retryAfterMs(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Exponential backoff with full jitter: a random pause up to base × 2^attempt, capped. */
export function backoffMs(attempt: number, policy: RetrySettings, random = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

async function readAnswer(response: Response): Promise<ChannelAnswer> {
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json, text };
}

/**
 * Calls a channel, waiting and trying again while it is busy or failing: a 429 waits what its
 * Retry-After says (else backs off), a 5xx, a timeout or a network error backs off exponentially
 * with jitter. Attempts and the total pause are bounded by the policy; past them (or when the
 * channel asks for a pause longer than what is left) the call fails with ChannelUnavailableError,
 * so the product can be published again later. Every other answer, 4xx included, is returned for
 * the caller to read the channel's own message.
 */
export async function channelFetch(
  request: ChannelRequest,
  policy: RetrySettings,
): Promise<ChannelAnswer> {
  let waited = 0;
  let last = '';
  for (let attempt = 0; attempt < policy.attempts; attempt += 1) {
    request.signal?.throwIfAborted();
    const retry = await attemptOnce(request, policy);
    if (!('why' in retry)) return retry;
    last = retry.why;
    if (attempt === policy.attempts - 1) break;
    const pause = retry.waitMs ?? backoffMs(attempt, policy);
    if (waited + pause > policy.budgetMs) break;
    await sleep(pause, request.signal);
    waited += pause;
  }
  throw new ChannelUnavailableError(
    `${request.channel} is not answering (${last}); try again later`,
  );
}

async function attemptOnce(
  request: ChannelRequest,
  policy: RetrySettings,
): Promise<ChannelAnswer | Retry> {
  const timeout = AbortSignal.timeout(policy.timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  const body =
    request.body === undefined
      ? undefined
      : typeof request.body === 'string'
        ? request.body
        : JSON.stringify(request.body);
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers: {
        accept: 'application/json',
        ...(body !== undefined && typeof request.body !== 'string'
          ? { 'content-type': 'application/json' }
          : {}),
        ...request.headers,
      },
      body,
      signal,
      redirect: 'manual',
    });
  } catch (error) {
    // Our own cancellation ends the call at once; the channel's silence is tried again.
    if (request.signal?.aborted) throw request.signal.reason as Error;
    const why = timeout.aborted ? 'timed out' : error instanceof Error ? error.message : 'network';
    return { waitMs: undefined, why };
  }
  if (response.status === 429) {
    await response.body?.cancel();
    return { waitMs: retryAfterMs(response.headers.get('retry-after')), why: 'HTTP 429' };
  }
  if (response.status >= 500) {
    await response.body?.cancel();
    return {
      waitMs: retryAfterMs(response.headers.get('retry-after')),
      why: `HTTP ${response.status}`,
    };
  }
  const answer = await readAnswer(response);
  const throttled = response.ok ? request.throttledFor?.(answer) : undefined;
  return throttled === undefined ? answer : { waitMs: throttled, why: 'throttled' };
}
