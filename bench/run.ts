// `npm run bench`: performance figures measured in Chromium against the real server, each as a
// ratio to a baseline measured in the same run. Results go to bench/results.json and a table.
//
// Export: 100,000 products streamed from the server and written to a downloaded file by our
// spreadsheet worker, by SheetJS (dense, compressed) fed by the same stream in a worker, and as a
// plain CSV; then the same export driven through the app's own stock page, as a user does it.
//
// The first run seeds 100k products into .bench/data (a few minutes); later runs reuse it.
// BENCH_RUNS sets the repetitions (3); figures are medians.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { startServer } from '../server/app.ts';
import { demoToken } from '../tests/helpers/demoClient.ts';
import { submitLogin } from '../tests/helpers/loginForm.ts';
import {
  benchPage,
  launchBrowser,
  measure,
  medianFigures,
  printTable,
  round,
  RUNS,
  writeResults,
  type RunFigures,
} from './harness.ts';
import type { Pipeline, PipelineTimings } from './page/bench.ts';
import { benchPhotoIntake } from './photoIntake.ts';
import { benchInvoices } from './invoices.ts';
import { benchPublish } from './publish.ts';
import { benchPublicFormLoad } from './publicFormLoad.ts';
import { benchStockList } from './stockList.ts';

const PRODUCTS = 100_000;
const ADMIN = 'admin@seconde.test';
const PIPELINES: readonly Pipeline[] = ['ours', 'sheetjs', 'csv'];
// BENCH_SECTIONS picks sections (comma-separated); all by default.
const SECTIONS = (
  process.env.BENCH_SECTIONS ?? 'photoIntake,export100k,stockList,publish,invoicing,publicFormLoad'
).split(',');

function build(): void {
  console.log('Building the app and the bench page…');
  const built = spawnSync(
    'npx',
    ['vite', 'build', '--config', 'bench/vite.config.ts', '--logLevel', 'warn'],
    { stdio: 'inherit' },
  );
  if (built.status !== 0) throw new Error('The bench build failed');
}

async function main(): Promise<void> {
  build();
  if (SECTIONS.includes('photoIntake')) await benchPhotoIntake();
  if (SECTIONS.includes('invoicing')) await benchInvoices();
  if (SECTIONS.includes('publicFormLoad')) {
    const browser = await launchBrowser();
    try {
      await benchPublicFormLoad(browser);
    } finally {
      await browser.close();
    }
  }
  if (SECTIONS.includes('publish')) {
    const browser = await launchBrowser();
    try {
      await benchPublish(browser);
    } finally {
      await browser.close();
    }
  }
  if (!SECTIONS.includes('export100k') && !SECTIONS.includes('stockList')) return;
  console.log(`Starting the server (seeding ${PRODUCTS} products on the first run)…`);
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    staticDir: path.resolve('.bench/dist'),
    dataDir: path.resolve('.bench/data'),
    seed: 'demo',
    demoProducts: PRODUCTS,
  });
  const browser = await launchBrowser();
  try {
    if (SECTIONS.includes('stockList')) await benchStockList(browser, server.url);
    if (!SECTIONS.includes('export100k')) return;
    const token = await demoToken(
      { url: server.url, issuer: server.issuer, clientId: server.clientId },
      ADMIN,
    );
    const page = await benchPage(browser);
    await page.goto(`${server.url}/bench/page/bench.html`);
    await page.getByText('loaded').waitFor();

    const runs = new Map<Pipeline, RunFigures[]>(PIPELINES.map((p) => [p, []]));
    let rows = 0;
    const bytes = new Map<Pipeline, number>();
    for (let run = 1; run <= RUNS; run++) {
      for (const pipeline of PIPELINES) {
        let timings: PipelineTimings | undefined;
        const figures = await measure(browser, page, async () => {
          timings = await page.evaluate(([p, tok]) => window.runPipeline(p, tok), [
            pipeline,
            token,
          ] as const);
          return timings;
        });
        rows = timings!.rows;
        bytes.set(pipeline, timings!.bytes);
        runs.get(pipeline)!.push(figures);
        console.log(`run ${run} ${pipeline}: ${Math.round(figures.totalMs)} ms`);
      }
    }
    if (rows !== PRODUCTS) throw new Error(`Exported ${rows} rows, expected ${PRODUCTS}`);
    const pipelines = Object.fromEntries(
      PIPELINES.map((p) => [p, { ...medianFigures(runs.get(p)!), fileBytes: bytes.get(p) }]),
    ) as Record<Pipeline, RunFigures & { fileBytes: number }>;

    const app = await exportThroughTheApp(browser, server.url);
    const ratios = {
      oursToSheetjs: pipelines.ours.totalMs / pipelines.sheetjs.totalMs,
      oursToCsv: pipelines.ours.totalMs / pipelines.csv.totalMs,
      appToSheetjs: app.totalMs / pipelines.sheetjs.totalMs,
    };
    await writeResults('export100k', { rows, runs: RUNS, pipelines, app, ratios });
    printTable(`Export of ${rows} products (median of ${RUNS} runs, ms and MB)`, {
      ...Object.fromEntries(Object.entries(pipelines).map(([k, v]) => [k, round(v)])),
      'ours via the app': round(app),
    });
    printTable('Ratios (lower is better)', { total: round(ratios) });
  } finally {
    await browser.close();
    await server.close();
  }
}

/** The user's path: /stock, Export, the file downloaded; first progress is the counted phase. */
async function exportThroughTheApp(
  browser: Awaited<ReturnType<typeof launchBrowser>>,
  url: string,
): Promise<RunFigures> {
  const page = await benchPage(browser);
  await page.goto(`${url}/stock`);
  await submitLogin(page, ADMIN);
  await page.waitForURL((u) => u.pathname === '/stock', { timeout: 60_000 });
  await page.getByTestId('stock-row').first().waitFor({ timeout: 60_000 });
  const figures = await measure(browser, page, async () => {
    const start = Date.now();
    const downloaded = page.waitForEvent('download', { timeout: 600_000 });
    await page.getByTestId('export-products').click();
    await page
      .locator('[data-testid="export-status"][data-phase="fetching"]')
      .waitFor({ timeout: 300_000 });
    const firstProgressMs = Date.now() - start;
    await downloaded;
    return { totalMs: Date.now() - start, firstProgressMs };
  });
  await page.context().close();
  return figures;
}

await main();
