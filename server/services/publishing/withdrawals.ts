import { ConnectError, Code } from '@connectrpc/connect';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import {
  SALE_PLATFORM_OF,
  isPublisherName,
  type PublisherName,
  type WithdrawReason,
} from '../../../src/domain/publishing/channels.ts';
import { TaskName } from '../../../src/rpc/gen/seconde/v1/background_task_pb.ts';
import type { ServiceDeps } from '../deps.ts';
import type { TaskQueue, TaskRunner } from '../tasks/taskQueue.ts';
import type { ChannelConnector, ConnectorAccount, ListingRef } from './connector.ts';
import { loadConnectors } from './publishCheck.ts';
import { recordProductEvent } from './timeline.ts';

/**
 * Calls within this pause are one request: a bulk change of 200 products asks once, and the task
 * starts after the change that asked has committed.
 */
export const WITHDRAWALS_DEBOUNCE_MS = 300;
/** How often every vendor's listings are checked anyway (a failed withdrawal is tried again). */
export const WITHDRAWALS_SWEEP_MS = 5 * 60 * 1000;
const WITHDRAW_CONCURRENCY = 4;

const pendingByQueue = new WeakMap<TaskQueue, Map<string, ReturnType<typeof setTimeout>>>();

/**
 * Asks for the vendor's listings that should no longer be up (product sold, paid, reserved
 * elsewhere, restituted, taken offline) to be withdrawn from their channels, as a background task.
 * Cheap and safe to call after any sale-status change, even inside the change's transaction: the
 * request waits a moment (calls in that moment are one), is dropped when a withdrawal task of the
 * vendor is already waiting to run, and the task re-reads what to withdraw when it runs.
 */
export async function requestWithdrawals(deps: ServiceDeps, vendorUuid: string): Promise<void> {
  if (!vendorUuid) return;
  let pending = pendingByQueue.get(deps.tasks);
  if (!pending) pendingByQueue.set(deps.tasks, (pending = new Map()));
  const waiting = pending;
  clearTimeout(waiting.get(vendorUuid));
  const timer = setTimeout(() => {
    waiting.delete(vendorUuid);
    void enqueueWithdrawals(deps, vendorUuid).catch((error: unknown) => {
      // The queue refuses once the server stops: nothing is lost, the next sweep finds it.
      if (error instanceof ConnectError && error.code === Code.Unavailable) return;
      console.error('withdrawal request failed', error);
    });
  }, WITHDRAWALS_DEBOUNCE_MS);
  timer.unref();
  waiting.set(vendorUuid, timer);
  return Promise.resolve();
}

/** Queues the vendor's withdrawal task unless one is already waiting to start. */
export async function enqueueWithdrawals(deps: ServiceDeps, vendorUuid: string): Promise<void> {
  const { rows } = await sql`
    select 1 from background_task
    where owner_object_uuid = ${vendorUuid} and task_name = 'WITHDRAW_LISTINGS'
      and status in ('CREATED', 'SCHEDULED') limit 1`.execute(deps.db);
  if (rows.length > 0) return;
  await deps.tasks.enqueue({
    name: TaskName.WITHDRAW_LISTINGS,
    vendorUuid,
    label: 'Listings withdrawn from sales channels',
    payload: {},
  });
}

/** Vendors with a listing still up for a product no longer online (the periodic sweep). */
export async function sweepWithdrawals(deps: ServiceDeps): Promise<number> {
  const { rows } = await sql<{ vendor: string }>`
    select distinct d.vendor from product_listing l
    join product p on p.uuid = l.product join deposit d on d.uuid = p.deposit
    where l.status = 'LISTED' and l.vendor_connector is not null
      and p.sale_status is distinct from 'ONLINE' and d.vendor is not null`.execute(deps.db);
  for (const { vendor } of rows) await enqueueWithdrawals(deps, vendor);
  return rows.length;
}

/**
 * Starts the periodic sweep (unref'd: it never keeps the process alive). It stops by itself once
 * the server is stopped (its queue refuses work); answers the stop for whoever wants it sooner.
 */
