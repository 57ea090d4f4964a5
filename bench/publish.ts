// Publish 1,000 products to the storefront (and eBay when its double or sandbox is there), from
// the stock page as a vendor does it: time to first progress, main-thread long tasks, longest
// frame gap, products per second. The baseline, in the same run and browser: the same stream
// read on the main thread one message at a time (bench/page/publishBaseline.ts). Each run
// publishes fresh products, since a publication never lists a product twice.
import { create } from '@bufbuild/protobuf';
import { sql } from 'kysely';
import { writeFile } from 'node:fs/promises';
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
// At least three measured runs, alternating which side goes first; figures are medians.
const RUNS = Math.max(3, Number(process.env.BENCH_PUBLISH_RUNS ?? 3));
// A first, smaller pair not counted: the server's and the browser's first compilations, caches
// and connections land there rather than on whichever side happens to go first.
const WARMUP_PRODUCTS = Number(process.env.BENCH_PUBLISH_WARMUP ?? 100);
const VENDOR = 'vendor@seconde.test';
const ADMIN = 'admin@seconde.test';
const WAIT = { timeout: 600_000 };
const TRACE = process.env.BENCH_PUBLISH_TRACE;
const WALK = [
  DepositStatus.TODO,
  DepositStatus.PROGRESS,
  DepositStatus.CUSTOMER_WAITING,
  DepositStatus.DEPOSIT_VALIDATED,
];

declare global {
  interface Window {
    /** The app's publication timed in the page (see publishThroughTheApp). */
    __publishTimings?: Promise<{ totalMs: number; firstProgressMs: number | null }>;
  }
}

type Server = Awaited<ReturnType<typeof startServer>>;
type Rpc = <S extends Parameters<typeof rpcClient>[1]>(s: S) => ReturnType<typeof rpcClient<S>>;

async function clientsOf(server: Server, email: string): Promise<{ rpc: Rpc; token: string }> {
  const token = await demoToken(
    { url: server.url, issuer: server.issuer, clientId: server.clientId },
    email,
  );
  return { rpc: ((s) => rpcClient(server.url, s, token)) as Rpc, token };
}

/** A validated deposit of the vendor with `size` complete products (photo rows written directly). */
async function seedDeposit(server: Server, vendor: Rpc, admin: Rpc, label: string, size: number) {
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
  for (let n = 0; n < size; n += 8)
    await Promise.all(Array.from({ length: Math.min(8, size - n) }, (_, i) => one(n + i)));
  await sql`insert into product_image (product, image, image256, "order", processing_status)
    select uuid, 'bench/' || uuid || '.jpg', 'bench/' || uuid || '-256.jpg', 1, 'COMPLETED'
    from product where uuid = any(${uuids}::uuid[])`.execute(server.db);
  return { deposit: deposit.uuid, products: uuids };
}

/** A GET that does not follow redirects: each hop of the consent is looked at on its own. */
async function hop(url: string): Promise<Response> {
  const answer = await fetch(url, { redirect: 'manual' });
  if (answer.status >= 400) throw new Error(`${url} answered ${answer.status}`);
  return answer;
}

/**
 * eBay connected the way a vendor does it, against the server's own eBay sandbox: Connect gives
 * the consent page, its Authorize form is sent (a GET form: its hidden fields plus the button's
 * decision), the sandbox sends us back to the server's callback, which stores the tokens.
 */
