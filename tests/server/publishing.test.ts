import { Code } from '@connectrpc/connect';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import type { ServiceDeps } from '../../server/services/deps.ts';
import { recordChannelSale } from '../../server/services/publishing/channelSales.ts';
import type { ConnectorSettingsWithChannels } from '../../server/services/publishing/connectors/registry.ts';
import type { EnqueueInput } from '../../server/services/tasks/taskQueue.ts';
import { StreamCode } from '../../src/rpc/gen/seconde/v1/common_pb.ts';
import { DepositService, DepositStatus } from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { ListingStatus, ProductListingService } from '../../src/rpc/gen/seconde/v1/listing_pb.ts';
import { ProductService, SaleStatus } from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import {
  PublisherService,
  type PublishProductsResponse,
} from '../../src/rpc/gen/seconde/v1/publisher_pb.ts';
import { TaskName } from '../../src/rpc/gen/seconde/v1/background_task_pb.ts';
import { CHECKING_MESSAGE } from '../../server/services/publishing/publishingCalls.ts';
import { PUBLISH_CONCURRENCY } from '../../server/services/publishing/publishTask.ts';
import { fakeConnector } from '../helpers/fakeConnector.ts';
import {
  refusalOf,
  startTestServer,
  type DemoUser,
  type TestServer,
} from '../helpers/testServer.ts';

const store = fakeConnector('SECONDE_STOREFRONT');
const ebay = fakeConnector('EBAY');
let t: TestServer;
let vendor: string;
let otherVendor: string;
let category: string;
const connectors: Record<'store' | 'ebay' | 'shopify' | 'otherStore', string> = {
  store: '',
  ebay: '',
  shopify: '',
  otherStore: '',
};

beforeAll(async () => {
  const settings: ConnectorSettingsWithChannels = {
    ...loadConfig().connectors,
    channels: { SECONDE_STOREFRONT: store, EBAY: ebay },
  };
  t = await startTestServer({ demoProducts: 0, connectors: settings }, [
    'vendor',
    'company',
    'admin',
    'customer',
  ]);
  const records = await t.demoRecords();
  vendor = records.vendorUuid;
  otherVendor = records.companyVendorUuid;
  const db = t.server.db;
  const { rows } = await sql<{ uuid: string }>`
    insert into category (name, active, show_brand) values ('Publishing test', true, false)
    returning uuid`.execute(db);
  category = rows[0]!.uuid;
  connectors.store = await connector(vendor, 'SECONDE_STOREFRONT', true, false);
  connectors.ebay = await connector(vendor, 'EBAY', true, true);
  connectors.shopify = await connector(vendor, 'SHOPIFY', false, false);
  connectors.otherStore = await connector(otherVendor, 'SECONDE_STOREFRONT', true, false);
}, 120_000);
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  store.reset();
  ebay.reset();
});

async function connector(owner: string, publisher: string, active: boolean, connected: boolean) {
  const { rows } = await sql<{ uuid: string }>`
    insert into vendor_connector (vendor, publisher_name, is_active, connected)
    values (${owner}, ${publisher}, ${active}, ${connected})
    on conflict (vendor, publisher_name) do update
      set is_active = excluded.is_active, connected = excluded.connected
    returning uuid`.execute(t.server.db);
  return rows[0]!.uuid;
}

async function deposit(status: string, owner = vendor): Promise<string> {
  const { rows } = await sql<{ uuid: string }>`
    insert into deposit (vendor, status, name)
    values (${owner}, ${status}::deposit_status, 'Publishing ' || gen_random_uuid())
    returning uuid`.execute(t.server.db);
  return rows[0]!.uuid;
}

