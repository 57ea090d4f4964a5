import { AsyncLocalStorage } from 'node:async_hooks';
import type { ServerResponse } from 'node:http';
import type { MessageInitShape } from '@bufbuild/protobuf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { ConnectorSettings } from '../../server/services/connectors/connectorSettings.ts';
import { createEbaySandbox } from '../../server/sandbox/ebaySandbox.ts';
import type { RecordedRequest } from '../../server/sandbox/sandboxHttp.ts';
import { createShopifySandbox } from '../../server/sandbox/shopifySandbox.ts';
import { StreamCode } from '../../src/rpc/gen/seconde/v1/common_pb.ts';
import {
  DepositService,
  DepositStatus,
  type Deposit,
} from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import {
  ListingStatus,
  ProductEventKind,
  ProductListingService,
  ReservationStatus,
  StorefrontService,
  type ProductListing,
} from '../../src/rpc/gen/seconde/v1/listing_pb.ts';
import {
  PublisherService,
  type PublishProductsRequestSchema,
  type PublishProductsResponse,
} from '../../src/rpc/gen/seconde/v1/publisher_pb.ts';
import { VendorConnectorService } from '../../src/rpc/gen/seconde/v1/vendor_connector_pb.ts';
import { depositWalkedTo, setDepositStatus } from '../helpers/depositWalk.ts';
import { listenHttpDouble, type HttpDouble } from '../helpers/httpDouble.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

/**
 * The issue's "done when", walked as a new vendor would through real calls: connect the three
 * channels, publish a deposit with some incomplete products while eBay throttles, cut a publish
 * and follow it again without a double listing, then a storefront reservation, a confirmed sale,
 * an eBay and a Shopify order and a restitution, each taking the product off the other channels.
 * The steps share one server and build on each other, so they run in order.
 */

const SHOP = 'journey-shop.myshopify.com';
const RUN = `${process.pid}-${Date.now()}`;
let t: TestServer;
let vendorUuid: string;
let ebayDouble: HttpDouble;
let shopDouble: HttpDouble;

const ebay = createEbaySandbox({
  clientId: 'journey-client',
  clientSecret: 'journey-secret',
  acceptUrl: () => `${t.server.url}/connectors/oauth/ebay/callback`,
});
const shopify = createShopifySandbox({ apiKey: 'journey-key', apiSecret: 'journey-app-secret' });

// What each double answered, per recorded request: the request log keeps what was asked, the
// response (tied to it through the request's async context) says whether it was created.
const answering = new AsyncLocalStorage<ServerResponse>();
const responseOf = new WeakMap<RecordedRequest, ServerResponse>();
function keepAnswers(requests: RecordedRequest[]): void {
  const push = requests.push.bind(requests);
  requests.push = (...items: RecordedRequest[]) => {
    const res = answering.getStore();
    if (res) for (const item of items) responseOf.set(item, res);
    return push(...items);
  };
}
keepAnswers(ebay.requests);
keepAnswers(shopify.requests);
const statusOf = (r: RecordedRequest) => responseOf.get(r)?.statusCode;

const connectorUuids = { store: '', ebay: '', shopify: '' };
const allConnectors = () => [connectorUuids.store, connectorUuids.ebay, connectorUuids.shopify];

beforeAll(async () => {
  ebayDouble = await listenHttpDouble((req, res) =>
    answering.run(res, () => ebay.handle(req, res, req.url ?? '/')),
  );
  shopDouble = await listenHttpDouble((req, res) =>
    answering.run(res, () => shopify.handle(req, res, req.url ?? '/')),
  );
  const settings: ConnectorSettings = {
    ebay: {
      apiUrl: ebayDouble.base,
      authUrl: ebayDouble.base,
      clientId: 'journey-client',
      clientSecret: 'journey-secret',
      ruName: 'Journey-RuName',
      marketplaceId: 'EBAY_FR',
      categoryId: '15724',
      // Listing links open on the double, so the test can follow them.
      itemUrl: `${ebayDouble.base}/itm/`,
    },
    shopify: {
      apiKey: 'journey-key',
      apiSecret: 'journey-app-secret',
      apiVersion: '2025-07',
      shopUrlTemplate: `${shopDouble.base}/{shop}`,
      scopes: 'write_products,read_orders',
    },
    sandbox: false,
    retry: { attempts: 5, baseDelayMs: 10, maxDelayMs: 50, budgetMs: 10_000, timeoutMs: 5000 },
    orderPollMs: 0,
  };
  t = await startTestServer({ demoProducts: 0, connectors: settings }, ['vendor', 'admin']);
  vendorUuid = (await t.me('vendor')).vendorUuid;
}, 60_000);

