import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import { offersInline } from '../../../src/domain/deposit/rules.ts';
import { isDepositStatus, type DepositStatus } from '../../../src/domain/deposit/statuses.ts';
import type { PublisherName } from '../../../src/domain/publishing/channels.ts';
import type { ListingRef } from './connector.ts';
import type { PublishableProduct } from './listingItems.ts';
import type { PublishConnector } from './publishCheck.ts';
import { appendPublishLog, pairKey, type PublishLogEntry } from './publishLog.ts';
import { onlineRefusal, type Refusal } from './publishRules.ts';

// The publish task's database writes, one batch of products at a time: a statement per kind of
// row rather than a transaction per product and connector, which is what made a publication to
// a channel answering at once cost tens of milliseconds per product.

/** One product on one of the publication's connectors. */
export interface Pair {
  readonly product: PublishableProduct;
  readonly connector: PublishConnector;
  readonly publisher: PublisherName;
}

/** A pair that did not go: its log code (CHANNEL_REFUSED...) and the message kept for the vendor. */
export interface PairFailure {
  readonly pair: Pair;
  readonly code: string;
  readonly message: string;
}

/** What the channel answered for one pair. */
export type ChannelOutcome =
  | { readonly pair: Pair; readonly ref: ListingRef }
  | { readonly pair: Pair; readonly failure: { readonly code: string; readonly message: string } };

/** A pair the channel listed but the rules no longer let go online: its listing must come down. */
export interface LateRefusal {
  readonly pair: Pair;
  readonly ref: ListingRef;
  readonly refusal: Refusal;
}

const uuidOf = (pair: Pair) => pair.product.item.productUuid;

/** Timeline lines of many products in one statement (see timeline.ts for one). */
async function recordProductEvents(
  db: Kysely<Database>,
  events: readonly {
    product: string;
    kind: 'LISTED' | 'PUBLISH_FAILED';
    publisher: string;
    url: string | null;
    detail: string | null;
  }[],
  now: Date,
): Promise<void> {
  if (events.length === 0) return;
  await sql`
    insert into product_event (product, kind, publisher_name, url, detail, occurred_at)
    select v.product, v.kind::product_event_kind, v.publisher, v.url, v.detail, ${now}
    from unnest(${events.map((e) => e.product)}::uuid[], ${events.map((e) => e.kind)}::text[],
      ${events.map((e) => e.publisher)}::text[], ${events.map((e) => e.url)}::text[],
      ${events.map((e) => e.detail)}::text[])
      with ordinality as v(product, kind, publisher, url, detail, n)
    order by v.n`.execute(db);
}

/**
 * Marks pairs FAILED: the listings, each product's publish error (every channel that refused it), the
 * connector's sync error when the channel was unavailable, the timeline and the log.
 */
async function writeFailures(
  db: Kysely<Database>,
  task: string,
  failures: readonly PairFailure[],
  now: Date,
): Promise<void> {
  if (failures.length === 0) return;
  await sql`
    update product_listing l set status = 'FAILED', error = v.message, updated_at = ${now},
      row_version = l.row_version + 1
    from unnest(${failures.map((f) => uuidOf(f.pair))}::uuid[],
      ${failures.map((f) => f.pair.connector.uuid)}::uuid[],
      ${failures.map((f) => f.message)}::text[]) as v(product, connector, message)
    where l.product = v.product and l.vendor_connector = v.connector
      and l.status <> 'LISTED'`.execute(db);
  // Every channel that refused the product is named, so the vendor fixes all of them at once.
  const errors = new Map<string, string>();
  for (const f of failures) {
    const line = `${f.pair.publisher}: ${f.message}`;
    const before = errors.get(uuidOf(f.pair));
    errors.set(uuidOf(f.pair), before ? `${before}\n${line}` : line);
  }
  await sql`
    update product p set publish_error = v.text, updated_at = ${now},
      row_version = p.row_version + 1
    from unnest(${[...errors.keys()]}::uuid[], ${[...errors.values()]}::text[]) as v(uuid, text)
    where p.uuid = v.uuid`.execute(db);
  const unavailable = new Map(
    failures
      .filter((f) => f.code === 'CHANNEL_UNAVAILABLE')
      .map((f) => [f.pair.connector.uuid, f.message]),
  );
  if (unavailable.size > 0)
    await sql`
      update vendor_connector c set last_sync_error = v.message, updated_at = ${now},
        row_version = c.row_version + 1
      from unnest(${[...unavailable.keys()]}::uuid[], ${[...unavailable.values()]}::text[])
        as v(uuid, message)
      where c.uuid = v.uuid`.execute(db);
  await recordProductEvents(
    db,
    failures.map((f) => ({
      product: uuidOf(f.pair),
      kind: 'PUBLISH_FAILED' as const,
      publisher: f.pair.publisher,
      url: null,
      detail: `${f.code}: ${f.message}`,
    })),
    now,
  );
  await appendPublishLog(
    db,
    task,
    failures.map((f) => ({
      kind: 'ERROR' as const,
      product: uuidOf(f.pair),
      connector: f.pair.connector.uuid,
      publisher: f.pair.publisher,
      code: f.code,
      message: f.message,
    })),
  );
}