let referenceCounter = 0;
/** Products in a deposit; complete unless told otherwise (no photo, no price). */
async function products(
  depositUuid: string,
  count: number,
  fields: { photo?: boolean; price?: number | null } = {},
): Promise<string[]> {
  const start = referenceCounter;
  referenceCounter += count;
  const { rows } = await sql<{ uuid: string }>`
    insert into product (deposit, reference, name, category, quality, suggested_price, sale_status,
      comment)
    select ${depositUuid}, 'PUB-' || (${start}::int + n), 'Veste ' || n, ${category}, 'VERY_GOOD',
      ${fields.price === undefined ? 25 : fields.price}, 'OFFLINE', 'Belle veste'
    from generate_series(1, ${count}) as n order by n
    returning uuid`.execute(t.server.db);
  const uuids = rows.map((r) => r.uuid);
  if (fields.photo !== false)
    await sql`
      insert into product_image (product, image, "order", processing_status)
      select u, 'photos/' || u || '/' || k || '.jpg', k, 'COMPLETED'
      from unnest(${uuids}::uuid[]) as u, generate_series(1, 2) as k`.execute(t.server.db);
  return uuids;
}

const publisher = (who: DemoUser = 'vendor') => t.client(PublisherService, who);

async function publishAll(
  request: Parameters<ReturnType<typeof publisher>['publishProducts']>[0],
  who: DemoUser = 'vendor',
): Promise<PublishProductsResponse[]> {
  const messages: PublishProductsResponse[] = [];
  for await (const message of publisher(who).publishProducts(request)) messages.push(message);
  return messages;
}

/**
 * A publication the server refuses: the messages it sent first (the one sent at once, before the
 * products are checked) and the refusal that ended the stream.
 */
async function refusedPublication(
  request: Parameters<ReturnType<typeof publisher>['publishProducts']>[0],
  who: DemoUser = 'vendor',
) {
  const messages: PublishProductsResponse[] = [];
  const refusal = await refusalOf(
    (async () => {
      for await (const message of publisher(who).publishProducts(request)) messages.push(message);
    })(),
  );
  return { messages, refusal };
}

/** The message a new publication sends before its products are checked. */
const checking = (total: number) =>
  expect.objectContaining({
    code: StreamCode.PROGRESS,
    task: '',
    total,
    progress: 0,
    message: CHECKING_MESSAGE,
  });

async function listing(product: string, connectorUuid: string) {
  const { rows } = await sql<{
    status: string;
    url: string | null;
    withdraw_reason: string | null;
    error: string | null;
  }>`select status::text as status, url, withdraw_reason, error from product_listing
     where product = ${product} and vendor_connector = ${connectorUuid}`.execute(t.server.db);
  return rows[0];
}

async function productRow(uuid: string) {
  const { rows } = await sql<{
    sale_status: string;
    online_datetime: Date | null;
    product_links: string[] | null;
    publish_error: string | null;
    selled_price: number | null;
    vendor_income: number | null;
    sell_on: string | null;
  }>`select sale_status::text as sale_status, online_datetime, product_links, publish_error,
       selled_price, vendor_income, sell_on::text as sell_on
     from product where uuid = ${uuid}`.execute(t.server.db);
  return rows[0]!;
}