afterAll(async () => {
  await t?.close();
  await ebayDouble?.close();
  await shopDouble?.close();
});

const db = () => t.server.db;
const finalUri = () => `${t.server.url}/edit-profile/connectors`;
const get = (url: string) => fetch(url, { redirect: 'manual' });

/** A channel's consent page accepted, as the vendor clicking "Authorize" would. */
async function accept(redirectUrl: string): Promise<URL> {
  const consent = new URL(redirectUrl);
  expect(await (await fetch(consent)).text()).toContain('Authorize');
  consent.pathname = consent.pathname.replace(/authorize$/, 'decide');
  consent.searchParams.set('decision', 'accept');
  const toCallback = (await get(consent.toString())).headers.get('location')!;
  const back = await get(toCallback);
  expect(back.status).toBe(302);
  return new URL(back.headers.get('location')!);
}

async function publishAll(
  request: MessageInitShape<typeof PublishProductsRequestSchema>,
): Promise<PublishProductsResponse[]> {
  const messages: PublishProductsResponse[] = [];
  for await (const m of t.client(PublisherService, 'vendor').publishProducts(request))
    messages.push(m);
  return messages;
}

async function listings(product: string, who: 'vendor' | 'admin' = 'vendor') {
  return (await t.client(ProductListingService, who).list({ product })).results;
}
const on = (rows: readonly ProductListing[], publisher: string) =>
  rows.find((l) => l.publisherName === publisher);

async function timeline(product: string, who: 'vendor' | 'admin' = 'vendor') {
  const { results } = await t.client(ProductListingService, who).listEvents({ product });
  return results.map((e) => `${ProductEventKind[e.kind]} ${e.publisherName}`);
}

