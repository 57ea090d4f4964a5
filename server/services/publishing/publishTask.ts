import { ConnectError } from '@connectrpc/connect';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import {
  checkSaleStatusChange,
  offersInline,
  type Verdict,
} from '../../../src/domain/deposit/rules.ts';
import { isDepositStatus, isSaleStatus } from '../../../src/domain/deposit/statuses.ts';
import { isPublisherName, type PublisherName } from '../../../src/domain/publishing/channels.ts';
import type { ServiceDeps } from '../deps.ts';
import { enforce, lockDepositStatus } from '../deposit/rules/ruleSql.ts';
import type { TaskContext, TaskReporter, TaskRunner } from '../tasks/taskQueue.ts';
import {
  ChannelItemError,
  ChannelUnavailableError,
  type ChannelConnector,
  type ListingRef,
} from './connector.ts';
import { publishableProducts, type PublishableProduct } from './listingItems.ts';
import { loadConnectors, type PublishConnector } from './publishCheck.ts';
import { appendPublishLog, handledPairs, pairKey, type PublishLogEntry } from './publishLog.ts';
import { recordProductEvent } from './timeline.ts';

/** What a PUBLISH_PRODUCTS task is asked (its payload). */
export interface PublishPayload {
  readonly products: readonly string[];
  readonly connectors: readonly string[];
}

/** Calls in flight per connector: quick enough, and gentle with the channel's rate limits. */
export const PUBLISH_CONCURRENCY = 4;
/** The task row (what the panel shows) is written at most this often. */
const REPORT_EVERY_MS = 250;

/** Sale statuses a publication may put online; a sold, reserved or returned item is not offered. */
const PUBLISHABLE_STATUSES = ['OFFLINE', 'READY', 'ONLINE'];

export interface Refusal {
  readonly code: string;
  readonly message: string;
}

/** The rule engine's refusal as its stable code and its English text. */
export function refusalOf(verdict: Verdict): Refusal | undefined {
  if (verdict.ok) return undefined;
  try {
    enforce(verdict);
  } catch (error) {
    const raw = error instanceof ConnectError ? error.rawMessage : '';
    try {
      const parsed = JSON.parse(raw) as { message?: string };
      return { code: verdict.code, message: parsed.message ?? verdict.code };
    } catch {
      return { code: verdict.code, message: verdict.code };
    }
  }
  return { code: verdict.code, message: verdict.code };
}

/** May this product go online now (its status, its deposit's)? Checked before any channel call. */
export function onlineRefusal(
  saleStatus: string | null,
  depositStatus: string | null,
): Refusal | undefined {
  const from = saleStatus ?? 'OFFLINE';
  if (!PUBLISHABLE_STATUSES.includes(from))
    return { code: 'NOT_AVAILABLE', message: `The product is ${from}: it cannot be published` };
  if (!isDepositStatus(depositStatus) || !isSaleStatus(from)) return undefined;
  return refusalOf(checkSaleStatusChange({ depositStatus, from, to: 'ONLINE' }));
}

/** Runs `work` over `items`, `limit` at a time, in order of start. */
async function pool<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      await work(items[next++]!);
      // A channel answering at once (our storefront) and an embedded database could otherwise
      // chain promises without end: let the server answer its other requests between items.
      await yieldToEventLoop();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

interface Pair {
  readonly product: PublishableProduct;
  readonly connector: PublishConnector;
  readonly publisher: PublisherName;
}

/** Marks one pair FAILED: the listing, the product's publish error, the timeline and the log. */
async function recordFailure(
  db: Kysely<unknown>,
  task: string,
  pair: Pair,
  code: string,
  message: string,
  now: Date,
): Promise<void> {
  const { product, connector, publisher } = pair;
  const uuid = product.item.productUuid;
  await db.transaction().execute(async (trx) => {
    await sql`
      update product_listing set status = 'FAILED', error = ${message}, updated_at = ${now},
        row_version = row_version + 1
      where product = ${uuid} and vendor_connector = ${connector.uuid}
        and status <> 'LISTED'`.execute(trx);
    await sql`
      update product set publish_error = ${`${publisher}: ${message}`}, updated_at = ${now},
        row_version = row_version + 1
      where uuid = ${uuid}`.execute(trx);
    if (code === 'CHANNEL_UNAVAILABLE')
      await sql`
        update vendor_connector set last_sync_error = ${message}, updated_at = ${now},
          row_version = row_version + 1
        where uuid = ${connector.uuid}`.execute(trx);
    await recordProductEvent(trx, {
      product: uuid,
      kind: 'PUBLISH_FAILED',
      publisherName: publisher,
      detail: `${code}: ${message}`,
      at: now,
    });
    await appendPublishLog(trx, task, [
      { kind: 'ERROR', product: uuid, connector: connector.uuid, publisher, code, message },
    ]);
  });
}

