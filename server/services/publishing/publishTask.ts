import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { isPublisherName, type PublisherName } from '../../../src/domain/publishing/channels.ts';
import type { ServiceDeps } from '../deps.ts';
import type { TaskContext, TaskReporter, TaskRunner } from '../tasks/taskQueue.ts';
import { ChannelItemError, ChannelUnavailableError, type ChannelConnector } from './connector.ts';
import { publishableProducts } from './listingItems.ts';
import { loadConnectors } from './publishCheck.ts';
import { handledPairs, pairKey, type PublishLogEntry } from './publishLog.ts';
import { onlineRefusal } from './publishRules.ts';
import {
  claimPairs,
  recordFailures,
  recordOutcomes,
  recordRefusals,
  type ChannelOutcome,
  type Pair,
} from './publishWrites.ts';

export { onlineRefusal, refusalOf, type Refusal } from './publishRules.ts';

/** What a PUBLISH_PRODUCTS task is asked (its payload). */
export interface PublishPayload {
  readonly products: readonly string[];
  readonly connectors: readonly string[];
}

/** Calls in flight per connector: quick enough, and gentle with the channel's rate limits. */
export const PUBLISH_CONCURRENCY = 4;
/**
 * Products handled together: their listings claimed in one transaction, sent to the channels, and
 * what the channels answered recorded in one more. Large enough that the database writes cost
 * little per product, small enough that the progress moves often and that a run cut by a restart
 * sends few products again.
 */
export const PUBLISH_CHUNK = 50;
/** The task row (what the panel shows) is written at most this often. */
const REPORT_EVERY_MS = 250;

/** Runs `work` over `items`, `limit` at a time, in order of start. */
async function pool<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/** Throttled writes of the task row's progress: the panel follows, the database is spared. */
function progressReporter(report: TaskReporter, start: number) {
  let done = start;
  let last = 0;
  return {
    async add(count: number) {
      done += count;
      if (count === 0 || Date.now() - last < REPORT_EVERY_MS) return;
      last = Date.now();
      await report.progress(done);
    },
    async flush() {
      await report.progress(done);
    },
  };
}

/** A refusal before any channel call; its message is the rule's code, which the page translates. */
function errorEntry(pair: Pair, code: string, ruleCode: string): PublishLogEntry {
  return {
    kind: 'ERROR',
    product: pair.product.item.productUuid,
    connector: pair.connector.uuid,
    publisher: pair.publisher,
    code,
    message: ruleCode,
  };
}

/**
 * The PUBLISH_PRODUCTS runner: every product on every connector, skipping the pairs already
 * LISTED (the unique listing per product and connector makes a second run harmless), refusing
 * before any channel call a product the rule engine would not put online, then publishing
 * PUBLISH_CHUNK products at a time with a few calls in flight per connector. A connector found
 * unavailable is not called again in this run: its remaining products are reported unavailable
 * and can be published again later. The server stopping (report.signal) leaves the pairs not
 * recorded PENDING; the queue runs the task again and it picks up where it was, having logged the
 * pairs already handled (the channel calls of the batch cut are made again: they are safe to
 * repeat).
 */