/** Marks pairs FAILED in a transaction of their own. */
export async function recordFailures(
  db: Kysely<Database>,
  task: string,
  failures: readonly PairFailure[],
  now: Date,
): Promise<void> {
  if (failures.length === 0) return;
  await db.transaction().execute((trx) => writeFailures(trx, task, failures, now));
}

/** Rule refusals before any channel call: the products' publish error says why, the log names each pair. */
export async function recordRefusals(
  db: Kysely<Database>,
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
export async function claimPairs(
  db: Kysely<Database>,
  task: string,
  pairs: readonly Pair[],
): Promise<Pair[]> {
  if (pairs.length === 0) return [];
  const productsOf = pairs.map(uuidOf);
  const connectorsOf = pairs.map((p) => p.connector.uuid);
  return db.transaction().execute(async (trx) => {
    await sql`
      insert into product_listing (product, vendor_connector, publisher_name, status)
      select v.product, v.connector, v.publisher, 'PENDING'
      from unnest(${productsOf}::uuid[], ${connectorsOf}::uuid[],
        ${pairs.map((p) => p.publisher)}::text[]) as v(product, connector, publisher)
      on conflict (product, vendor_connector) where vendor_connector is not null
      do nothing`.execute(trx);
    const { rows } = await sql<{ product: string; vendor_connector: string; url: string | null }>`
      select l.product, l.vendor_connector, l.url from product_listing l
      join unnest(${productsOf}::uuid[], ${connectorsOf}::uuid[]) as v(product, connector)
        on l.product = v.product and l.vendor_connector = v.connector
      where l.status = 'LISTED'`.execute(trx);
    const listed = new Map(rows.map((r) => [pairKey(r.product, r.vendor_connector), r.url ?? '']));
    await appendPublishLog(
      trx,
      task,
      pairs.flatMap((p): PublishLogEntry[] => {
        const url = listed.get(pairKey(uuidOf(p), p.connector.uuid));
        return url === undefined
          ? []
          : [
              {
                kind: 'ALREADY_LISTED',
                product: uuidOf(p),
                connector: p.connector.uuid,
                publisher: p.publisher,
                url,
              },
            ];
      }),
    );
    return pairs.filter((p) => !listed.has(pairKey(uuidOf(p), p.connector.uuid)));
  });
}

/** The deposits' statuses, locked against a change until the transaction ends. */
async function lockDeposits(
  trx: Kysely<Database>,
  deposits: readonly string[],
): Promise<Map<string, DepositStatus | null>> {
  if (deposits.length === 0) return new Map();
  const { rows } = await sql<{ uuid: string; status: string | null }>`
    select uuid, status::text as status from deposit where uuid = any(${deposits}::uuid[])
    order by uuid for share`.execute(trx);
  return new Map(rows.map((r) => [r.uuid, isDepositStatus(r.status) ? r.status : null]));
}

/**
 * Records what the channels answered for a batch, in one transaction. Each listed pair is checked
 * again by the rule engine with its deposit locked (its status may have moved since the first
 * check), in the batch's order, as if recorded one after the other: a product listed on a second
 * channel is ONLINE already, and the first product of a validated deposit to go online offers
 * INLINE once. Those that pass become LISTED with their address, the product ONLINE with its link
 * kept and its publish error cleared, the timeline and the log written. Failures are written
 * after, so a product refused by one channel keeps that channel's message. Answers the pairs the
 * rules refused after the channel listed them.
 */
export async function recordOutcomes(
  db: Kysely<Database>,
  task: string,
  outcomes: readonly ChannelOutcome[],
  now: Date,
): Promise<LateRefusal[]> {
  if (outcomes.length === 0) return [];
  const listed = outcomes.flatMap((o) => ('ref' in o ? [{ pair: o.pair, ref: o.ref }] : []));
  const failures = outcomes.flatMap((o) =>
    'failure' in o ? [{ pair: o.pair, code: o.failure.code, message: o.failure.message }] : [],
  );
  return db.transaction().execute(async (trx) => {
    const late: LateRefusal[] = [];
    if (listed.length > 0) {
      const deposits = [
        ...new Set(listed.flatMap(({ pair }) => pair.product.deposit ?? [])),
      ].sort();
      const depositStatus = await lockDeposits(trx, deposits);
      const { rows: products } = await sql<{ uuid: string; sale_status: string | null }>`
        select uuid, sale_status::text as sale_status from product
        where uuid = any(${[...new Set(listed.map(({ pair }) => uuidOf(pair)))]}::uuid[])
        order by uuid for update`.execute(trx);
      const saleStatus = new Map(products.map((r) => [r.uuid, r.sale_status]));
      const { rows: counts } = await sql<{ deposit: string; n: number }>`
        select deposit, count(*)::int as n from product
        where deposit = any(${deposits}::uuid[]) and sale_status = 'ONLINE'
        group by deposit`.execute(trx);
      const online = new Map(counts.map((r) => [r.deposit, Number(r.n)]));

      const log: PublishLogEntry[] = [];
      const accepted: { pair: Pair; ref: ListingRef }[] = [];
      for (const { pair, ref } of listed) {
        const uuid = uuidOf(pair);
        const { deposit } = pair.product;
        const from = saleStatus.get(uuid) ?? null;
        const status = deposit ? (depositStatus.get(deposit) ?? null) : null;
        const refusal = onlineRefusal(from, status);
        if (refusal) {
          late.push({ pair, ref, refusal });
          continue;
        }
        accepted.push({ pair, ref });
        log.push({
          kind: 'LISTED',
          product: uuid,
          connector: pair.connector.uuid,
          publisher: pair.publisher,
          url: ref.url,
        });
        if (from !== 'ONLINE' && deposit) {
          const before = online.get(deposit) ?? 0;
          if (status && offersInline(status, before, 'ONLINE'))
            log.push({ kind: 'INLINE_OFFER', deposit });
          online.set(deposit, before + 1);
        }
        saleStatus.set(uuid, 'ONLINE');
      }
      await writeListed(trx, accepted, now);
      await appendPublishLog(trx, task, log);
    }
    await writeFailures(trx, task, failures, now);
    return late;
  });
}

/** The LISTED side of recordOutcomes: listings, products (with all their new links), timeline. */
async function writeListed(
  trx: Kysely<Database>,
  accepted: readonly { pair: Pair; ref: ListingRef }[],
  now: Date,
): Promise<void> {
  if (accepted.length === 0) return;
  const products = accepted.map(({ pair }) => uuidOf(pair));
  const urls = accepted.map(({ ref }) => ref.url);
  // A product listed on two channels in the batch gets both links, in order, each once.
  await sql`
    with v as (
      select product, array_agg(url order by n) as urls
      from unnest(${products}::uuid[], ${urls}::text[]) with ordinality as v(product, url, n)
      group by product)
    update product p set
      online_datetime = case when p.sale_status = 'ONLINE' and p.online_datetime is not null
        then p.online_datetime else ${now} end,
      sale_status_modified = case when p.sale_status = 'ONLINE' then p.sale_status_modified
        else ${now} end,
      sale_status = 'ONLINE',
      product_links = coalesce(p.product_links, '{}') || array(
        select x.url from unnest(v.urls) with ordinality as x(url, k)
        where not (x.url = any(coalesce(p.product_links, '{}')))
        group by x.url order by min(x.k)),
      publish_error = null, updated_at = ${now}, row_version = p.row_version + 1
    from v where p.uuid = v.product`.execute(trx);
  await sql`
    update product_listing l set status = 'LISTED', url = v.url, external_id = v.external_id,
      listed_at = ${now}, error = null, withdrawn_at = null, withdraw_reason = null,
      updated_at = ${now}, row_version = l.row_version + 1
    from unnest(${products}::uuid[], ${accepted.map(({ pair }) => pair.connector.uuid)}::uuid[],
      ${urls}::text[], ${accepted.map(({ ref }) => ref.externalId)}::text[])
      as v(product, connector, url, external_id)
    where l.product = v.product and l.vendor_connector = v.connector`.execute(trx);
  await recordProductEvents(
    trx,
    accepted.map(({ pair, ref }) => ({
      product: uuidOf(pair),
      kind: 'LISTED' as const,
      publisher: pair.publisher,
      url: ref.url,
      detail: null,
    })),
    now,
  );
}