/**
 * The listing is up: LISTED with its address, the product ONLINE (the rule engine checked again
 * with the deposit locked, since its status may have moved since the first check), its link kept,
 * its publish error cleared, the timeline and the log written, all in one transaction. Answers the
 * refusal when the product may no longer go online.
 */
async function recordListed(
  db: Kysely<unknown>,
  task: string,
  pair: Pair,
  ref: ListingRef,
  now: Date,
): Promise<Refusal | undefined> {
  const { product, connector, publisher } = pair;
  const uuid = product.item.productUuid;
  return db.transaction().execute(async (trx) => {
    const locked = product.deposit
      ? await lockDepositStatus(trx, product.deposit, 'for share')
      : undefined;
    const { rows } = await sql<{ sale_status: string | null }>`
      select sale_status::text as sale_status from product where uuid = ${uuid} for update`.execute(
      trx,
    );
    const from = rows[0]?.sale_status ?? null;
    const refusal = onlineRefusal(from, locked?.status ?? null);
    if (refusal) return refusal;
    const log: PublishLogEntry[] = [
      { kind: 'LISTED', product: uuid, connector: connector.uuid, publisher, url: ref.url },
    ];
    if (from !== 'ONLINE' && product.deposit && locked?.status) {
      const { rows: online } = await sql<{ n: number }>`
        select count(*)::int as n from product
        where deposit = ${product.deposit} and sale_status = 'ONLINE'`.execute(trx);
      if (offersInline(locked.status, Number(online[0]?.n ?? 0), 'ONLINE'))
        log.push({ kind: 'INLINE_OFFER', deposit: product.deposit });
    }
    await sql`
      update product set
        online_datetime = case when sale_status = 'ONLINE' and online_datetime is not null
          then online_datetime else ${now} end,
        sale_status_modified = case when sale_status = 'ONLINE' then sale_status_modified
          else ${now} end,
        sale_status = 'ONLINE',
        product_links = case when ${ref.url} = any(coalesce(product_links, '{}')) then product_links
          else array_append(coalesce(product_links, '{}'), ${ref.url}::text) end,
        publish_error = null, updated_at = ${now}, row_version = row_version + 1
      where uuid = ${uuid}`.execute(trx);
    await sql`
      update product_listing set status = 'LISTED', url = ${ref.url},
        external_id = ${ref.externalId}, listed_at = ${now}, error = null, withdrawn_at = null,
        withdraw_reason = null, updated_at = ${now}, row_version = row_version + 1
      where product = ${uuid} and vendor_connector = ${connector.uuid}`.execute(trx);
    await recordProductEvent(trx, {
      product: uuid,
      kind: 'LISTED',
      publisherName: publisher,
      url: ref.url,
      at: now,
    });
    await appendPublishLog(trx, task, log);
    return undefined;
  });
}

/** Throttled writes of the task row's progress: the panel follows, the database is spared. */
function progressReporter(report: TaskReporter, start: number) {
  let done = start;
  let last = 0;
  return {
    async step() {
      done += 1;
      if (Date.now() - last < REPORT_EVERY_MS) return;
      last = Date.now();
      await report.progress(done);
    },
    async flush() {
      await report.progress(done);
    },
  };
}

/**
 * The PUBLISH_PRODUCTS runner: every product on every connector, skipping the pairs already
 * LISTED (the unique listing per product and connector makes a second run harmless), refusing
 * before any channel call a product the rule engine would not put online, then publishing with a
 * few calls in flight per connector. A connector found unavailable is not called again in this
 * run: its remaining products are reported unavailable and can be published again later.
 * The server stopping (report.signal) leaves the pairs not done PENDING; the queue runs the task
 * again and it picks up where it was, having logged the pairs already handled.
 */
