import { Code, ConnectError, createClient } from '@connectrpc/connect';
import { StreamCode } from '../../rpc/gen/seconde/v1/common_pb.ts';
import { PublisherService } from '../../rpc/gen/seconde/v1/publisher_pb.ts';
import type { TokenGetter } from '../../rpc/interceptors/auth.ts';
import { createTransport } from '../../rpc/transport.ts';
import { frameBatched, type FrameScheduler } from '../shared/progress.impl.ts';
import { readResumable } from './resumableStream.ts';

/** What the main thread asks the worker to publish: plain, cloneable data. */
export interface PublishSpec {
  /** Absolute base URL of the main service. */
  readonly baseUrl: string;
  readonly products: readonly string[];
  readonly vendorConnectors: readonly string[];
  readonly completeOnly: boolean;
  /** A publication already started ('' starts one): following it again publishes nothing twice. */
  readonly task: string;
  /**
   * The access token for the first connection, sent along so the request leaves without a round
   * trip to the page (busy drawing the step at that moment); reconnections ask for a fresh one.
   */
  readonly token?: string;
}

/** One listing made (or found made by an earlier run) on one channel. */
export interface PublishListing {
  readonly product: string;
  readonly vendorConnector: string;
  readonly publisherName: string;
  readonly url: string;
  readonly alreadyListed: boolean;
}

/** Why one product could not be published on one channel. */
export interface PublishItemError {
  readonly product: string;
  readonly vendorConnector: string;
  readonly message: string;
  readonly code: string;
  readonly missing: readonly string[];
  readonly reference: string;
}

/** One message of PublishProducts, read by field name (the generated message fits). */
export interface PublishMessage {
  readonly code: StreamCode;
  readonly count: number;
  readonly progress: number;
  readonly total: number;
  readonly message: string;
  readonly connectorUrl: string;
  readonly task: string;
  readonly listings: readonly PublishListing[];
  readonly errors: readonly PublishItemError[];
  readonly inlineOffers: readonly string[];
}

/** Opens the publication stream; `task` set follows the publication already running. */
export type PublishSource = (task: string, signal: AbortSignal) => AsyncIterable<PublishMessage>;

/**
 * What reaches the page, at most once per frame: the latest counts, and what was learnt since the
 * previous report (each listing, error and offer once, however many times the server re-sent it).
 */
export interface PublishProgress {
  readonly count: number;
  readonly progress: number;
  readonly total: number;
  readonly task: string;
  /** The latest connector url sent (an action needed on a channel), '' for none. */
  readonly connectorUrl: string;
  readonly listings: readonly PublishListing[];
  readonly errors: readonly PublishItemError[];
  readonly inlineOffers: readonly string[];
}

export interface PublishSummary {
  readonly task: string;
  readonly total: number;
  readonly progress: number;
  readonly listings: number;
  readonly errors: number;
}

export interface ConsumePublishOptions {
  readonly signal: AbortSignal;
  /** The publication to follow from the start ('' opens a new one). */
  readonly task?: string;
  readonly onProgress: (progress: PublishProgress) => void;
  readonly onSpecial?: (message: string) => void;
  readonly retries?: number;
  readonly backoff?: (attempt: number) => number;
  /** Test seam: how waiting is done (rejects when `signal` aborts). */
  readonly sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Test seam: when progress reports are sent. */
  readonly schedule?: FrameScheduler;
}

const cancelled = () => new ConnectError('The publication was cancelled', Code.Canceled);
const pairKey = (p: { product: string; vendorConnector: string }) =>
  `${p.product}|${p.vendorConnector}`;

const plainListing = (l: PublishListing): PublishListing => ({
  product: l.product,
  vendorConnector: l.vendorConnector,
  publisherName: l.publisherName,
  url: l.url,
  alreadyListed: l.alreadyListed,
});

const plainError = (e: PublishItemError): PublishItemError => ({
  product: e.product,
  vendorConnector: e.vendorConnector,
  message: e.message,
  code: e.code,
  missing: [...e.missing],
  reference: e.reference,
});

/**
 * Follows a publication to its FINISH. The publication runs as a server background task, so a
 * dropped connection is followed again with the task the messages named: the server re-sends what
 * was done so far, and each listing, error and inline offer is kept once (by product and
 * connector, or by deposit). Consecutive drops are retried `retries` times with a growing wait;
 * any message resets the count. Aborting stops the following only: the server task goes on.
 */