export function startWithdrawalSweep(deps: ServiceDeps): () => void {
  const timer = setInterval(() => {
    void sweepWithdrawals(deps).catch((error: unknown) => {
      clearInterval(timer);
      if (error instanceof ConnectError && error.code === Code.Unavailable) return;
      console.error('withdrawal sweep stopped', error);
    });
  }, WITHDRAWALS_SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** SALE_PLATFORM_OF as a SQL table, so the statement knows each channel's sale platform. */
const platformTable = sql`(values ${sql.join(
  Object.entries(SALE_PLATFORM_OF).map(([publisher, platform]) => sql`(${publisher}, ${platform})`),
)}) as pf(publisher, platform)`;

interface Withdrawable {
  uuid: string;
  product: string;
  vendor_connector: string;
  publisher_name: string;
  external_id: string | null;
  url: string | null;
  sku: string;
  /** Null for the channel the product sold on: closed there, with no reason to give. */
  reason: WithdrawReason | null;
}

/**
 * Every LISTED listing of the vendor whose product is no longer ONLINE, with why it comes off.
 * A RESERVED product keeps the listing of the channel it is reserved on (a pending storefront
 * reservation, or the buyer's channel when a channel sale waits for its deposit to go INLINE).
 */
async function withdrawable(db: Kysely<Database>, vendor: string): Promise<Withdrawable[]> {
  const { rows } = await sql<Withdrawable>`
    select l.uuid, l.product, l.vendor_connector, l.publisher_name, l.external_id, l.url,
      coalesce(nullif(p.reference, ''), p.uuid::text) as sku,
      case
        when d.status = 'RESTITUED' or p.sale_status = 'RESTITUED' then 'RESTITUTED'
        when p.sale_status in ('SELL', 'PAYED', 'FACTURED') then
          case when p.sell_on::text = pf.platform then null else 'SOLD_ELSEWHERE' end
        when p.sale_status = 'RESERVED' then 'RESERVED_ELSEWHERE'
        else 'BY_VENDOR' end as reason
    from product_listing l
    join product p on p.uuid = l.product
    join deposit d on d.uuid = p.deposit
    left join ${platformTable} on pf.publisher = l.publisher_name
    where d.vendor = ${vendor} and l.status = 'LISTED' and l.vendor_connector is not null
      and p.sale_status is distinct from 'ONLINE'
      and not (p.sale_status = 'RESERVED' and (
        (l.publisher_name = 'SECONDE_STOREFRONT' and exists (
          select 1 from storefront_reservation r where r.product = p.uuid and r.status = 'PENDING'))
        or exists (
          select 1 from product_buyer b where b.product = p.uuid and b.buy_on::text = pf.platform)))
    order by l.vendor_connector, l.product`.execute(db);
  return rows;
}

/** The listing is off its channel: WITHDRAWN, its link dropped from the product, on the timeline. */
export async function recordWithdrawn(
  db: Kysely<Database>,
  listing: { uuid: string; product: string; publisher: string; url: string | null },
  reason: WithdrawReason | null,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`
      update product_listing set status = 'WITHDRAWN', withdrawn_at = ${now},
        withdraw_reason = ${reason}, error = null, updated_at = ${now},
        row_version = row_version + 1
      where uuid = ${listing.uuid}`.execute(trx);
    if (reason && listing.url)
      await sql`
        update product set product_links = array_remove(product_links, ${listing.url}::text),
          updated_at = ${now}, row_version = row_version + 1
        where uuid = ${listing.product} and ${listing.url}::text = any(product_links)`.execute(trx);
    await recordProductEvent(trx, {
      product: listing.product,
      kind: 'WITHDRAWN',
      publisherName: listing.publisher,
      url: listing.url,
      detail: reason,
      at: now,
    });
  });
}