async function timeline(product: string) {
  const { rows } = await sql<{
    kind: string;
    publisher_name: string | null;
    detail: string | null;
  }>`
    select kind::text as kind, publisher_name, detail from product_event
    where product = ${product} order by occurred_at, created_at`.execute(t.server.db);
  return rows;
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

async function taskStatus(task: string) {
  const { rows } = await sql<{ status: string }>`
    select status::text as status from background_task where uuid = ${task}`.execute(t.server.db);
  return rows[0]?.status;
}

describe('checking a publication', () => {
  it('names the problems of the request and what each product lacks', async () => {
    const validated = await deposit('DEPOSIT_VALIDATED');
    const [complete] = await products(validated, 1);
    const [noPhoto] = await products(validated, 1, { photo: false });
    const [noPrice] = await products(validated, 1, { price: null });

    const empty = await publisher().checkProducts({});
    expect(empty.problems).toEqual(['NO_PUBLISHERS', 'NO_PRODUCTS']);

    const check = await publisher().checkProducts({
      products: [complete!, noPhoto!, noPrice!],
      vendorConnectors: [connectors.store, connectors.ebay, connectors.shopify],
    });
    expect(check.problems).toEqual(['CONNECTOR_INACTIVE']);
    expect(check.complete).toBe(1);
    expect(check.incomplete.map((p) => [p.product, p.missing])).toEqual([
      [noPhoto, ['MAIN_IMAGE']],
      [noPrice, ['SUGGESTED_PRICE']],
    ]);
    expect(check.incomplete[0]!.reference).toMatch(/^PUB-/);

    await sql`update vendor_connector set connected = false where uuid = ${connectors.ebay}`.execute(
      t.server.db,
    );
    const notConnected = await publisher().checkProducts({
      products: [complete!],
      vendorConnectors: [connectors.store, connectors.ebay],
    });
    // The storefront is ours: active is enough.
    expect(notConnected.problems).toEqual(['CONNECTOR_NOT_CONNECTED']);
    await sql`update vendor_connector set connected = true where uuid = ${connectors.ebay}`.execute(
      t.server.db,
    );
  });

  it('refuses another vendor’s products or connectors, and customers', async () => {
    const mine = await products(await deposit('DEPOSIT_VALIDATED'), 1);
    const theirs = await products(await deposit('DEPOSIT_VALIDATED', otherVendor), 1);
    const ask = (who: DemoUser, product: string[], connector: string[]) =>
      refusalOf(publisher(who).checkProducts({ products: product, vendorConnectors: connector }));
    expect(await ask('vendor', theirs, [connectors.store])).toEqual({
      code: Code.PermissionDenied,
      reason: 'FORBIDDEN',
    });
    expect(await ask('vendor', mine, [connectors.otherStore])).toEqual({
      code: Code.PermissionDenied,
      reason: 'FORBIDDEN',
    });
    expect((await ask('customer', mine, [connectors.store])).reason).toBe('FORBIDDEN');
    const notTheirs = await refusedPublication(
      { products: mine, vendorConnectors: [connectors.otherStore] },
      'vendor',
    );
    // Another vendor's connector is refused by the reference check, before any message.
    expect(notTheirs.messages).toEqual([]);
    expect(notTheirs.refusal.reason).toBe('FORBIDDEN');
    // A caller who may not publish at all is refused before any message.
    const customer = await refusedPublication(
      { products: mine, vendorConnectors: [connectors.store] },
      'customer',
    );
    expect(customer.messages).toEqual([]);
    expect(customer.refusal.reason).toBe('FORBIDDEN');
    // Staff act for the vendor.
    const forVendor = await publisher('admin').checkProducts({
      products: mine,
      vendorConnectors: [connectors.store],
    });
    expect(forVendor.complete).toBe(1);
  });

  it('checks 1,000 products in a few statements', async () => {
    const many = await products(await deposit('DEPOSIT_VALIDATED'), 1000);
    const started = performance.now();
    const check = await publisher().checkProducts({
      products: many,
      vendorConnectors: [connectors.store, connectors.ebay],
    });
    const ms = performance.now() - started;
    expect(check.complete).toBe(1000);
    console.info(`check of 1,000 products: ${Math.round(ms)} ms`);
    expect(ms).toBeLessThan(3000);
  }, 60_000);
});

describe('publishing', () => {
  it('refuses incomplete products unless asked to publish the complete ones only', async () => {
    const validated = await deposit('DEPOSIT_VALIDATED');
    const complete = await products(validated, 1);
    const [incomplete] = await products(validated, 1, { photo: false });
    const refused = await refusedPublication({
      products: [...complete, incomplete!],
      vendorConnectors: [connectors.store],
    });
    // The stream opened at once, then ended with the check's refusal and no task.
    expect(refused.messages).toEqual([checking(2)]);
    expect(refused.refusal).toEqual({
      code: Code.FailedPrecondition,
      reason: 'PRODUCTS_INCOMPLETE',
    });
    expect(store.published).toHaveLength(0);
    const inactive = await refusedPublication({
      products: complete,
      vendorConnectors: [connectors.shopify],
    });
    expect(inactive.messages).toEqual([checking(1)]);
    expect(inactive.refusal).toEqual({
      code: Code.FailedPrecondition,
      reason: 'CONNECTOR_INACTIVE',
    });
    const nothing = await refusedPublication({ products: complete, vendorConnectors: [] });
    expect(nothing.messages).toEqual([checking(0)]);
    expect(nothing.refusal).toEqual({ code: Code.InvalidArgument, reason: 'NO_PUBLISHERS' });
  });

  it('lists, puts online through the rules, names each failure, and offers INLINE', async () => {
    const validated = await deposit('DEPOSIT_VALIDATED');
    const notValidated = await deposit('PROGRESS');
    const [good, refusedByEbay] = await products(validated, 2);
    const [incomplete] = await products(validated, 1, { photo: false });
    const [tooEarly] = await products(notValidated, 1);
    ebay.refuse.set(refusedByEbay!, 'Item specifics missing: Brand');

    const messages = await publishAll({
      products: [good!, refusedByEbay!, incomplete!, tooEarly!],
      vendorConnectors: [connectors.store, connectors.ebay],
      completeOnly: true,
    });
    // At once, before the check: every product asked on every connector.
    expect(messages[0]).toEqual(checking(8));
    const first = messages.find((m) => m.task !== '');
    const last = messages.at(-1)!;
    expect(first!.code).toBe(StreamCode.PROGRESS);
    expect(first!.task).not.toBe('');
    expect(first!.total).toBe(6);
    expect(last.code).toBe(StreamCode.FINISH);
    expect(last.progress).toBe(6);
    expect(last.inlineOffers).toEqual([validated]);

    const errors = messages.flatMap((m) => m.errors);
    expect(errors.find((e) => e.product === incomplete)).toMatchObject({
      code: 'INCOMPLETE',
      missing: ['MAIN_IMAGE'],
    });
    expect(errors.filter((e) => e.product === tooEarly).map((e) => [e.code, e.message])).toEqual([
      ['RULE_REFUSED', 'ONLINE_BEFORE_VALIDATION'],
      ['RULE_REFUSED', 'ONLINE_BEFORE_VALIDATION'],
    ]);
    expect(errors.find((e) => e.product === refusedByEbay)).toMatchObject({
      code: 'CHANNEL_REFUSED',
      vendorConnector: connectors.ebay,
      message: 'Item specifics missing: Brand',
    });
    // The rule refused before any channel was called.
    expect(store.callsFor(tooEarly!) + ebay.callsFor(tooEarly!)).toBe(0);
    expect(store.callsFor(incomplete!)).toBe(0);

    const listings = messages.flatMap((m) => m.listings);
    expect(
      listings
        .filter((l) => l.product === good)
        .map((l) => l.publisherName)
        .sort(),
    ).toEqual(['EBAY', 'SECONDE_STOREFRONT']);
    expect(messages.at(-1)!.results).toEqual(expect.arrayContaining([good, refusedByEbay]));

    const online = await productRow(good!);
    expect(online.sale_status).toBe('ONLINE');
    expect(online.online_datetime).not.toBeNull();
    expect(online.product_links).toHaveLength(2);
    expect(online.publish_error).toBeNull();
    expect((await productRow(tooEarly!)).sale_status).toBe('OFFLINE');
    expect((await productRow(tooEarly!)).publish_error).toMatch(/inventory is validated/);
    expect((await productRow(refusedByEbay!)).publish_error).toBe(
      'EBAY: Item specifics missing: Brand',
    );
    expect((await listing(refusedByEbay!, connectors.ebay))?.status).toBe('FAILED');
    expect((await listing(refusedByEbay!, connectors.store))?.status).toBe('LISTED');

    // What the channel was sent: the title, the price in cents, absolute photos in order.
    const sent = store.published.find((i) => i.productUuid === good)!;
    expect(sent).toMatchObject({ title: 'Veste 1', description: 'Belle veste', priceCents: 2500 });
    expect(sent.photoUrls).toEqual([
      `${t.server.url}/media/photos/${good}/1.jpg`,
      `${t.server.url}/media/photos/${good}/2.jpg`,
    ]);

    const events = await t.client(ProductListingService, 'vendor').listEvents({ product: good! });
    expect(events.results).toHaveLength(2);
    const listed = await t.client(ProductListingService, 'vendor').list({ product: good! });
    expect(listed.results.map((l) => l.status)).toEqual([
      ListingStatus.LISTED,
      ListingStatus.LISTED,
    ]);
    expect(
      (await refusalOf(t.client(ProductListingService, 'company').listEvents({ product: good! })))
        .reason,
    ).toBe('FORBIDDEN');
    expect(
      (await t.client(ProductListingService, 'company').list({ product: good! })).results,
    ).toHaveLength(0);

    // Publishing again sends nothing twice; following the first task re-sends what it did.
    store.reset();
    ebay.reset();
    const again = await publishAll({
      products: [good!, refusedByEbay!],
      vendorConnectors: [connectors.store, connectors.ebay],
    });
    expect(store.published).toHaveLength(0);
    expect(ebay.published.map((i) => i.productUuid)).toEqual([refusedByEbay]);
    expect(again.flatMap((m) => m.listings).filter((l) => l.alreadyListed)).toHaveLength(3);
    const followed = await publishAll({ task: first!.task });
    expect(followed.at(-1)!.code).toBe(StreamCode.FINISH);
    expect(followed.flatMap((m) => m.listings)).toHaveLength(listings.length);
    expect(followed.flatMap((m) => m.errors)).toHaveLength(errors.length);
    expect((await refusalOf(publishAll({ task: first!.task }, 'company'))).reason).toBe(
      'FORBIDDEN',
    );
  });

  it('stops calling an unavailable channel and records why', async () => {
    const many = await products(await deposit('INLINE'), 5);
    ebay.unavailable = true;
    const messages = await publishAll({ products: many, vendorConnectors: [connectors.ebay] });
    // Only the calls already in flight when the channel first failed were made.
    expect(ebay.published.length).toBeLessThanOrEqual(PUBLISH_CONCURRENCY);
    const errors = messages.flatMap((m) => m.errors);
    expect(errors.map((e) => e.code)).toEqual(Array(5).fill('CHANNEL_UNAVAILABLE'));
    const { rows } = await sql<{ last_sync_error: string }>`
      select last_sync_error from vendor_connector where uuid = ${connectors.ebay}`.execute(
      t.server.db,
    );
    expect(rows[0]!.last_sync_error).toBe('EBAY answered 503');
  });

  it('takes a listing down when the deposit moved while the channel answered', async () => {
    const moving = await deposit('INLINE');
    const [product] = await products(moving, 1);
    store.delayMs = 400;
    const publishing = publishAll({ products: [product!], vendorConnectors: [connectors.store] });
    await eventually(
      async () => store.published.length,
      (n) => n === 1,
    );
    await sql`update deposit set status = 'PROGRESS' where uuid = ${moving}`.execute(t.server.db);
    const messages = await publishing;
    store.delayMs = 0;
    expect(messages.flatMap((m) => m.errors).map((e) => [e.code, e.message])).toEqual([
      ['RULE_REFUSED', 'ONLINE_BEFORE_VALIDATION'],
    ]);
    expect(messages.flatMap((m) => m.listings)).toEqual([]);
    expect(store.withdrawn.map((l) => l.sku)).toEqual([store.published[0]!.sku]);
    expect((await listing(product!, connectors.store))?.status).toBe('FAILED');
    expect((await productRow(product!)).sale_status).toBe('OFFLINE');
  });

  it('goes on when the page leaves; a page coming back follows the same task', async () => {
    const many = await products(await deposit('INLINE'), 60);
    store.delayMs = 20;
    const controller = new AbortController();
    const cut: PublishProductsResponse[] = [];
    try {
      for await (const message of publisher().publishProducts(
        { products: many, vendorConnectors: [connectors.store] },
        { signal: controller.signal },
      )) {
        cut.push(message);
        if (cut.length === 2) controller.abort();
      }
    } catch {
      // The page left.
    }
    expect(cut[0]).toEqual(checking(60));
    const task = cut[1]!.task;
    expect(task).not.toBe('');
    expect(cut[1]!.total).toBe(60);
    expect(cut.at(-1)!.progress).toBeLessThan(60);
    await eventually(
      () => taskStatus(task),
      (status) => status === 'COMPLETED',
      60_000,
    );
    const followed = await publishAll({ task });
    expect(followed.at(-1)!.code).toBe(StreamCode.FINISH);
    expect(followed.flatMap((m) => m.listings)).toHaveLength(60);
    expect(store.published).toHaveLength(60);
    expect(new Set(store.published.map((i) => i.productUuid)).size).toBe(60);
  }, 90_000);

  it('publishes 1,000 products with progress at once, in few messages', async () => {
    const many = await products(await deposit('INLINE'), 1000);
    const started = performance.now();
    let firstMs = 0;
    const messages: PublishProductsResponse[] = [];
    for await (const message of publisher().publishProducts({
      products: many,
      vendorConnectors: [connectors.store],
    })) {
      if (messages.length === 0) firstMs = performance.now() - started;
      messages.push(message);
    }
    const totalMs = performance.now() - started;
    expect(messages[0]).toEqual(checking(1000));
    expect(messages.at(-1)).toMatchObject({ code: StreamCode.FINISH, progress: 1000 });
    expect(messages.flatMap((m) => m.listings)).toHaveLength(1000);
    console.info(
      `publish of 1,000 products: ${messages.length} messages, first after ${Math.round(firstMs)} ms, ` +
        `${Math.round(totalMs)} ms in all (${Math.round(1000 / (totalMs / 1000))} products/s)`,
    );
  }, 180_000);
});

describe('withdrawals and channel sales', () => {
  it('withdraws the listings of a product taken off sale, and retries a failed withdrawal', async () => {
    const [product] = await products(await deposit('INLINE'), 1);
    await publishAll({
      products: [product!],
      vendorConnectors: [connectors.store, connectors.ebay],
    });
    ebay.withdrawFails = true;
    await t.client(ProductService, 'vendor').partialUpdate({
      product: { uuid: product!, saleStatus: SaleStatus.OFFLINE },
      updateMask: { paths: ['sale_status'] },
    });
    const storeListing = await eventually(
      () => listing(product!, connectors.store),
      (l) => l?.status === 'WITHDRAWN',
    );
    expect(storeListing?.withdraw_reason).toBe('BY_VENDOR');
    await eventually(
      () => timeline(product!),
      (events) => events.some((e) => e.kind === 'WITHDRAW_FAILED'),
    );
    expect((await listing(product!, connectors.ebay))?.status).toBe('LISTED');
    expect((await productRow(product!)).product_links).toEqual([
      expect.stringContaining('ebay.example'),
    ]);

    // The next request (any off-sale change of the vendor, or the periodic sweep) retries it.
    ebay.withdrawFails = false;
    const [other] = await products(await deposit('INLINE'), 1);
    await publishAll({ products: [other!], vendorConnectors: [connectors.store] });
    await t.client(ProductService, 'vendor').partialUpdate({
      product: { uuid: other!, saleStatus: SaleStatus.OFFLINE },
      updateMask: { paths: ['sale_status'] },
    });
    await eventually(
      () => listing(product!, connectors.ebay),
      (l) => l?.status === 'WITHDRAWN',
    );
    expect((await timeline(product!)).map((e) => `${e.kind} ${e.publisher_name}`).sort()).toEqual([
      'LISTED EBAY',
      'LISTED SECONDE_STOREFRONT',
      'WITHDRAWN EBAY',
      'WITHDRAWN SECONDE_STOREFRONT',
      'WITHDRAW_FAILED EBAY',
    ]);
  });

  it('withdraws every listing of a restituted deposit', async () => {
    const inline = await deposit('INLINE');
    const [product] = await products(inline, 1);
    await publishAll({
      products: [product!],
      vendorConnectors: [connectors.store, connectors.ebay],
    });
    await t.client(DepositService, 'admin').partialUpdate({
      deposit: { uuid: inline, status: DepositStatus.RESTITUED },
      updateMask: { paths: ['status'] },
    });
    for (const c of [connectors.store, connectors.ebay])
      expect(
        await eventually(
          () => listing(product!, c),
          (l) => l?.status === 'WITHDRAWN',
        ),
      ).toMatchObject({ withdraw_reason: 'RESTITUTED' });
  });

  it('records a channel sale once, sold through the rules, and withdraws the other listings', async () => {
    const inline = await deposit('INLINE');
    const [product] = await products(inline, 1);
    await publishAll({
      products: [product!],
      vendorConnectors: [connectors.store, connectors.ebay],
    });
    const enqueued: EnqueueInput[] = [];
    const tasks = { enqueue: (input: EnqueueInput) => (enqueued.push(input), Promise.resolve({})) };
    const deps = { db: t.server.db, clock: () => new Date(), tasks } as unknown as ServiceDeps;
    const sale = {
      publisher: 'EBAY' as const,
      connectorUuid: connectors.ebay,
      sku: (
        await sql<{
          reference: string;
        }>`select reference from product where uuid = ${product}`.execute(t.server.db)
      ).rows[0]!.reference,
      orderId: `order-${product}`,
      priceCents: 2200,
      buyerName: 'Jeanne Martin',
      buyerEmail: 'jeanne@example.test',
      soldAt: new Date(),
    };
    expect(await recordChannelSale(deps, sale)).toEqual({ productUuid: product });
    expect(await recordChannelSale(deps, sale)).toEqual({ productUuid: product });
    const sold = await productRow(product!);
    expect(sold).toMatchObject({ sale_status: 'SELL', selled_price: 22, sell_on: 'EBAY' });
    expect(sold.vendor_income).toBeGreaterThan(0);
    const { rows: buyers } = await sql`
      select 1 from product_buyer where product = ${product}`.execute(t.server.db);
    expect(buyers).toHaveLength(1);
    expect((await timeline(product!)).filter((e) => e.kind === 'SOLD')).toHaveLength(1);
    await eventually(
      () => Promise.resolve(enqueued.length),
      (n) => n > 0,
    );
    expect(enqueued[0]).toMatchObject({ name: TaskName.WITHDRAW_LISTINGS, vendorUuid: vendor });
    expect(
      await recordChannelSale(deps, { ...sale, sku: 'never-listed', orderId: 'x' }),
    ).toBeNull();

    // The real queue (asked by any off-sale change of the vendor) withdraws both: the storefront's
    // as sold elsewhere, eBay's (where it sold) closed without a reason.
    const [other] = await products(await deposit('INLINE'), 1);
    await publishAll({ products: [other!], vendorConnectors: [connectors.store] });
    await t.client(ProductService, 'vendor').partialUpdate({
      product: { uuid: other!, saleStatus: SaleStatus.OFFLINE },
      updateMask: { paths: ['sale_status'] },
    });
    expect(
      await eventually(
        () => listing(product!, connectors.store),
        (l) => l?.status === 'WITHDRAWN',
      ),
    ).toMatchObject({ withdraw_reason: 'SOLD_ELSEWHERE' });
    expect(
      await eventually(
        () => listing(product!, connectors.ebay),
        (l) => l?.status === 'WITHDRAWN',
      ),
    ).toMatchObject({ withdraw_reason: null });
  });

  it('reserves a product sold on a channel before its deposit is INLINE', async () => {
    const validated = await deposit('DEPOSIT_VALIDATED');
    const [product] = await products(validated, 1);
    await publishAll({ products: [product!], vendorConnectors: [connectors.store] });
    const tasks = { enqueue: () => Promise.resolve({}) };
    const deps = { db: t.server.db, clock: () => new Date(), tasks } as unknown as ServiceDeps;
    await recordChannelSale(deps, {
      publisher: 'SECONDE_STOREFRONT',
      connectorUuid: null,
      productUuid: product!,
      orderId: `reservation-${product}`,
      priceCents: null,
      buyerName: 'Paul',
      buyerEmail: null,
      soldAt: new Date(),
    });
    expect(await productRow(product!)).toMatchObject({
      sale_status: 'RESERVED',
      selled_price: 25,
      sell_on: 'WEBSITE',
    });
    expect((await timeline(product!)).at(-1)).toMatchObject({ kind: 'RESERVED' });
  });

  it('lets the vendor withdraw one listing now', async () => {
    const [product] = await products(await deposit('INLINE'), 1);
    await publishAll({ products: [product!], vendorConnectors: [connectors.ebay] });
    const [row] = (await t.client(ProductListingService, 'vendor').list({ product: product! }))
      .results;
    expect(
      (await refusalOf(t.client(ProductListingService, 'customer').withdraw({ uuid: row!.uuid })))
        .reason,
    ).toBe('FORBIDDEN');
    const withdrawn = await t.client(ProductListingService, 'vendor').withdraw({ uuid: row!.uuid });
    expect(withdrawn.status).toBe(ListingStatus.WITHDRAWN);
    expect(withdrawn.withdrawReason).toBe('BY_VENDOR');
    expect(ebay.withdrawn).toHaveLength(1);
  });
});