async function productRow(uuid: string) {
  const { rows } = await sql<{
    sale_status: string;
    online_datetime: Date | null;
    product_links: string[] | null;
    publish_error: string | null;
    selled_price: number | null;
    vendor_income: number | null;
    customer_income: number | null;
    provider_income: number | null;
    sell_on: string | null;
  }>`select sale_status::text as sale_status, online_datetime, product_links, publish_error,
       selled_price, vendor_income, customer_income, provider_income, sell_on::text as sell_on
     from product where uuid = ${uuid}`.execute(db());
  return rows[0]!;
}

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 15_000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > end) throw new Error(`still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until every listing of the product on these channels is WITHDRAWN; answers them all. */
function withdrawnFrom(product: string, publishers: string[], who: 'vendor' | 'admin' = 'vendor') {
  return eventually(
    () => listings(product, who),
    (rows) => publishers.every((p) => on(rows, p)?.status === ListingStatus.WITHDRAWN),
  );
}

let categoryUuid = '';
let referenceCounter = 0;

interface Made {
  uuid: string;
  reference: string;
}

/** Products in a deposit, complete unless told (the test only needs their data). */
async function products(
  deposit: string,
  count: number,
  fields: { photo?: boolean; price?: number | null; manualCategory?: string; name?: string } = {},
): Promise<Made[]> {
  const made: Made[] = [];
  for (let i = 0; i < count; i += 1) {
    const reference = `JRN-${RUN}-${++referenceCounter}`;
    const { rows } = await sql<{ uuid: string }>`
      insert into product (deposit, reference, name, category, manual_category, quality,
        suggested_price, sale_status, comment)
      values (${deposit}, ${reference}, ${fields.name ?? `Veste en laine ${referenceCounter}`},
        ${categoryUuid}, ${fields.manualCategory ?? null}, 'VERY_GOOD',
        ${fields.price === undefined ? 25 : fields.price}, 'OFFLINE', 'Belle veste, portée deux fois')
      returning uuid`.execute(db());
    const uuid = rows[0]!.uuid;
    if (fields.photo !== false)
      await sql`
        insert into product_image (product, image, image256, "order", processing_status)
        values (${uuid}, ${`journey/${reference}-1.jpg`}, ${`journey/${reference}-1-256.jpg`}, 1,
          'COMPLETED')`.execute(db());
    made.push({ uuid, reference });
  }
  return made;
}

/** eBay offers created (POST /offer answered 201) and Shopify products created, by SKU. */
function creations(): { ebay: Map<string, number>; shopify: Map<string, number> } {
  const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  const ebayCreated = new Map<string, number>();
  for (const r of ebay.requests)
    if (r.method === 'POST' && r.path === '/sell/inventory/v1/offer' && statusOf(r) === 201)
      count(ebayCreated, String((r.body as { sku?: string }).sku));
  const shopifyCreated = new Map<string, number>();
  for (const r of shopify.requests) {
    const body = r.body as
      { query?: string; variables?: { input?: Record<string, unknown> } } | undefined;
    const input = body?.variables?.input;
    if (!body?.query?.includes('productSet(') || !input || input.id || statusOf(r) !== 200)
      continue;
    if (String(input.title ?? '').includes('REJECT')) continue;
    const sku = (input.variants as { sku?: string }[] | undefined)?.[0]?.sku;
    if (sku) count(shopifyCreated, sku);
  }
  return { ebay: ebayCreated, shopify: shopifyCreated };
}

describe('publishing journey: connect, publish, cut, reserve, sell, restitute', () => {
  let deposit: Deposit;
  let good: Made[] = [];
  let rejected: Made;
  let noPhoto: Made[] = [];
  let noPrice: Made[] = [];
  let manual: Made[] = [];
  let added: Made[] = [];
  let firstTask = '';

  it('1. connects the storefront, eBay and Shopify through their consent', async () => {
    const connectors = t.client(VendorConnectorService, 'vendor');
    const store = await connectors.connect({
      publisherName: 'SECONDE_STOREFRONT',
      finalRedirectUri: finalUri(),
    });
    expect(new URL(store.redirectUrl).searchParams.get('successfull_message')).toBe(
      'Connexion réussie : Boutique Seconde.',
    );

    const ebayConsent = await connectors.connect({
      publisherName: 'EBAY',
      finalRedirectUri: finalUri(),
    });
    expect(ebayConsent.redirectUrl.startsWith(`${ebayDouble.base}/oauth2/authorize?`)).toBe(true);
    const ebayBack = await accept(ebayConsent.redirectUrl);
    expect(`${ebayBack.origin}${ebayBack.pathname}`).toBe(finalUri());
    expect(ebayBack.searchParams.get('successfull_message')).toBe('Connexion réussie : eBay.');

    const shopConsent = await connectors.shopPlatformOauthConnect({
      shop: 'journey-shop',
      finalRedirectUri: finalUri(),
    });
    expect(shopConsent.redirectUrl.startsWith(`${shopDouble.base}/${SHOP}/admin/oauth/`)).toBe(
      true,
    );
    const shopBack = await accept(shopConsent.redirectUrl);
    expect(shopBack.searchParams.get('successfull_message')).toBe('Connexion réussie : Shopify.');

    const { results } = await connectors.list({});
    for (const [key, publisher] of [
      ['store', 'SECONDE_STOREFRONT'],
      ['ebay', 'EBAY'],
      ['shopify', 'SHOPIFY'],
    ] as const) {
      const row = results.find((c) => c.publisherName === publisher);
      expect(row, publisher).toMatchObject({ connected: true, isActive: true });
      connectorUuids[key] = row!.uuid;
    }
    expect(results.find((c) => c.publisherName === 'SHOPIFY')!.shop).toBe(SHOP);
  });

  it('2. prepares 30 products in a validated deposit, some incomplete', async () => {
    deposit = await depositWalkedTo(t, DepositStatus.DEPOSIT_VALIDATED, {
      name: `Parcours ${RUN}`,
      vendor: vendorUuid,
    });
    const { rows } = await sql<{ uuid: string }>`
      insert into category (name, active, show_brand) values (${`Parcours ${RUN}`}, true, false)
      returning uuid`.execute(db());
    categoryUuid = rows[0]!.uuid;
    good = await products(deposit.uuid, 23);
    [rejected] = (await products(deposit.uuid, 1, {
      name: 'Veste REJECT interdite',
    })) as [Made];
    noPhoto = await products(deposit.uuid, 2, { photo: false });
    noPrice = await products(deposit.uuid, 2, { price: null });
    manual = await products(deposit.uuid, 2, { manualCategory: 'Vêtement de ski' });
  });

  it('3-4. checks, then publishes the complete ones on three channels while eBay throttles', async () => {
    const all = [...good, rejected, ...noPhoto, ...noPrice, ...manual].map((p) => p.uuid);
    const check = await t.client(PublisherService, 'vendor').checkProducts({
      products: all,
      vendorConnectors: allConnectors(),
    });
    expect(check.problems).toEqual([]);
    expect(check.complete).toBe(24);
    const missing = Object.fromEntries(check.incomplete.map((p) => [p.product, p.missing]));
    expect(missing).toEqual({
      ...Object.fromEntries(noPhoto.map((p) => [p.uuid, ['MAIN_IMAGE']])),
      ...Object.fromEntries(noPrice.map((p) => [p.uuid, ['SUGGESTED_PRICE']])),
      ...Object.fromEntries(manual.map((p) => [p.uuid, ['MANUAL_CATEGORY']])),
    });
    expect(check.incomplete.map((p) => p.reference).sort()).toEqual(
      [...noPhoto, ...noPrice, ...manual].map((p) => p.reference).sort(),
    );

    // eBay is busy for a few calls: 429 with Retry-After, which the connector waits out.
    const ebaySince = ebay.requests.length;
    const shopifySince = shopify.requests.length;
    ebay.failNext(3, '1');
    const started = Date.now();
    const messages: PublishProductsResponse[] = [];
    let createdAtFirstMessage = -1;
    for await (const m of t.client(PublisherService, 'vendor').publishProducts({
      products: all,
      vendorConnectors: allConnectors(),
      completeOnly: true,
    })) {
      if (messages.length === 0)
        createdAtFirstMessage =
          ebay.requests
            .slice(ebaySince)
            .filter((r) => r.path.startsWith('/sell/') && statusOf(r) !== 429).length +
          shopify.requests.slice(shopifySince).filter((r) => r.path.endsWith('/graphql.json'))
            .length;
      messages.push(m);
    }
    const elapsed = Date.now() - started;
    expect(createdAtFirstMessage).toBe(0);
    expect(messages[0]).toMatchObject({ code: StreamCode.PROGRESS, progress: 0 });
    firstTask = messages.find((m) => m.task)!.task;
    expect(messages.filter((m) => m.code === StreamCode.PROGRESS).length).toBeGreaterThan(1);
    const last = messages.at(-1)!;
    expect(last).toMatchObject({ code: StreamCode.FINISH, total: 72, progress: 72 });
    expect(last.inlineOffers).toEqual([deposit.uuid]);

    // The 429s were answered and waited out: nothing is missing.
    const throttled = ebay.requests.slice(ebaySince).filter((r) => statusOf(r) === 429);
    expect(throttled).toHaveLength(3);
    expect(elapsed).toBeGreaterThanOrEqual(900);

    const errors = messages.flatMap((m) => m.errors);
    const incompleteErrors = errors.filter((e) => e.code === 'INCOMPLETE');
    expect(Object.fromEntries(incompleteErrors.map((e) => [e.product, e.missing]))).toEqual(
      missing,
    );
    const refusedOnEbay = errors.find(
      (e) => e.product === rejected.uuid && e.vendorConnector === connectorUuids.ebay,
    );
    expect(refusedOnEbay).toMatchObject({
      code: 'CHANNEL_REFUSED',
      reference: rejected.reference,
      message: expect.stringMatching(/Invalid value for title/),
    });
    // The only other errors: the same title refused by Shopify (its double refuses it too).
    expect(
      errors
        .filter((e) => e.code !== 'INCOMPLETE')
        .map((e) => [e.product, e.vendorConnector])
        .sort(),
    ).toEqual(
      [
        [rejected.uuid, connectorUuids.ebay],
        [rejected.uuid, connectorUuids.shopify],
      ].sort(),
    );
    const refusedRow = await productRow(rejected.uuid);
    // Both channels refused the title; the product's field keeps the last failure written, so it
    // holds eBay's words or Shopify's (each listing keeps its own channel's, checked below).
    expect(refusedRow.publish_error).toMatch(
      /^(EBAY: Invalid value for title\. |SHOPIFY: input\.title: Title "Veste REJECT interdite" contains a word that is not allowed$)/,
    );
    const refusedListings = await listings(rejected.uuid);
    expect(on(refusedListings, 'EBAY')).toMatchObject({
      status: ListingStatus.FAILED,
      error: expect.stringMatching(/Invalid value for title\. The title "Veste REJECT/),
    });
    expect(on(refusedListings, 'SECONDE_STOREFRONT')?.status).toBe(ListingStatus.LISTED);

    for (const p of good) {
      const rows = await listings(p.uuid);
      expect(rows.map((l) => [l.publisherName, l.status]).sort(), p.reference).toEqual([
        ['EBAY', ListingStatus.LISTED],
        ['SECONDE_STOREFRONT', ListingStatus.LISTED],
        ['SHOPIFY', ListingStatus.LISTED],
      ]);
      expect(on(rows, 'EBAY')!.url).toMatch(new RegExp(`^${ebayDouble.base}/itm/\\d+$`));
      expect(on(rows, 'SHOPIFY')!.url).toMatch(new RegExp(`^${shopDouble.base}/${SHOP}/products/`));
      expect(on(rows, 'SECONDE_STOREFRONT')!.url).toMatch(
        new RegExp(`^${t.server.url}/shop/[^/]+/${p.uuid}$`),
      );
      const row = await productRow(p.uuid);
      expect(row.sale_status).toBe('ONLINE');
      expect(row.online_datetime).not.toBeNull();
      expect([...(row.product_links ?? [])].sort()).toEqual(rows.map((l) => l.url).sort());
      expect(row.publish_error).toBeNull();
    }
    expect((await timeline(good[0]!.uuid)).sort()).toEqual([
      'LISTED EBAY',
      'LISTED SECONDE_STOREFRONT',
      'LISTED SHOPIFY',
    ]);
    for (const p of [...noPhoto, ...noPrice, ...manual]) {
      expect(await listings(p.uuid)).toEqual([]);
      expect((await productRow(p.uuid)).sale_status).toBe('OFFLINE');
    }
    // Every listing's page answers on its channel.
    const sample = await listings(good[0]!.uuid);
    for (const l of sample) expect((await fetch(l.url)).status, l.url).toBe(200);
  }, 30_000);

  it('5. a publish cut after its first message, followed again, lists nothing twice', async () => {
    added = await products(deposit.uuid, 4);
    const asked = [...good, rejected, ...noPhoto, ...noPrice, ...manual, ...added].map(
      (p) => p.uuid,
    );
    const ebaySince = ebay.requests.length;
    const controller = new AbortController();
    const cut: PublishProductsResponse[] = [];
    try {
      for await (const m of t
        .client(PublisherService, 'vendor')
        .publishProducts(
          { products: asked, vendorConnectors: allConnectors(), completeOnly: true },
          { signal: controller.signal },
        )) {
        cut.push(m);
        // The first message naming the task: the page has just learnt what to follow.
        if (m.task) controller.abort();
      }
    } catch {
      // The network went away.
    }
    const task = cut.at(-1)!.task;
    expect(task).not.toBe('');
    expect(task).not.toBe(firstTask);
    expect(cut.at(-1)!.code).toBe(StreamCode.PROGRESS);

    const followed = await publishAll({ task });
    expect(followed[0]!.task).toBe(task);
    const finish = followed.at(-1)!;
    expect(finish).toMatchObject({ code: StreamCode.FINISH, total: 28 * 3, progress: 28 * 3 });
    const followedListings = followed.flatMap((m) => m.listings);
    expect(followedListings.filter((l) => l.alreadyListed)).toHaveLength(24 * 3 - 2);
    expect(
      followedListings
        .filter((l) => !l.alreadyListed)
        .map((l) => l.product)
        .sort(),
    ).toEqual(added.flatMap((p) => [p.uuid, p.uuid, p.uuid]).sort());

    // Products already listed were not sent to eBay again; the new ones once each.
    const skus = new Set(
      ebay.requests
        .slice(ebaySince)
        .filter((r) => r.method === 'PUT' && r.path.includes('/inventory_item/'))
        .map((r) => decodeURIComponent(r.path.split('/').pop()!)),
    );
    expect([...skus].sort()).toEqual([rejected, ...added].map((p) => p.reference).sort());

    for (const p of added)
      expect((await listings(p.uuid)).map((l) => l.status)).toEqual(
        Array(3).fill(ListingStatus.LISTED),
      );

    // Over the whole journey so far, one eBay offer and one Shopify product per SKU.
    const created = creations();
    const listed = [...good, ...added].map((p) => p.reference).sort();
    expect([...created.ebay.keys()].sort()).toEqual(listed);
    expect([...created.ebay.values()].every((n) => n === 1)).toBe(true);
    expect([...created.shopify.keys()].sort()).toEqual(listed);
    expect([...created.shopify.values()].every((n) => n === 1)).toBe(true);
    for (const sku of listed)
      expect(
        [...ebay.offers.values()].filter((o) => o.sku === sku),
        sku,
      ).toHaveLength(1);
    expect(
      [...shopify.products.values()].filter((p) => p.variant.sku.startsWith(`JRN-${RUN}-`)),
    ).toHaveLength(listed.length);

    // Running the same publication once more creates nothing anywhere.
    const again = await publishAll({
      products: asked,
      vendorConnectors: allConnectors(),
      completeOnly: true,
    });
    expect(again.at(-1)!.code).toBe(StreamCode.FINISH);
    expect(again.flatMap((m) => m.listings).every((l) => l.alreadyListed)).toBe(true);
    expect(creations()).toEqual(created);
  }, 30_000);

  it('6. a storefront reservation takes the product off eBay and Shopify', async () => {
    const product = good[0]!;
    const { slug } = await t.client(StorefrontService, 'vendor').getShop({});
    const before = {
      ebay: ebay.requests.length,
      shopify: shopify.requests.length,
    };
    const page = await fetch(`${t.server.url}/shop/${slug}/${product.uuid}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<form');
    const response = await fetch(`${t.server.url}/shop/${slug}/${product.uuid}`, {
      method: 'POST',
      body: new URLSearchParams({
        firstName: 'Camille',
        lastName: 'Durand',
        email: `camille.${RUN}@example.fr`,
        phone: '06 12 34 56 78',
        message: 'Je passe samedi',
      }),
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    expect((await productRow(product.uuid)).sale_status).toBe('RESERVED');

    const rows = await withdrawnFrom(product.uuid, ['EBAY', 'SHOPIFY']);
    for (const publisher of ['EBAY', 'SHOPIFY'])
      expect(on(rows, publisher)!.withdrawReason).toBe('RESERVED_ELSEWHERE');
    expect(on(rows, 'SECONDE_STOREFRONT')!.status).toBe(ListingStatus.LISTED);

    const offer = [...ebay.offers.values()].find((o) => o.sku === product.reference)!;
    expect(offer.status).toBe('UNPUBLISHED');
    expect(
      ebay.requests
        .slice(before.ebay)
        .filter(
          (r) =>
            r.method === 'POST' &&
            r.path === `/sell/inventory/v1/offer/${offer.offerId}/withdraw` &&
            statusOf(r) === 200,
        ),
    ).toHaveLength(1);
    const shopProduct = [...shopify.products.values()].find(
      (p) => p.variant.sku === product.reference,
    )!;
    expect(shopProduct.status).toBe('ARCHIVED');
    const archive = shopify.requests.slice(before.shopify).filter((r) => {
      const body = r.body as { query?: string; variables?: Record<string, unknown> } | undefined;
      return (
        /productUpdate\(|productSet\(/.test(body?.query ?? '') &&
        JSON.stringify(body?.variables).includes(shopProduct.id) &&
        JSON.stringify(body?.variables).includes('ARCHIVED')
      );
    });
    expect(archive).toHaveLength(1);
    expect((await fetch(on(rows, 'SHOPIFY')!.url)).status).toBe(404);

    const events = await timeline(product.uuid);
    expect(events).toContain('RESERVED SECONDE_STOREFRONT');
    expect(events.filter((e) => e.startsWith('WITHDRAWN')).sort()).toEqual([
      'WITHDRAWN EBAY',
      'WITHDRAWN SHOPIFY',
    ]);
    // The other products stay up everywhere.
    expect((await listings(good[1]!.uuid)).map((l) => l.status)).toEqual(
      Array(3).fill(ListingStatus.LISTED),
    );
  });

  it('7. the vendor confirms the sale once the deposit is INLINE', async () => {
    const product = good[0]!;
    const current = await t.client(DepositService, 'admin').retrieve({ uuid: deposit.uuid });
    deposit = await setDepositStatus(t, 'admin', current, DepositStatus.INLINE);
    expect(deposit.status).toBe(DepositStatus.INLINE);

    const storefront = t.client(StorefrontService, 'vendor');
    const { results } = await storefront.listReservations({
      product: product.uuid,
      status: ReservationStatus.PENDING,
    });
    expect(results).toHaveLength(1);
    const confirmed = await storefront.confirmReservation({ uuid: results[0]!.uuid });
    expect(confirmed.status).toBe(ReservationStatus.CONFIRMED);
    const sold = await productRow(product.uuid);
    expect(sold).toMatchObject({ sale_status: 'SELL', sell_on: 'WEBSITE' });
    expect(Number(sold.selled_price)).toBe(25);
    expect(
      Number(sold.vendor_income) + Number(sold.customer_income) + Number(sold.provider_income),
    ).toBeCloseTo(25, 2);
    expect(Number(sold.vendor_income)).toBeGreaterThan(0);
    expect(await timeline(product.uuid)).toContain('SOLD SECONDE_STOREFRONT');
  });

  it('8. an eBay order and a Shopify order sell their products and withdraw them elsewhere', async () => {
    const soldOnEbay = good[1]!;
    const order = ebay.createOrder({
      sku: soldOnEbay.reference,
      buyer: 'jeanne_b',
      email: `jeanne.${RUN}@example.fr`,
    });
    const synced = await t
      .client(VendorConnectorService, 'vendor')
      .sync({ uuid: connectorUuids.ebay });
    expect(synced.lastSyncError).toBe('');
    const sold = await productRow(soldOnEbay.uuid);
    expect(sold).toMatchObject({ sale_status: 'SELL', sell_on: 'EBAY' });
    expect(Number(sold.selled_price)).toBe(25);
    const { rows: buyers } = await sql<{ id: string }>`
      select platform_transaction_id as id from product_buyer
      where product = ${soldOnEbay.uuid}`.execute(db());
    expect(buyers.map((b) => b.id)).toEqual([order.orderId]);
    const ebaySold = await withdrawnFrom(soldOnEbay.uuid, ['SHOPIFY', 'SECONDE_STOREFRONT']);
    expect(on(ebaySold, 'SHOPIFY')!.withdrawReason).toBe('SOLD_ELSEWHERE');
    expect(on(ebaySold, 'SECONDE_STOREFRONT')!.withdrawReason).toBe('SOLD_ELSEWHERE');
    expect(
      [...shopify.products.values()].find((p) => p.variant.sku === soldOnEbay.reference)!.status,
    ).toBe('ARCHIVED');
    expect(await timeline(soldOnEbay.uuid)).toContain('SOLD EBAY');

    const soldOnShopify = good[2]!;
    const delivery = await shopify.createOrder({
      shop: SHOP,
      sku: soldOnShopify.reference,
      price: '22.00',
      email: `paul.${RUN}@example.fr`,
      name: 'Paul Martin',
    });
    expect(delivery.statuses).toEqual([200]);
    const viaShopify = await productRow(soldOnShopify.uuid);
    expect(viaShopify).toMatchObject({ sale_status: 'SELL', sell_on: 'SHOP_PLATFORM' });
    expect(Number(viaShopify.selled_price)).toBe(22);
    const shopifySold = await withdrawnFrom(soldOnShopify.uuid, ['EBAY', 'SECONDE_STOREFRONT']);
    expect(on(shopifySold, 'EBAY')!.withdrawReason).toBe('SOLD_ELSEWHERE');
    expect(on(shopifySold, 'SECONDE_STOREFRONT')!.withdrawReason).toBe('SOLD_ELSEWHERE');
    expect([...ebay.offers.values()].find((o) => o.sku === soldOnShopify.reference)!.status).toBe(
      'UNPUBLISHED',
    );
    expect(await timeline(soldOnShopify.uuid)).toContain('SOLD SHOPIFY');

    // The shop no longer shows either.
    const { slug } = await t.client(StorefrontService, 'vendor').getShop({});
    const shopPage = await (await fetch(`${t.server.url}/shop/${slug}`)).text();
    expect(shopPage).not.toContain(soldOnEbay.uuid);
    expect(shopPage).not.toContain(soldOnShopify.uuid);
    expect(shopPage).toContain(good[3]!.uuid);
  });

  it('9. a restituted deposit’s products are withdrawn everywhere', async () => {
    let second = await depositWalkedTo(t, DepositStatus.INLINE, {
      name: `Parcours restitué ${RUN}`,
      vendor: vendorUuid,
    });
    const restituted = await products(second.uuid, 3);
    const messages = await publishAll({
      products: restituted.map((p) => p.uuid),
      vendorConnectors: allConnectors(),
    });
    expect(messages.at(-1)).toMatchObject({ code: StreamCode.FINISH, progress: 9 });
    expect(messages.flatMap((m) => m.errors)).toEqual([]);

    second = await t.client(DepositService, 'admin').retrieve({ uuid: second.uuid });
    await setDepositStatus(t, 'admin', second, DepositStatus.RESTITUED);
    for (const p of restituted) {
      const rows = await withdrawnFrom(p.uuid, ['SECONDE_STOREFRONT', 'EBAY', 'SHOPIFY'], 'admin');
      expect(rows.map((l) => l.withdrawReason)).toEqual(Array(3).fill('RESTITUTED'));
      expect((await productRow(p.uuid)).sale_status).toBe('OFFLINE');
      expect([...ebay.offers.values()].find((o) => o.sku === p.reference)!.status).toBe(
        'UNPUBLISHED',
      );
      expect(
        [...shopify.products.values()].find((s) => s.variant.sku === p.reference)!.status,
      ).toBe('ARCHIVED');
      expect(
        (await timeline(p.uuid, 'admin')).filter((e) => e.startsWith('WITHDRAWN')),
      ).toHaveLength(3);
    }
    // The first deposit's listings were left alone.
    expect((await listings(good[3]!.uuid)).map((l) => l.status)).toEqual(
      Array(3).fill(ListingStatus.LISTED),
    );
  });
});