async function connectEbay(server: Server, vendor: Rpc): Promise<void> {
  const { redirectUrl } = await vendor(VendorConnectorService).connect({
    publisherName: 'EBAY',
    finalRedirectUri: `${server.url}/edit-profile/connectors`,
  });
  const consent = await hop(redirectUrl);
  const page = await consent.text();
  const form = /<form method="get" action="([^"]+)">([\s\S]*?)<\/form>/.exec(page);
  const accept = /<button type="submit" name="([^"]+)" value="([^"]+)">Authorize</.exec(page);
  if (!form || !accept) throw new Error('The eBay sandbox consent page has no Authorize form');
  const decide = new URL(form[1]!.replaceAll('&amp;', '&'), redirectUrl);
  for (const [, name, value] of form[2]!.matchAll(/name="([^"]*)" value="([^"]*)"/g))
    if (name !== accept[1]) decide.searchParams.set(unescapeHtml(name!), unescapeHtml(value!));
  decide.searchParams.set(accept[1]!, accept[2]!);
  const toCallback = (await hop(decide.toString())).headers.get('location');
  if (!toCallback) throw new Error('The eBay sandbox did not send us back to the callback');
  const back = (await hop(new URL(toCallback, decide).toString())).headers.get('location') ?? '';
  if (!new URL(back, server.url).searchParams.has('successfull_message'))
    throw new Error(`eBay was not connected: ${back}`);
}

const unescapeHtml = (text: string) =>
  text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

/** The storefront and eBay (its sandbox) connected through their calls, as a vendor does. */
async function connectors(server: Server, vendor: Rpc): Promise<string[]> {
  await vendor(VendorConnectorService).connect({
    publisherName: 'SECONDE_STOREFRONT',
    finalRedirectUri: `${server.url}/edit-profile/connectors`,
  });
  await connectEbay(server, vendor);
  const { results } = await vendor(VendorConnectorService).list({
    pagination: { page: 1, pageSize: 100 },
    isActive: true,
  });
  const chosen = results.filter(
    (c) => c.publisherName === 'SECONDE_STOREFRONT' || (c.publisherName === 'EBAY' && c.connected),
  );
  if (chosen.length !== 2) throw new Error('The storefront and eBay are not both connected');
  return chosen.map((c) => c.uuid);
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
  // BENCH_PUBLISH_TRACE=file: the page's DevTools trace over the publication (Performance panel).
  const tracer = TRACE ? await page.context().newCDPSession(page) : null;
  const traceEvents: unknown[] = [];
  if (tracer) {
    tracer.on('Tracing.dataCollected', ({ value }) => traceEvents.push(...value));
    await tracer.send('Tracing.start', {
      categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute',
      transferMode: 'ReportEvents',
    });
  }
  const figures = await measure(browser, page, async () => {
    // Timed in the page, as the baseline is: from the click's event to the DOM showing the first
    // counts, then the finished step (Playwright's own polling would add its latency to ours).
    await page.evaluate(() => {
      window.__publishTimings = new Promise((resolve) => {
        let clicked = 0;
        let firstProgressMs: number | null = null;
        document.addEventListener(
          'click',
          (event) => {
            const target = event.target as Element | null;
            if (target?.closest('[data-testid="publish-start"]')) clicked = performance.now();
          },
          { capture: true },
        );
        const watch = new MutationObserver(() => {
          if (!clicked) return;
          const count = document.querySelector('[data-testid="publish-count"]')?.textContent;
          if (firstProgressMs === null && /\/ [1-9]/.test(count ?? ''))
            firstProgressMs = performance.now() - clicked;
          if (document.querySelector('[data-testid="publish-progress"][data-step="finished"]')) {
            watch.disconnect();
            resolve({ totalMs: performance.now() - clicked, firstProgressMs });
          }
        });
        watch.observe(document.body, {
          subtree: true,
          childList: true,
          characterData: true,
          attributes: true,
          attributeFilter: ['data-step'],
        });
      });
    });
    await page.getByTestId('publish-start').click();
    await page.locator('[data-testid="publish-progress"][data-step="finished"]').waitFor(WAIT);
    return page.evaluate(() => window.__publishTimings!);
  });
  if (tracer) {
    const complete = new Promise((resolve) => tracer.once('Tracing.tracingComplete', resolve));
    await tracer.send('Tracing.end');
    await complete;
    await writeFile(TRACE!, JSON.stringify({ traceEvents }));
    console.log(`Trace written to ${TRACE}`);
  }
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
    const pair = async (label: string, size: number, appFirst: boolean) => {
      const a = await seedDeposit(server, vendor.rpc, admin.rpc, `app-${label}`, size);
      const b = await seedDeposit(server, vendor.rpc, admin.rpc, `main-${label}`, size);
      const viaApp = () => publishThroughTheApp(browser, server.url, a.deposit);
      const viaMain = () =>
        publishOnTheMainThread(browser, server.url, vendor.token, b.products, channels);
      if (appFirst) {
        const app = await viaApp();
        return { app, main: await viaMain() };
      }
      const main = await viaMain();
      return { app: await viaApp(), main };
    };
    if (WARMUP_PRODUCTS > 0) {
      const warm = await pair('warm-up', WARMUP_PRODUCTS, true);
      console.log(
        `warm-up (not counted): ${warm.app.listed}; baseline ${JSON.stringify(warm.main.timings)}`,
      );
    }
    for (let run = 1; run <= RUNS; run++) {
      // Alternated, so neither side always goes first.
      const appFirst = run % 2 === 1;
      const { app, main } = await pair(String(run), PRODUCTS, appFirst);
      if (main.timings.errors > 0 || !/\b0 error/.test(app.listed ?? ''))
        console.log(
          `run ${run}: some publications failed: ${app.listed} / ${JSON.stringify(main.timings)}`,
        );
      ours.push(app.figures);
      baseline.push(main.figures);
      counts.push({ appFirst, app: app.listed, baseline: main.timings });
      console.log(
        `run ${run} (${appFirst ? 'app' : 'main thread'} first): app ${Math.round(app.figures.totalMs)} ms, main thread ${Math.round(main.figures.totalMs)} ms`,
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
