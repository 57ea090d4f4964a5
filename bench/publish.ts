// Publish 1,000 products to the storefront (and eBay when its double or sandbox is there), from
// the stock page as a vendor does it: time to first progress, main-thread long tasks, longest
// frame gap, products per second. The baseline, in the same run and browser: the same stream
// read on the main thread one message at a time (bench/page/publishBaseline.ts). Each run
// publishes fresh products, since a publication never lists a product twice.
import { create } from '@bufbuild/protobuf';
import { sql } from 'kysely';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { startServer } from '../server/app.ts';
import { CategoryService, ProductFamily } from '../src/rpc/gen/seconde/v1/category_pb.ts';
import {
  DepositSchema,
  DepositService,
  DepositStatus,
} from '../src/rpc/gen/seconde/v1/deposit_pb.ts';
import {
  ProductQuality,
  ProductSchema,
  ProductService,
  SaleStatus,
} from '../src/rpc/gen/seconde/v1/product_pb.ts';
import { VendorConnectorService } from '../src/rpc/gen/seconde/v1/vendor_connector_pb.ts';
import { demoToken, rpcClient } from '../tests/helpers/demoClient.ts';
import { submitLogin } from '../tests/helpers/loginForm.ts';
import { benchPage, measure, medianFigures, printTable, round, writeResults } from './harness.ts';
import type { RunFigures } from './harness.ts';
import type { BaselineTimings } from './page/publishBaseline.ts';

const PRODUCTS = Number(process.env.BENCH_PUBLISH_PRODUCTS ?? 1000);
const RUNS = Number(process.env.BENCH_PUBLISH_RUNS ?? 1);
const VENDOR = 'vendor@seconde.test';
const ADMIN = 'admin@seconde.test';
const WAIT = { timeout: 600_000 };
const WALK = [
  DepositStatus.TODO,
  DepositStatus.PROGRESS,
  DepositStatus.CUSTOMER_WAITING,
  DepositStatus.DEPOSIT_VALIDATED,
];

type Server = Awaited<ReturnType<typeof startServer>>;
type Rpc = <S extends Parameters<typeof rpcClient>[1]>(s: S) => ReturnType<typeof rpcClient<S>>;

async function clientsOf(server: Server, email: string): Promise<{ rpc: Rpc; token: string }> {
  const token = await demoToken(
    { url: server.url, issuer: server.issuer, clientId: server.clientId },
    email,
  );
  return { rpc: ((s) => rpcClient(server.url, s, token)) as Rpc, token };
}

/** A validated deposit of the vendor with `PRODUCTS` complete products (photo rows written directly). */
async function seedDeposit(server: Server, vendor: Rpc, admin: Rpc, label: string) {
  const { results } = await vendor(CategoryService).list({
    pagination: { page: 1, pageSize: 5000 },
  });
  const plain = results.find(
    (c) => !c.showBrand && !c.showSize && !c.showIsbn && !c.showVideoGameRating,
  );
  if (!plain) throw new Error('No category without brand or size in the demo catalogue');
  let deposit = await vendor(DepositService).create({
    deposit: create(DepositSchema, {
      name: `Bench publication ${label} ${Date.now()}`,
      status: DepositStatus.RECEIVED,
      family: ProductFamily.WOMAN,
    }),
  });
  for (const status of WALK)
    deposit = await admin(DepositService).partialUpdate({
      deposit: { uuid: deposit.uuid, rowVersion: deposit.rowVersion, status },
      updateMask: { paths: ['status'] },
    });
  const uuids: string[] = [];
  const one = async (n: number) => {
    const p = await vendor(ProductService).create({
      product: create(ProductSchema, {
        deposit: deposit.uuid,
        name: `Bench ${label} ${n}`,
        category: plain.uuid,
        quality: ProductQuality.VERY_GOOD,
        suggestedPrice: 20 + (n % 30),
        saleStatus: SaleStatus.OFFLINE,
      }),
    });
    uuids.push(p.uuid);
  };
  for (let n = 0; n < PRODUCTS; n += 8)
    await Promise.all(Array.from({ length: Math.min(8, PRODUCTS - n) }, (_, i) => one(n + i)));
  await sql`insert into product_image (product, image, image256, "order", processing_status)
    select uuid, 'bench/' || uuid || '.jpg', 'bench/' || uuid || '-256.jpg', 1, 'COMPLETED'
    from product where uuid = any(${uuids}::uuid[])`.execute(server.db);
  return { deposit: deposit.uuid, products: uuids };
}

/** The storefront connected through its call; eBay written connected when its row can be. */
async function connectors(server: Server, vendor: Rpc): Promise<string[]> {
  await vendor(VendorConnectorService).connect({
    publisherName: 'SECONDE_STOREFRONT',
    finalRedirectUri: `${server.url}/edit-profile/connectors`,
  });
  await sql`insert into vendor_connector (vendor, publisher_name, is_active, connected, access_token, account_name)
    select vendor, 'EBAY', true, true, 'bench-token', 'bench'
    from vendor_connector where publisher_name = 'SECONDE_STOREFRONT'
    on conflict do nothing`
    .execute(server.db)
    .catch((error: unknown) => console.log(`eBay connector not written: ${String(error)}`));
  const { results } = await vendor(VendorConnectorService).list({
    pagination: { page: 1, pageSize: 100 },
    isActive: true,
  });
  return results
    .filter((c) => c.publisherName === 'SECONDE_STOREFRONT' || c.publisherName === 'EBAY')
    .map((c) => c.uuid);
}