/** The withdrawal failed: the listing stays LISTED with the error, and is tried again later. */
export async function recordWithdrawFailed(
  db: Kysely<Database>,
  listing: { uuid: string; product: string; publisher: string; url: string | null },
  message: string,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`
      update product_listing set error = ${message}, updated_at = ${now},
        row_version = row_version + 1
      where uuid = ${listing.uuid}`.execute(trx);
    await recordProductEvent(trx, {
      product: listing.product,
      kind: 'WITHDRAW_FAILED',
      publisherName: listing.publisher,
      url: listing.url,
      detail: message,
      at: now,
    });
  });
}

/** The channel's reference of a listing row. */
export function listingRef(row: {
  external_id: string | null;
  url: string | null;
  sku: string;
}): ListingRef {
  return { externalId: row.external_id ?? '', url: row.url ?? '', sku: row.sku };
}

/**
 * The WITHDRAW_LISTINGS runner: withdraws, a few at a time per connector, what `withdrawable`
 * finds. Idempotent: a withdrawn listing is no longer LISTED, and withdrawing twice is harmless.
 */
export function withdrawRunner(
  deps: ServiceDeps,
  connectorOf: (publisher: PublisherName) => ChannelConnector,
): TaskRunner {
  const { db, clock } = deps;
  return async (_payload, report, context) => {
    const listings = await withdrawable(db, context.vendorUuid);
    await report.setTotal(listings.length);
    const accounts = new Map<string, ConnectorAccount>(
      (await loadConnectors(db, [...new Set(listings.map((l) => l.vendor_connector))])).map((c) => [
        c.uuid,
        c.account,
      ]),
    );
    const byConnector = new Map<string, Withdrawable[]>();
    for (const l of listings)
      byConnector.set(l.vendor_connector, [...(byConnector.get(l.vendor_connector) ?? []), l]);
    let done = 0;
    await Promise.all(
      [...byConnector.values()].map(async (queue) => {
        const lanes = Array.from(
          { length: Math.min(WITHDRAW_CONCURRENCY, queue.length) },
          async () => {
            for (let l = queue.shift(); l; l = queue.shift()) {
              report.signal.throwIfAborted();
              await withdrawOne(l);
              done += 1;
            }
          },
        );
        await Promise.all(lanes);
      }),
    );
    await report.progress(done);

    async function withdrawOne(l: Withdrawable): Promise<void> {
      const listing = { uuid: l.uuid, product: l.product, publisher: l.publisher_name, url: l.url };
      const account = accounts.get(l.vendor_connector);
      if (!isPublisherName(l.publisher_name) || !account) {
        await recordWithdrawFailed(db, listing, 'Unknown sales channel', clock());
        return;
      }
      try {
        await connectorOf(l.publisher_name).withdraw(listingRef(l), account, report.signal);
      } catch (error) {
        if (report.signal.aborted) throw error;
        const message = error instanceof Error ? error.message : String(error);
        await recordWithdrawFailed(db, listing, message, clock());
        return;
      }
      await recordWithdrawn(db, listing, l.reason, clock());
    }
  };
}

/** Told the vendor whose product went off sale (sold, reserved, offline, restituted). */
export type OffSaleListener = (vendorUuid: string) => void;

/**
 * The vendor owning listings still up among these products (or this deposit's), or null when none
 * is up: the sale-status rules ask before requesting withdrawals, so a change of a product never
 * published queues nothing.
 */
export async function vendorWithListingsUp(
  executor: Kysely<Database>,
  of: { readonly products: readonly string[] } | { readonly deposit: string },
): Promise<string | null> {
  const where =
    'deposit' in of
      ? sql`p.deposit = ${of.deposit}`
      : sql`p.uuid = any(${[...of.products]}::uuid[])`;
  const { rows } = await sql<{ vendor: string | null }>`
    select d.vendor from product_listing l
    join product p on p.uuid = l.product join deposit d on d.uuid = p.deposit
    where ${where} and l.status = 'LISTED' and l.vendor_connector is not null
    limit 1`.execute(executor);
  return rows[0]?.vendor ?? null;
}