export async function consumePublish(
  source: PublishSource,
  options: ConsumePublishOptions,
): Promise<PublishSummary> {
  const { signal, onSpecial } = options;
  const seenListings = new Set<string>();
  const seenErrors = new Set<string>();
  const seenOffers = new Set<string>();
  let state = { count: 0, progress: 0, total: 0, task: options.task ?? '', connectorUrl: '' };
  // What was learnt since the last report; handed over and emptied when a frame sends it.
  let listings: PublishListing[] = [];
  let errors: PublishItemError[] = [];
  let inlineOffers: string[] = [];
  const reports = frameBatched<null>(() => {
    const report: PublishProgress = { ...state, listings, errors, inlineOffers };
    listings = [];
    errors = [];
    inlineOffers = [];
    options.onProgress(report);
  }, options.schedule);
  // Only a step forward resets the drops: a server that re-sends the same progress and drops
  // again must not be followed forever.
  let furthest = -1;

  const absorb = (m: PublishMessage) => {
    state = {
      count: m.count,
      progress: m.progress,
      total: m.total,
      task: m.task || state.task,
      connectorUrl: m.connectorUrl || state.connectorUrl,
    };
    for (const l of m.listings) {
      const key = pairKey(l);
      if (seenListings.has(key)) continue;
      seenListings.add(key);
      listings.push(plainListing(l));
    }
    for (const e of m.errors) {
      const key = pairKey(e);
      if (seenErrors.has(key)) continue;
      seenErrors.add(key);
      errors.push(plainError(e));
    }
    for (const deposit of m.inlineOffers) {
      if (seenOffers.has(deposit)) continue;
      seenOffers.add(deposit);
      inlineOffers.push(deposit);
    }
    reports.push(null);
  };

  try {
    await readResumable(
      (signal) => source(state.task, signal),
      (m) => {
        const advanced = m.progress > furthest;
        if (advanced) furthest = m.progress;
        if (m.code === StreamCode.SPECIAL) {
          if (m.task) state = { ...state, task: m.task };
          onSpecial?.(m.message);
        } else {
          absorb(m);
          if (m.code === StreamCode.FINISH) return 'finished';
        }
        return advanced ? 'advanced' : 'unchanged';
      },
      {
        signal,
        retries: options.retries,
        backoff: options.backoff,
        sleep: options.sleep,
        cancelled,
        endedEarly: 'The publication stream ended early',
      },
    );
  } catch (error) {
    // What was read before the refusal still reaches the page.
    if (!signal.aborted) reports.flush();
    throw error;
  }
  reports.flush();
  return {
    task: state.task,
    total: state.total,
    progress: state.progress,
    listings: seenListings.size,
    errors: seenErrors.size,
  };
}

/**
 * PublishProducts opened inside the worker with the app's own transport; `getToken` is asked on
 * every (re)connection, so a token renewed during a long publication is the one sent next.
 */
export function publishSource(
  spec: PublishSpec,
  getToken: TokenGetter,
  fetchImpl?: typeof globalThis.fetch,
): PublishSource {
  const client = createClient(
    PublisherService,
    createTransport({ baseUrl: spec.baseUrl, getToken, fetch: fetchImpl }),
  );
  return (task, signal) =>
    client.publishProducts(
      {
        products: [...spec.products],
        vendorConnectors: [...spec.vendorConnectors],
        completeOnly: spec.completeOnly,
        task,
      },
      { signal },
    );
}

/** The main thread's side of a publication: the token on demand, then what happens. */
export interface PublishHooks {
  readonly getToken: () => Promise<string | null | undefined> | string | null | undefined;
  /** At most once per animation frame, with what is new since the previous call. */
  readonly onProgress: (progress: PublishProgress) => void;
  readonly onSpecial: (message: string) => void;
}

/** Publishes (or follows `spec.task`) over the real transport until FINISH. */
export function followPublish(
  spec: PublishSpec,
  hooks: PublishHooks,
  signal: AbortSignal = new AbortController().signal,
  seams: { readonly fetch?: typeof globalThis.fetch } & Pick<
    ConsumePublishOptions,
    'sleep' | 'schedule'
  > = {},
): Promise<PublishSummary> {
  let first = spec.token;
  const getToken = () => {
    const token = first;
    first = undefined;
    return token ?? hooks.getToken();
  };
  const source = publishSource(spec, getToken, seams.fetch);
  return consumePublish(source, {
    signal,
    task: spec.task,
    onProgress: (progress) => hooks.onProgress(progress),
    onSpecial: (message) => hooks.onSpecial(message),
    ...(seams.sleep && { sleep: seams.sleep }),
    ...(seams.schedule && { schedule: seams.schedule }),
  });
}
