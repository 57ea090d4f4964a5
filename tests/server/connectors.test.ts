import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@connectrpc/connect';
import { sql } from 'kysely';
import type { ConnectorSettings } from '../../server/services/connectors/connectorSettings.ts';
import type { ServiceDeps } from '../../server/services/deps.ts';
import {
  ChannelItemError,
  ChannelUnavailableError,
  type ConnectorAccount,
  type ListingItem,
} from '../../server/services/publishing/connector.ts';
import { retryAfterMs } from '../../server/services/publishing/connectors/channelHttp.ts';
import { ebayConnector } from '../../server/services/publishing/connectors/ebay.ts';
import { shopifyConnector } from '../../server/services/publishing/connectors/shopify.ts';
import { createEbaySandbox } from '../../server/sandbox/ebaySandbox.ts';
import { createShopifySandbox } from '../../server/sandbox/shopifySandbox.ts';
import {
  SyncType,
  VendorConnectorService,
} from '../../src/rpc/gen/seconde/v1/vendor_connector_pb.ts';
import { listenHttpDouble, type HttpDouble } from '../helpers/httpDouble.ts';
import { storefrontProduct } from '../helpers/storefrontListing.ts';
import { refusalOf, startTestServer, type TestServer } from '../helpers/testServer.ts';

const SHOP = 'test-shop.myshopify.com';
let t: TestServer;
let vendorUuid: string;
let ebayDouble: HttpDouble;
let shopDouble: HttpDouble;
const ebay = createEbaySandbox({
  clientId: 'test-client',
  clientSecret: 'test-secret',
  acceptUrl: () => `${t.server.url}/connectors/oauth/ebay/callback`,
});
const shopify = createShopifySandbox({ apiKey: 'test-key', apiSecret: 'test-app-secret' });
let settings: ConnectorSettings;
let deps: ServiceDeps;

const connectors = (who: 'vendor' | 'company' = 'vendor') => t.client(VendorConnectorService, who);
const finalUri = () => `${t.server.url}/edit-profile/connectors`;
const signal = () => new AbortController().signal;
const get = (url: string) => fetch(url, { redirect: 'manual' });

beforeAll(async () => {
  ebayDouble = await listenHttpDouble((req, res) => ebay.handle(req, res, req.url ?? '/'));
  shopDouble = await listenHttpDouble((req, res) => shopify.handle(req, res, req.url ?? '/'));
  settings = {
    ebay: {
      apiUrl: ebayDouble.base,
      authUrl: ebayDouble.base,
      clientId: 'test-client',
      clientSecret: 'test-secret',
      ruName: 'Test-RuName',
      marketplaceId: 'EBAY_FR',
      categoryId: '15724',
    },
    shopify: {
      apiKey: 'test-key',
      apiSecret: 'test-app-secret',
      apiVersion: '2025-07',
      shopUrlTemplate: `${shopDouble.base}/{shop}`,
      scopes: 'write_products,read_orders',
    },
    sandbox: false,
    retry: { attempts: 4, baseDelayMs: 10, maxDelayMs: 50, budgetMs: 3000, timeoutMs: 5000 },
    orderPollMs: 0,
  };
  t = await startTestServer({ demoProducts: 0, connectors: settings }, [
    'vendor',
    'company',
    'customer',
    'admin',
  ]);
  ({ vendorUuid } = await t.demoRecords());
  deps = {
    db: t.server.db,
    clock: () => new Date(),
    connectors: settings,
    publicUrl: () => t.server.url,
  } as unknown as ServiceDeps;
});

afterAll(async () => {
  await t?.close();
  await ebayDouble?.close();
  await shopDouble?.close();
});

