import type { IncomingMessage, ServerResponse } from 'node:http';
import { sql } from 'kysely';
import type { PlainHandler } from '../../http/plainRoutes.ts';
import type { ServiceDeps } from '../deps.ts';
import { recordChannelSale } from '../publishing/channelSales.ts';
import { shopifyEndpointOrNull } from './channelConfig.ts';
import { sameSignature, shopifyWebhookHmac } from './shopifySigning.ts';

/** Shopify's webhooks are small; a bigger body is not one. */
const MAX_BODY_BYTES = 1024 * 1024;

async function rawBody(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

interface ShopifyOrder {
  id?: number | string;
  email?: string | null;
  created_at?: string;
  customer?: {
    first_name?: string | null;
    last_name?: string | null;
    email?: string | null;
  } | null;
  line_items?: { sku?: string | null; price?: string | null; quantity?: number }[];
}

const cents = (value: string | null | undefined) =>
  value && Number.isFinite(Number(value)) ? Math.round(Number(value) * 100) : null;

/**
 * Shopify's orders/create webhook (`/webhooks/shopify/orders-create`): the raw body must carry the
 * app secret's HMAC (X-Shopify-Hmac-Sha256), else 401 and nothing is read. The shop
 * (X-Shopify-Shop-Domain) names the connector; every line item with a SKU is recorded as a sale
 * of that product. Answered 200 once recorded, also when nothing matched, so Shopify does not
 * send it again; recording is idempotent per order when it does.
 */
export function shopifyWebhookRoute(deps: ServiceDeps): PlainHandler {
  return async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    if (url.pathname !== '/webhooks/shopify/orders-create' || req.method !== 'POST') {
      res.writeHead(404).end();
      return;
    }
    const endpoint = shopifyEndpointOrNull(deps);
    const body = await rawBody(req);
    const given = String(req.headers['x-shopify-hmac-sha256'] ?? '');
    if (!endpoint || !body || !sameSignature(given, shopifyWebhookHmac(body, endpoint.apiSecret))) {
      res.writeHead(401).end();
      return;
    }
    const shop = String(req.headers['x-shopify-shop-domain'] ?? '').toLowerCase();
    const { rows } = await sql<{ uuid: string }>`
      select uuid from vendor_connector
      where publisher_name = 'SHOPIFY' and lower(shop) = ${shop}`.execute(deps.db);
    let order: ShopifyOrder;
    try {
      order = JSON.parse(body.toString('utf8')) as ShopifyOrder;
    } catch {
      res.writeHead(400).end();
      return;
    }
    for (const { uuid } of rows) {
      for (const line of order.line_items ?? []) {
        if (!line.sku) continue;
        const name = [order.customer?.first_name, order.customer?.last_name]
          .filter(Boolean)
          .join(' ');
        await recordChannelSale(deps, {
          publisher: 'SHOPIFY',
          connectorUuid: uuid,
          sku: line.sku,
          orderId: String(order.id ?? ''),
          priceCents: cents(line.price),
          buyerName: name || null,
          buyerEmail: order.customer?.email ?? order.email ?? null,
          soldAt: order.created_at ? new Date(order.created_at) : deps.clock(),
        });
      }
    }
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  };
}