/** The vendor's path: /stock of the deposit, select all, Publier, check, publish. */
async function publishThroughTheApp(browser: Browser, url: string, deposit: string) {
  const page = await benchPage(browser);
  await page.goto(`${url}/stock?deposit=${deposit}`);
  await submitLogin(page, VENDOR);
  await page.getByTestId('stock-row').first().waitFor(WAIT);
  await page.getByTestId('stock-select-all').click();
  await page.getByTestId('stock-publish').click();
  await page.locator('[data-testid="publish-dialog"][data-step="choosing"]').waitFor(WAIT);
  for (const name of ['SECONDE_STOREFRONT', 'EBAY']) {
    const box = page.getByTestId(`publish-channel-${name}`);
    if ((await box.count()) > 0 && !(await box.isChecked())) await box.check({ force: true });
  }
  await page.getByTestId('publish-check').click();
  await page.getByTestId('publish-confirm').waitFor(WAIT);
  const figures = await measure(browser, page, async () => {
    const start = Date.now();
    await page.getByTestId('publish-start').click();
    await page
      .getByTestId('publish-count')
      .filter({ hasText: /\/ [1-9]/ })
      .waitFor(WAIT);
    const firstProgressMs = Date.now() - start;
    await page.locator('[data-testid="publish-progress"][data-step="finished"]').waitFor(WAIT);
    return { totalMs: Date.now() - start, firstProgressMs };
  });
  const listed = await page.getByTestId('publish-finished').textContent();
  await page.context().close();
  return { figures, listed };
}

async function publishOnTheMainThread(
  browser: Browser,
  url: string,
  token: string,
  products: string[],
  channels: string[],
) {
  const page = await benchPage(browser);
  await page.goto(`${url}/bench/page/publish.html`);
  await page.getByText('loaded').waitFor();
  let timings: BaselineTimings | undefined;
  const figures = await measure(browser, page, async () => {
    timings = await page.evaluate(([tok, p, c]) => window.runPublishBaseline(tok, p, c), [
      token,
      products,
      channels,
    ] as const);
    return timings;
  });
  await page.context().close();
  return { figures, timings: timings! };
}

export async function benchPublish(browser: Browser): Promise<void> {
  console.log(`Publish: starting a server for ${PRODUCTS} products per run…`);
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    staticDir: path.resolve('.bench/dist'),
    dataDir: path.resolve('.bench/publish-data'),
    seed: 'demo',
  });
  try {
    const vendor = await clientsOf(server, VENDOR);
    const admin = await clientsOf(server, ADMIN);
    const channels = await connectors(server, vendor.rpc);
    const ours: RunFigures[] = [];
    const baseline: RunFigures[] = [];
    const counts: unknown[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const a = await seedDeposit(server, vendor.rpc, admin.rpc, `app-${run}`);
      const b = await seedDeposit(server, vendor.rpc, admin.rpc, `main-${run}`);
      const viaApp = () => publishThroughTheApp(browser, server.url, a.deposit);
      const viaMain = () =>
        publishOnTheMainThread(browser, server.url, vendor.token, b.products, channels);
      // Alternated, so neither side always meets a cold server.
      const appFirst = run % 2 === 1;
      const first = appFirst ? await viaApp() : await viaMain();
      const second = appFirst ? await viaMain() : await viaApp();
      const app = (appFirst ? first : second) as Awaited<ReturnType<typeof viaApp>>;
      const main = (appFirst ? second : first) as Awaited<ReturnType<typeof viaMain>>;
      ours.push(app.figures);
      baseline.push(main.figures);
      counts.push({ app: app.listed, baseline: main.timings });
      console.log(
        `run ${run}: app ${Math.round(app.figures.totalMs)} ms, main thread ${Math.round(main.figures.totalMs)} ms`,
      );
    }
    const o = medianFigures(ours);
    const b = medianFigures(baseline);
    const perSecond = (f: RunFigures) => PRODUCTS / (f.totalMs / 1000);
    // Zero long tasks or gaps count as one (or 16 ms), so the ratios stay finite.
    const ratios = {
      firstProgress: (o.firstProgressMs ?? 0) / Math.max(1, b.firstProgressMs ?? 1),
      longTasks: Math.max(1, o.longTasks) / Math.max(1, b.longTasks),
      longestFrameGap: Math.max(16, o.longestFrameGapMs) / Math.max(16, b.longestFrameGapMs),
      productsPerSecond: perSecond(o) / perSecond(b),
    };
    await writeResults('publish', {
      products: PRODUCTS,
      channels: channels.length,
      runs: RUNS,
      aims: { firstProgressMs: 200, longTasks: 0, longestFrameGapMs: 50 },
      ours: { ...o, productsPerSecond: perSecond(o) },
      baseline: { ...b, productsPerSecond: perSecond(b) },
      ratios,
      counts,
    });
    printTable(
      `Publish ${PRODUCTS} products on ${channels.length} channel(s) (median of ${RUNS})`,
      {
        ours: round({ ...o, productsPerSecond: perSecond(o) }),
        'main thread, per message': round({ ...b, productsPerSecond: perSecond(b) }),
      },
    );
    printTable('Ratios (ours / baseline)', { ratio: round(ratios) });
  } finally {
    await server.close();
  }
}