let skuCounter = 0;
function item(overrides: Partial<ListingItem> = {}): ListingItem {
  skuCounter += 1;
  return {
    productUuid: randomUUID(),
    sku: `SKU-${skuCounter}-${Date.now()}`,
    title: 'Robe en lin bleue',
    description: 'Robe légère, portée deux fois.',
    priceCents: 1250,
    currency: 'EUR',
    brand: 'Petit Bateau',
    size: 'M',
    quality: 'NEW_WITH_TICKET',
    categoryName: 'Robes',
    colors: ['Bleu'],
    photoUrls: ['https://example.test/media/a.jpg', 'https://example.test/media/b.jpg'],
    ...overrides,
  };
}

const ebayAccount = (): ConnectorAccount => ({
  connectorUuid: randomUUID(),
  vendorUuid: randomUUID(),
  accessToken: ebay.issueToken(),
  shop: null,
  accountName: null,
});
const shopAccount = (): ConnectorAccount => ({
  connectorUuid: randomUUID(),
  vendorUuid: randomUUID(),
  accessToken: shopify.issueToken(SHOP),
  shop: SHOP,
  accountName: SHOP,
});

const ebayCalls = (since: number) => ebay.requests.slice(since);

describe('channel HTTP', () => {
  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(retryAfterMs('3')).toBe(3000);
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(retryAfterMs('Wed, 01 Jan 2025 00:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('soon')).toBeUndefined();
    expect(retryAfterMs(null)).toBeUndefined();
  });
});

