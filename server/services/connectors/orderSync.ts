import { sql } from 'kysely';
import { isPublisherName } from '../../../src/domain/publishing/channels.ts';
import type { ServiceDeps } from '../deps.ts';
import { recordChannelSale } from '../publishing/channelSales.ts';
import { connectorFor } from '../publishing/connectors/registry.ts';
import { DEFAULT_ORDER_POLL_MS } from './connectorSettings.ts';

/** What one synchronisation found. */
export interface SyncOutcome {
  readonly orders: number;
  readonly recorded: number;
  readonly error: string | null;
}

interface SyncRow {
  uuid: string;
  vendor: string;
  publisher_name: string | null;
  connected: boolean;
  access_token: string | null;
  shop: string | null;
  account_name: string | null;
  sync_cursor: string | null;
}

/** One synchronisation at a time per connector: the schedule and a vendor's Sync share it. */
const running = new Map<string, Promise<SyncOutcome>>();

/**
 * Reads the connector's new orders now (channels that poll: eBay) and records each sale through
 * recordChannelSale, which sells the product and withdraws its other listings. The cursor moves
 * only after every order of the batch is recorded, so a failed run reads them again (recording
 * is idempotent per order). The outcome is kept as last_sync_at and last_sync_error. Channels
 * that push their orders (Shopify webhooks) or have none (the storefront) only note the time.
 */
export function syncConnector(deps: ServiceDeps, uuid: string): Promise<SyncOutcome> {
  const pending = running.get(uuid);
  if (pending) return pending;
  const run = runSync(deps, uuid).finally(() => running.delete(uuid));
  running.set(uuid, run);
  return run;
}

async function runSync(deps: ServiceDeps, uuid: string): Promise<SyncOutcome> {
  const { rows } = await sql<SyncRow>`
    select uuid, vendor, publisher_name, connected, access_token, shop, account_name, sync_cursor
    from vendor_connector where uuid = ${uuid}`.execute(deps.db);
  const row = rows[0];
  if (!row) return { orders: 0, recorded: 0, error: null };
  const connector = isPublisherName(row.publisher_name)
    ? connectorFor(deps, row.publisher_name)
    : undefined;
  let outcome: SyncOutcome = { orders: 0, recorded: 0, error: null };
  let cursor = row.sync_cursor;
  if (connector?.pollOrders && row.connected) {
    try {
      const batch = await connector.pollOrders(
        {
          connectorUuid: row.uuid,
          vendorUuid: row.vendor,
          accessToken: row.access_token,
          shop: row.shop,
          accountName: row.account_name,
        },
        row.sync_cursor,
        AbortSignal.timeout(5 * 60 * 1000),
      );
      let recorded = 0;
      for (const order of batch.orders) {
        const sale = await recordChannelSale(deps, {
          publisher: connector.publisher,
          connectorUuid: row.uuid,
          sku: order.sku,
          orderId: order.orderId,
          priceCents: order.priceCents,
          buyerName: order.buyerName,
          buyerEmail: order.buyerEmail,
          soldAt: order.soldAt,
        });
        if (sale) recorded += 1;
      }
      cursor = batch.cursor ?? cursor;
      outcome = { orders: batch.orders.length, recorded, error: null };
    } catch (error) {
      outcome = {
        orders: 0,
        recorded: 0,
        error: error instanceof Error ? error.message : String(error),
      };
    }
  } else if (connector?.pollOrders && !row.connected) {
    outcome = { orders: 0, recorded: 0, error: 'Not connected: connect the channel again' };
  }
  // row_version stays: nothing the vendor edits changed, so their pending edit still applies.
  await sql`
    update vendor_connector set last_sync_at = ${deps.clock()}, last_sync_error = ${outcome.error},
      sync_cursor = ${cursor}, updated_at = now()
    where uuid = ${uuid}`.execute(deps.db);
  return outcome;
}

/** Active, connected connectors of channels read by polling. */
async function pollableConnectors(deps: ServiceDeps): Promise<string[]> {
  const { rows } = await sql<{ uuid: string }>`
    select uuid from vendor_connector
    where publisher_name = 'EBAY' and is_active and connected
    order by last_sync_at nulls first`.execute(deps.db);
  return rows.map((r) => r.uuid);
}

/**
 * Polls every active eBay connector's orders every few minutes (unref'd: it never keeps the
 * process alive). A round does not start while the previous one runs; a database that no longer
 * answers (the server stopped) ends the schedule. Answers the stop.
 */
export function startOrderPolling(deps: ServiceDeps): () => void {
  const period = deps.connectors.orderPollMs ?? DEFAULT_ORDER_POLL_MS;
  if (period <= 0) return () => undefined;
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    void (async () => {
      for (const uuid of await pollableConnectors(deps)) await syncConnector(deps, uuid);
    })()
      .catch((error: unknown) => {
        // Each connector's failure is kept on it; only a database that stopped answering (the
        // server closed) gets here, and the next start polls again.
        clearInterval(timer);
        console.warn('order polling stopped:', error instanceof Error ? error.message : error);
      })
      .finally(() => {
        busy = false;
      });
  }, period);
  timer.unref();
  return () => clearInterval(timer);
}