export function publishRunner(
  deps: ServiceDeps,
  connectorOf: (publisher: PublisherName) => ChannelConnector,
): TaskRunner {
  const { db, clock } = deps;

  return async (payload, report, context: TaskContext) => {
    const { products, connectors } = payload as unknown as PublishPayload;
    const task = context.taskUuid;
    const accounts = (await loadConnectors(db, connectors)).filter(
      (c) => c.vendor === context.vendorUuid,
    );
    const items = await publishableProducts(db, products, deps.publicUrl());
    const handled = await handledPairs(db, task);
    const progress = progressReporter(report, handled.size);
    await report.setTotal(products.length * connectors.length);

    // Before any channel call: the pairs that cannot go, and the pairs listed already.
    const refusedLog: PublishLogEntry[] = [];
    const refusedText = new Map<string, string>();
    const candidates: Pair[] = [];
    for (const uuid of products) {
      const product = items.get(uuid);
      for (const connector of accounts) {
        if (!product || handled.has(pairKey(uuid, connector.uuid))) continue;
        if (!isPublisherName(connector.publisher)) continue;
        const pair = { product, connector, publisher: connector.publisher };
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
    for (let i = 0; i < refusedLog.length + candidates.length - pending.length; i++)
      await progress.step();

    const down = new Map<string, string>();
    const byConnector = new Map<string, Pair[]>();
    for (const pair of pending)
      byConnector.set(pair.connector.uuid, [...(byConnector.get(pair.connector.uuid) ?? []), pair]);
    await Promise.all(
      [...byConnector.values()].map((pairs) =>
        pool(pairs, PUBLISH_CONCURRENCY, async (pair) => {
          report.signal.throwIfAborted();
          const unavailable = down.get(pair.connector.uuid);
          if (unavailable !== undefined) {
            await recordFailure(db, task, pair, 'CHANNEL_UNAVAILABLE', unavailable, clock());
          } else {
            await publishOne(pair);
          }
          await progress.step();
        }),
      ),
    );
    await progress.flush();

    async function publishOne(pair: Pair): Promise<void> {
      const connector = connectorOf(pair.publisher);
      let ref: ListingRef;
      try {
        ref = await connector.publish(pair.product.item, pair.connector.account, report.signal);
      } catch (error) {
        if (report.signal.aborted) throw error;
        const message = error instanceof Error ? error.message : String(error);
        if (error instanceof ChannelUnavailableError) {
          down.set(pair.connector.uuid, message);
          await recordFailure(db, task, pair, 'CHANNEL_UNAVAILABLE', message, clock());
        } else if (error instanceof ChannelItemError) {
          await recordFailure(db, task, pair, 'CHANNEL_REFUSED', message, clock());
        } else {
          console.error('publish failed', error);
          await recordFailure(db, task, pair, 'PUBLISH_UNKNOWN_ERROR', message, clock());
        }
        return;
      }
      const refusal = await recordListed(db, task, pair, ref, clock());
      if (!refusal) return;
      // The deposit moved while the channel answered: the listing must not stay up.
      await connector
        .withdraw(ref, pair.connector.account, report.signal)
        .catch((error: unknown) => console.error('withdraw after refusal failed', error));
      await recordFailure(db, task, pair, 'RULE_REFUSED', refusal.code, clock());
    }
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

/** Rule refusals: the products' publish error says why, and the log names each pair. */
async function recordRefusals(
  db: Kysely<unknown>,
  task: string,
  log: readonly PublishLogEntry[],
  texts: ReadonlyMap<string, string>,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`
      update product p set publish_error = v.text, updated_at = ${now},
        row_version = p.row_version + 1
      from unnest(${[...texts.keys()]}::uuid[], ${[...texts.values()]}::text[]) as v(uuid, text)
      where p.uuid = v.uuid`.execute(trx);
    await appendPublishLog(trx, task, log);
  });
}

/**
 * Creates the listings PENDING (one per product and connector: a pair listed already is left as
 * it is) and answers the pairs still to publish; those LISTED already are logged as such.
 */
async function claimPairs(
  db: Kysely<unknown>,
  task: string,
  pairs: readonly Pair[],
): Promise<Pair[]> {
  if (pairs.length === 0) return [];
  const productsOf = pairs.map((p) => p.product.item.productUuid);
  const connectorsOf = pairs.map((p) => p.connector.uuid);
  await sql`
    insert into product_listing (product, vendor_connector, publisher_name, status)
    select v.product, v.connector, v.publisher, 'PENDING'
    from unnest(${productsOf}::uuid[], ${connectorsOf}::uuid[],
      ${pairs.map((p) => p.publisher)}::text[]) as v(product, connector, publisher)
    on conflict (product, vendor_connector) where vendor_connector is not null
    do nothing`.execute(db);
  const { rows } = await sql<{ product: string; vendor_connector: string; url: string | null }>`
    select l.product, l.vendor_connector, l.url from product_listing l
    join unnest(${productsOf}::uuid[], ${connectorsOf}::uuid[]) as v(product, connector)
      on l.product = v.product and l.vendor_connector = v.connector
    where l.status = 'LISTED'`.execute(db);
  const listed = new Map(rows.map((r) => [pairKey(r.product, r.vendor_connector), r.url ?? '']));
  await appendPublishLog(
    db,
    task,
    pairs.flatMap((p): PublishLogEntry[] => {
      const url = listed.get(pairKey(p.product.item.productUuid, p.connector.uuid));
      return url === undefined
        ? []
        : [
            {
              kind: 'ALREADY_LISTED',
              product: p.product.item.productUuid,
              connector: p.connector.uuid,
              publisher: p.publisher,
              url,
            },
          ];
    }),
  );
  return pairs.filter((p) => !listed.has(pairKey(p.product.item.productUuid, p.connector.uuid)));
}