export function publishRunner(
  deps: ServiceDeps,
  connectorOf: (publisher: PublisherName) => ChannelConnector,
): TaskRunner {
  const { db, clock } = deps;

  return async (payload, report, context: TaskContext) => {
    const { products, connectors } = payload as unknown as PublishPayload;
    const task = context.taskUuid;
    const accounts = (await loadConnectors(db, connectors)).flatMap((connector) =>
      connector.vendor === context.vendorUuid && isPublisherName(connector.publisher)
        ? [{ connector, publisher: connector.publisher }]
        : [],
    );
    const handled = await handledPairs(db, task);
    const progress = progressReporter(report, handled.size);
    await report.setTotal(products.length * connectors.length);
    // What an interrupted run did already is left out.
    const todo = products.filter((uuid) =>
      accounts.some(({ connector }) => !handled.has(pairKey(uuid, connector.uuid))),
    );
    const down = new Map<string, string>();
    for (let start = 0; start < todo.length; start += PUBLISH_CHUNK) {
      // A channel answering at once (our storefront) and an embedded database, whose queries
      // resolve without waiting on anything, could otherwise chain promises for the whole run:
      // let the server answer its other requests (and send this stream) between batches.
      await yieldToEventLoop();
      report.signal.throwIfAborted();
      const done = await publishBatch(todo.slice(start, start + PUBLISH_CHUNK));
      await progress.add(done);
    }
    await progress.flush();

    /**
     * One batch of products on every connector: the pairs the rules refuse before any channel
     * call, the others claimed, sent, and recorded. Answers the number of pairs handled.
     */
    async function publishBatch(batch: readonly string[]): Promise<number> {
      const items = await publishableProducts(db, batch, deps.publicUrl());
      const refusedLog: PublishLogEntry[] = [];
      const refusedText = new Map<string, string>();
      const candidates: Pair[] = [];
      for (const uuid of batch) {
        const product = items.get(uuid);
        for (const { connector, publisher } of accounts) {
          if (!product || handled.has(pairKey(uuid, connector.uuid))) continue;
          const pair = { product, connector, publisher };
          if (product.vendor !== context.vendorUuid) {
            refusedLog.push(errorEntry(pair, 'RULE_REFUSED', 'FORBIDDEN'));
            continue;
          }
          const refusal = onlineRefusal(product.saleStatus, product.depositStatus);
          if (!refusal) {
            candidates.push(pair);
            continue;
          }
          refusedLog.push(errorEntry(pair, 'RULE_REFUSED', refusal.code));
          refusedText.set(uuid, refusal.message);
        }
      }
      if (refusedLog.length > 0) await recordRefusals(db, task, refusedLog, refusedText, clock());
      const pending = await claimPairs(db, task, candidates);
      const outcomes = await callChannels(pending);
      await yieldToEventLoop();
      const late = await recordOutcomes(db, task, outcomes, clock());
      if (late.length > 0) {
        // The deposit moved while the channel answered: the listing must not stay up.
        for (const { pair, ref } of late)
          await connectorOf(pair.publisher)
            .withdraw(ref, pair.connector.account, report.signal)
            .catch((error: unknown) => console.error('withdraw after refusal failed', error));
        await recordFailures(
          db,
          task,
          late.map(({ pair, refusal }) => ({ pair, code: 'RULE_REFUSED', message: refusal.code })),
          clock(),
        );
      }
      return refusedLog.length + candidates.length;
    }

    /** The batch's pairs sent to their channels, each connector's in parallel; answers in order. */
    async function callChannels(pairs: readonly Pair[]): Promise<ChannelOutcome[]> {
      const outcomes: ChannelOutcome[] = new Array<ChannelOutcome>(pairs.length);
      const byConnector = new Map<string, number[]>();
      pairs.forEach((pair, i) => {
        const indexes = byConnector.get(pair.connector.uuid) ?? [];
        indexes.push(i);
        byConnector.set(pair.connector.uuid, indexes);
      });
      await Promise.all(
        [...byConnector.values()].map((indexes) =>
          pool(indexes, PUBLISH_CONCURRENCY, async (i) => {
            outcomes[i] = await publishOne(pairs[i]!);
          }),
        ),
      );
      return outcomes;
    }

    async function publishOne(pair: Pair): Promise<ChannelOutcome> {
      report.signal.throwIfAborted();
      const unavailable = down.get(pair.connector.uuid);
      if (unavailable !== undefined)
        return { pair, failure: { code: 'CHANNEL_UNAVAILABLE', message: unavailable } };
      try {
        const ref = await connectorOf(pair.publisher).publish(
          pair.product.item,
          pair.connector.account,
          report.signal,
        );
        return { pair, ref };
      } catch (error) {
        if (report.signal.aborted) throw error;
        const message = error instanceof Error ? error.message : String(error);
        if (error instanceof ChannelUnavailableError) {
          down.set(pair.connector.uuid, message);
          return { pair, failure: { code: 'CHANNEL_UNAVAILABLE', message } };
        }
        if (error instanceof ChannelItemError)
          return { pair, failure: { code: 'CHANNEL_REFUSED', message } };
        console.error('publish failed', error);
        return { pair, failure: { code: 'PUBLISH_UNKNOWN_ERROR', message } };
      }
    }
  };
}