describe('eBay connector', () => {
  it('publishes an inventory item, an offer and the offer, with eBay’s headers', async () => {
    const since = ebay.requests.length;
    const product = item();
    const ref = await ebayConnector(deps).publish(product, ebayAccount(), signal());
    const calls = ebayCalls(since);
    expect(calls.map((c) => `${c.method} ${c.path.split('?')[0]}`)).toEqual([
      `PUT /sell/inventory/v1/inventory_item/${product.sku}`,
      'POST /sell/inventory/v1/offer',
      expect.stringMatching(/^POST \/sell\/inventory\/v1\/offer\/\d+\/publish$/),
    ]);
    for (const call of calls) {
      expect(call.headers.authorization).toMatch(/^Bearer v\^1\.1#sandbox#/);
      expect(call.headers['content-language']).toBe('fr-FR');
      expect(call.headers['x-ebay-c-marketplace-id']).toBe('EBAY_FR');
    }
    expect(calls[0]!.body).toEqual({
      product: {
        title: 'Robe en lin bleue',
        description: 'Robe légère, portée deux fois.',
        aspects: { Brand: ['Petit Bateau'], Size: ['M'], Color: ['Bleu'] },
        imageUrls: product.photoUrls,
      },
      condition: 'NEW_WITH_TAGS',
      availability: { shipToLocationAvailability: { quantity: 1 } },
    });
    expect(calls[1]!.body).toMatchObject({
      sku: product.sku,
      marketplaceId: 'EBAY_FR',
      format: 'FIXED_PRICE',
      availableQuantity: 1,
      categoryId: '15724',
      pricingSummary: { price: { value: '12.50', currency: 'EUR' } },
    });
    expect(ref.url).toBe(`https://www.ebay.fr/itm/${ref.externalId}`);
    expect(ref.sku).toBe(product.sku);
  });

  it('re-publishing reuses the SKU’s offer and updates it', async () => {
    const account = ebayAccount();
    const product = item();
    const first = await ebayConnector(deps).publish(product, account, signal());
    const since = ebay.requests.length;
    const again = await ebayConnector(deps).publish(
      { ...product, priceCents: 990 },
      account,
      signal(),
    );
    expect(again.externalId).toBe(first.externalId);
    const offers = [...ebay.offers.values()].filter((o) => o.sku === product.sku);
    expect(offers).toHaveLength(1);
    expect(offers[0]!.body.pricingSummary).toEqual({ price: { value: '9.90', currency: 'EUR' } });
    // Found by the documented 25002 error, then looked up by SKU; no second publish needed.
    expect(
      ebayCalls(since).map((c) => `${c.method} ${c.path.split('/').slice(0, 5).join('/')}`),
    ).toEqual([
      'PUT /sell/inventory/v1/inventory_item',
      'POST /sell/inventory/v1/offer',
      'GET /sell/inventory/v1/offer?sku=' + encodeURIComponent(product.sku),
      'PUT /sell/inventory/v1/offer',
    ]);
  });

  it('maps every quality to an eBay condition', async () => {
    const product = item({ quality: 'GOOD' });
    await ebayConnector(deps).publish(product, ebayAccount(), signal());
    expect(ebay.inventory.get(product.sku)?.condition).toBe('USED_VERY_GOOD');
  });

  it('withdraws the published offer, and withdrawing again succeeds', async () => {
    const account = ebayAccount();
    const product = item();
    const ref = await ebayConnector(deps).publish(product, account, signal());
    await ebayConnector(deps).withdraw(ref, account, signal());
    const offer = [...ebay.offers.values()].find((o) => o.sku === product.sku)!;
    expect(offer.status).toBe('UNPUBLISHED');
    await expect(ebayConnector(deps).withdraw(ref, account, signal())).resolves.toBeUndefined();
    await expect(
      ebayConnector(deps).withdraw({ ...ref, sku: 'NEVER-LISTED' }, account, signal()),
    ).resolves.toBeUndefined();
  });

  it('waits what a 429’s Retry-After asks, then succeeds', async () => {
    ebay.failNext(1, '1');
    const started = Date.now();
    const ref = await ebayConnector(deps).publish(item(), ebayAccount(), signal());
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(ref.externalId).toMatch(/^\d+$/);
  });

  it('gives up past the retry budget with ChannelUnavailableError', async () => {
    ebay.failNext(10, '0');
    await expect(ebayConnector(deps).publish(item(), ebayAccount(), signal())).rejects.toThrow(
      ChannelUnavailableError,
    );
    ebay.failNext(0);
    // A pause longer than the budget is not waited for at all.
    ebay.failNext(1, '3600');
    const started = Date.now();
    await expect(ebayConnector(deps).publish(item(), ebayAccount(), signal())).rejects.toThrow(
      ChannelUnavailableError,
    );
    expect(Date.now() - started).toBeLessThan(1000);
    ebay.failNext(0);
  });

  it('retries a 5xx with backoff', async () => {
    ebay.failNext(2, undefined, 503);
    await expect(
      ebayConnector(deps).publish(item(), ebayAccount(), signal()),
    ).resolves.toMatchObject({ sku: expect.any(String) });
  });

  it('refuses one item with eBay’s own message (ChannelItemError)', async () => {
    const refused = ebayConnector(deps).publish(
      item({ title: 'REJECT this dress' }),
      ebayAccount(),
      signal(),
    );
    await expect(refused).rejects.toThrow(ChannelItemError);
    await expect(refused).rejects.toThrow(/Invalid value for title/);
  });

  it('an expired authorisation is not an item error', async () => {
    const account = { ...ebayAccount(), accessToken: 'not-a-token' };
    await expect(ebayConnector(deps).publish(item(), account, signal())).rejects.toThrow(
      ChannelUnavailableError,
    );
  });
});

describe('Shopify connector', () => {
  const graphqlCalls = (since: number) =>
    shopify.requests.slice(since).filter((r) => r.path.endsWith('/graphql.json'));

  it('creates the product with its media, price, SKU and ACTIVE status', async () => {
    const since = shopify.requests.length;
    const product = item();
    const ref = await shopifyConnector(deps).publish(product, shopAccount(), signal());
    const calls = graphqlCalls(since);
    expect(calls[0]!.path).toBe(`/${SHOP}/admin/api/2025-07/graphql.json`);
    expect(calls[0]!.headers['x-shopify-access-token']).toMatch(/^shpat_/);
    const input = (calls[1]!.body as { variables: { input: Record<string, unknown> } }).variables
      .input;
    expect(input).toMatchObject({
      title: 'Robe en lin bleue',
      status: 'ACTIVE',
      vendor: 'Petit Bateau',
      variants: [expect.objectContaining({ sku: product.sku, price: '12.50' })],
      files: product.photoUrls.map((url) =>
        expect.objectContaining({ originalSource: url, contentType: 'IMAGE' }),
      ),
    });
    expect(input.id).toBeUndefined();
    const saved = shopify.products.get(ref.externalId)!;
    expect(ref.url).toBe(`${shopDouble.base}/${SHOP}/products/${saved.handle}`);
    expect((await fetch(ref.url)).status).toBe(200);
  });

  it('re-publishing updates the product found by SKU instead of duplicating it', async () => {
    const account = shopAccount();
    const product = item();
    const first = await shopifyConnector(deps).publish(product, account, signal());
    const again = await shopifyConnector(deps).publish(
      { ...product, title: 'Robe en lin bleu nuit' },
      account,
      signal(),
    );
    expect(again.externalId).toBe(first.externalId);
    const same = [...shopify.products.values()].filter((p) => p.variant.sku === product.sku);
    expect(same).toHaveLength(1);
    expect(same[0]!.title).toBe('Robe en lin bleu nuit');
  });

  it('a userError refuses the item with Shopify’s message', async () => {
    const refused = shopifyConnector(deps).publish(
      item({ title: 'REJECT me' }),
      shopAccount(),
      signal(),
    );
    await expect(refused).rejects.toThrow(ChannelItemError);
    await expect(refused).rejects.toThrow(/title.*not allowed/);
  });

  it('waits out THROTTLED answers and a 429, then succeeds', async () => {
    const since = shopify.requests.length;
    shopify.throttleNext(2);
    shopify.failNext(1, '0');
    const ref = await shopifyConnector(deps).publish(item(), shopAccount(), signal());
    expect(ref.externalId).toMatch(/^gid:\/\/shopify\/Product\//);
    expect(graphqlCalls(since).length).toBe(5);
  });

  it('withdrawing archives the product', async () => {
    const account = shopAccount();
    const ref = await shopifyConnector(deps).publish(item(), account, signal());
    await shopifyConnector(deps).withdraw(ref, account, signal());
    expect(shopify.products.get(ref.externalId)!.status).toBe('ARCHIVED');
    expect((await fetch(ref.url)).status).toBe(404);
  });
});

describe('VendorConnectorService', () => {
  let shopifyConnectorUuid = '';
  let ebayConnectorUuid = '';

  it('ShopPlatformOauthConnect answers Shopify’s authorize URL with a state', async () => {
    const { redirectUrl } = await connectors().shopPlatformOauthConnect({
      shop: 'test-shop',
      finalRedirectUri: finalUri(),
    });
    const url = new URL(redirectUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${shopDouble.base}/${SHOP}/admin/oauth/authorize`);
    expect(url.searchParams.get('client_id')).toBe('test-key');
    expect(url.searchParams.get('scope')).toBe('write_products,read_orders');
    expect(url.searchParams.get('redirect_uri')).toBe(
      `${t.server.url}/connectors/oauth/shopify/callback`,
    );
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    const page = await fetch(redirectUrl);
    expect(await page.text()).toContain('Authorize');
  });

  it('the callback with the shop’s code stores the connector and returns with successfull_message', async () => {
    const { redirectUrl } = await connectors().connect({
      publisherName: 'SHOPIFY',
      shop: SHOP,
      finalRedirectUri: finalUri(),
    });
    const consent = new URL(redirectUrl);
    consent.pathname = consent.pathname.replace(/authorize$/, 'decide');
    consent.searchParams.set('decision', 'accept');
    const toCallback = (await get(consent.toString())).headers.get('location')!;
    expect(toCallback).toContain('/connectors/oauth/shopify/callback?');
    expect(new URL(toCallback).searchParams.get('hmac')).toMatch(/^[0-9a-f]{64}$/);
    const back = await get(toCallback);
    expect(back.status).toBe(302);
    const location = new URL(back.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(finalUri());
    expect(location.searchParams.get('successfull_message')).toBe('Connexion réussie : Shopify.');

    const { results } = await connectors().list({});
    const row = results.find((c) => c.publisherName === 'SHOPIFY')!;
    expect(row).toMatchObject({
      connected: true,
      isActive: true,
      shop: SHOP,
      accountName: 'test-shop',
    });
    expect(row.syncType).toBe(SyncType.EXPORT_ONLY);
    shopifyConnectorUuid = row.uuid;
    const { rows } = await sql<{ access_token: string | null }>`
      select access_token from vendor_connector where uuid = ${row.uuid}`.execute(t.server.db);
    expect(rows[0]!.access_token).toMatch(/^shpat_/);
    // The orders webhook was subscribed for the shop.
    expect(
      shopify.requests.some((r) =>
        JSON.stringify(r.body ?? '').includes('webhookSubscriptionCreate'),
      ),
    ).toBe(true);
  });

  it('a forged state or a bad hmac is refused with error_message', async () => {
    const forged = await get(
      `${t.server.url}/connectors/oauth/shopify/callback?code=x&shop=${SHOP}&state=forged&hmac=00`,
    );
    expect(forged.status).toBe(302);
    const location = new URL(forged.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(finalUri());
    expect(location.searchParams.get('error_message')).toMatch(/expiré/);
    expect(location.searchParams.get('successfull_message')).toBeNull();

    const { redirectUrl } = await connectors().shopPlatformOauthConnect({
      shop: SHOP,
      finalRedirectUri: finalUri(),
    });
    const state = new URL(redirectUrl).searchParams.get('state')!;
    const badHmac = await get(
      `${t.server.url}/connectors/oauth/shopify/callback?code=x&shop=${SHOP}&state=${state}&timestamp=1&hmac=${'0'.repeat(64)}`,
    );
    expect(
      new URL(badHmac.headers.get('location')!).searchParams.get('error_message'),
    ).toBeTruthy();
  });

  it('a refused consent comes back with error_message', async () => {
    const { redirectUrl } = await connectors().connect({
      publisherName: 'EBAY',
      finalRedirectUri: `${finalUri()}?lang=en`,
    });
    const consent = new URL(redirectUrl);
    consent.pathname = consent.pathname.replace(/authorize$/, 'decide');
    consent.searchParams.set('decision', 'decline');
    const back = await get((await get(consent.toString())).headers.get('location')!);
    expect(new URL(back.headers.get('location')!).searchParams.get('error_message')).toBe(
      'The authorisation was refused on the eBay page.',
    );
  });

  it('refuses a return address outside the application', async () => {
    expect(
      await refusalOf(
        connectors().connect({ publisherName: 'EBAY', finalRedirectUri: 'https://evil.example/' }),
      ),
    ).toEqual({ code: Code.InvalidArgument, reason: 'INVALID_ARGUMENT' });
  });

  it('connects eBay through its consent and token endpoint', async () => {
    const { redirectUrl } = await connectors().connect({
      publisherName: 'EBAY',
      finalRedirectUri: finalUri(),
    });
    const consent = new URL(redirectUrl);
    expect(`${consent.origin}${consent.pathname}`).toBe(`${ebayDouble.base}/oauth2/authorize`);
    expect(consent.searchParams.get('redirect_uri')).toBe('Test-RuName');
    expect(consent.searchParams.get('response_type')).toBe('code');
    expect(consent.searchParams.get('scope')).toContain('sell.inventory');
    consent.pathname = consent.pathname.replace(/authorize$/, 'decide');
    consent.searchParams.set('decision', 'accept');
    const back = await get((await get(consent.toString())).headers.get('location')!);
    expect(new URL(back.headers.get('location')!).searchParams.get('successfull_message')).toBe(
      'Connexion réussie : eBay.',
    );
    const row = (await connectors().list({})).results.find((c) => c.publisherName === 'EBAY')!;
    expect(row).toMatchObject({
      connected: true,
      isActive: true,
      accountName: 'seconde_sandbox_seller',
    });
    ebayConnectorUuid = row.uuid;
  });

  it('connects the storefront at once', async () => {
    const answer = await connectors().connect({
      publisherName: 'SECONDE_STOREFRONT',
      finalRedirectUri: finalUri(),
    });
    expect(new URL(answer.redirectUrl).searchParams.get('successfull_message')).toBe(
      'Connexion réussie : Boutique Seconde.',
    );
    expect(answer.vendorConnector).toMatchObject({ connected: true, isActive: true });
  });

  it('PartialUpdate changes is_active and sync_type only', async () => {
    const current = await connectors().retrieve({ uuid: shopifyConnectorUuid });
    expect(
      await refusalOf(
        connectors().partialUpdate({
          vendorConnector: { uuid: shopifyConnectorUuid, connected: false },
          updateMask: { paths: ['connected'] },
        }),
      ),
    ).toEqual({ code: Code.InvalidArgument, reason: 'INVALID_FIELD_MASK' });
    const saved = await connectors().partialUpdate({
      vendorConnector: {
        uuid: shopifyConnectorUuid,
        syncType: SyncType.IMPORT_AND_EXPORT,
        rowVersion: current.rowVersion,
      },
      updateMask: { paths: ['sync_type'] },
    });
    expect(saved.syncType).toBe(SyncType.IMPORT_AND_EXPORT);
    expect(saved.connected).toBe(true);
    // A full update takes the same two fields and nothing else.
    const updated = await connectors().update({
      vendorConnector: { ...saved, connected: false, shop: 'other.myshopify.com', isActive: true },
    });
    expect(updated).toMatchObject({ connected: true, shop: SHOP });
  });

  it('another vendor cannot touch the connector', async () => {
    const forbidden = { code: Code.PermissionDenied, reason: 'FORBIDDEN' };
    expect(await refusalOf(connectors('company').retrieve({ uuid: ebayConnectorUuid }))).toEqual(
      forbidden,
    );
    expect(await refusalOf(connectors('company').sync({ uuid: ebayConnectorUuid }))).toEqual(
      forbidden,
    );
    expect(await refusalOf(connectors('company').disconnect({ uuid: ebayConnectorUuid }))).toEqual(
      forbidden,
    );
    expect(
      await refusalOf(
        connectors('company').partialUpdate({
          vendorConnector: { uuid: ebayConnectorUuid, isActive: false },
          updateMask: { paths: ['is_active'] },
        }),
      ),
    ).toEqual(forbidden);
  });

  async function listedProduct(publisher: 'EBAY' | 'SHOPIFY', connector: string) {
    const product = await storefrontProduct(t, { vendor: vendorUuid, listed: false });
    await sql`
      insert into product_listing (product, vendor_connector, publisher_name, external_id, url, status, listed_at)
      values (${product.uuid}, ${connector}, ${publisher}, ${`ext-${product.uuid}`}, 'https://example.test/x', 'LISTED', now())`.execute(
      t.server.db,
    );
    return product.uuid;
  }

  const buyersOf = async (product: string) =>
    (
      await sql<{ platform_transaction_id: string }>`
        select platform_transaction_id from product_buyer where product = ${product}`.execute(
        t.server.db,
      )
    ).rows.map((r) => r.platform_transaction_id);

  it('Sync records an eBay order once, refreshing an expired token first', async () => {
    const product = await listedProduct('EBAY', ebayConnectorUuid);
    const order = ebay.createOrder({ sku: product, priceCents: 2500, buyer: 'jeanne_b' });
    ebay.expireTokens();
    await sql`update vendor_connector set token_expires_at = now() - interval '1 minute'
      where uuid = ${ebayConnectorUuid}`.execute(t.server.db);
    const synced = await connectors().sync({ uuid: ebayConnectorUuid });
    expect(synced.lastSyncError).toBe('');
    expect(synced.lastSyncAt).toBeDefined();
    expect(await buyersOf(product)).toEqual([order.orderId]);
    const { rows } = await sql<{ selled_price: number; sell_on: string }>`
      select selled_price, sell_on::text as sell_on from product where uuid = ${product}`.execute(
      t.server.db,
    );
    expect(rows[0]).toMatchObject({ sell_on: 'EBAY' });
    expect(Number(rows[0]!.selled_price)).toBe(25);
    await connectors().sync({ uuid: ebayConnectorUuid });
    expect(await buyersOf(product)).toEqual([order.orderId]);
  });

  it('records a Shopify order webhook with a good HMAC, refuses a bad one', async () => {
    const product = await listedProduct('SHOPIFY', shopifyConnectorUuid);
    const delivery = await shopify.createOrder({ shop: SHOP, sku: product, price: '30.00' });
    expect(delivery.statuses).toEqual([200]);
    const orderId = String((JSON.parse(delivery.body) as { id: number }).id);
    expect(await buyersOf(product)).toEqual([orderId]);

    const other = await listedProduct('SHOPIFY', shopifyConnectorUuid);
    const body = JSON.stringify({ id: 42, line_items: [{ sku: other, price: '1.00' }] });
    const forged = await fetch(`${t.server.url}/webhooks/shopify/orders-create`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-shopify-hmac-sha256': shopify.signWebhook(`${body} `),
        'x-shopify-shop-domain': SHOP,
      },
      body,
    });
    expect(forged.status).toBe(401);
    expect(await buyersOf(other)).toEqual([]);
  });

  it('Disconnect forgets the tokens and switches the connector off', async () => {
    const answer = await connectors().disconnect({ uuid: ebayConnectorUuid });
    expect(answer).toMatchObject({ connected: false, isActive: false });
    const { rows } = await sql<{ access_token: string | null; refresh_token: string | null }>`
      select access_token, refresh_token from vendor_connector where uuid = ${ebayConnectorUuid}`.execute(
      t.server.db,
    );
    expect(rows[0]).toEqual({ access_token: null, refresh_token: null });
  });
});

describe('built-in sandboxes (local install without channel credentials)', () => {
  let local: TestServer;
  beforeAll(async () => {
    local = await startTestServer(
      {
        demoProducts: 0,
        connectors: {
          ebay: {
            ...settings.ebay,
            apiUrl: undefined,
            clientId: undefined,
            clientSecret: undefined,
          },
          shopify: { ...settings.shopify, apiKey: undefined, apiSecret: undefined },
          sandbox: true,
          orderPollMs: 0,
        },
      },
      ['vendor'],
    );
  });
  afterAll(async () => {
    await local?.close();
  });

  it('connects eBay and Shopify through the consent pages this server serves', async () => {
    const client = local.client(VendorConnectorService, 'vendor');
    const back = `${local.server.url}/edit-profile/connectors`;
    for (const [publisherName, shop] of [
      ['EBAY', ''],
      ['SHOPIFY', 'essai'],
    ] as const) {
      const { redirectUrl } = await client.connect({ publisherName, shop, finalRedirectUri: back });
      expect(redirectUrl.startsWith(`${local.server.url}/_sandbox/`)).toBe(true);
      const page = await fetch(redirectUrl);
      expect(await page.text()).toContain('Authorize');
      const consent = new URL(redirectUrl);
      consent.pathname = consent.pathname.replace(/authorize$/, 'decide');
      consent.searchParams.set('decision', 'accept');
      const callback = (await get(consent.toString())).headers.get('location')!;
      const done = new URL((await get(callback)).headers.get('location')!);
      expect(done.searchParams.get('successfull_message')).toMatch(/^Connexion réussie/);
    }
    const { results } = await client.list({});
    expect(
      results
        .filter((c) => c.connected)
        .map((c) => c.publisherName)
        .sort(),
    ).toEqual(['EBAY', 'SHOPIFY']);
    const sandboxPage = await fetch(`${local.server.url}/_sandbox/ebay/`);
    expect(sandboxPage.status).toBe(200);
  });
});
