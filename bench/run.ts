// `npm run bench`: performance figures measured in Chromium against the real server, each as a
// ratio to a baseline measured in the same run. Results go to bench/results.json and a table.
//
// Every section runs in one command; each prints the machine's load average as it starts (other
// work on a shared machine slows every figure), and a section that cannot finish says why while
// the others still run. BENCH_SECTIONS picks sections (comma-separated); all by default.
//
// Export: the server's stream alone (100,000 products to a Node client, on PGlite and, when
// DATABASE_URL is set, on PostgreSQL); then 100,000 products streamed and written to a downloaded
// file by our spreadsheet worker, by SheetJS (dense, compressed) fed by the same stream in a
// worker, and as a plain CSV; then the same export driven through the app's own stock page.
//
// The first run seeds 100k products into .bench/data (about a minute); later runs reuse it.
// BENCH_RUNS sets the repetitions (3); figures are medians.
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../server/app.ts';
import { demoToken } from '../tests/helpers/demoClient.ts';
import { submitLogin } from '../tests/helpers/loginForm.ts';
import type { Browser } from 'playwright-core';
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
import { benchExportStream } from './exportStream.ts';
import { benchFirstRoute } from './firstRoute.ts';

const PRODUCTS = 100_000;
const ADMIN = 'admin@seconde.test';
const PIPELINES: readonly Pipeline[] = ['ours', 'sheetjs', 'csv'];
const ALL_SECTIONS = [
  'photoIntake',
  'exportStream',
  'export100k',
  'stockList',
  'publish',
  'invoicing',
  'publicFormLoad',
  'firstRoute',
];
const SECTIONS = (process.env.BENCH_SECTIONS ?? ALL_SECTIONS.join(',')).split(',');
/** How long the exported file may take through the app before the step gives up and says so. */
const APP_EXPORT_TIMEOUT_MS = 600_000;

function build(): void {
  console.log('Building the app and the bench page…');
  const built = spawnSync(
    'npx',
    ['vite', 'build', '--config', 'bench/vite.config.ts', '--logLevel', 'warn'],
    { stdio: 'inherit' },
  );
  if (built.status !== 0) throw new Error('The bench build failed');
}

/** Sections that could not finish, with why. */
const failures: { section: string; reason: string }[] = [];

/** The 1, 5 and 15-minute load averages against the cores: how shared the machine is. */
function loadLine(): string {
  const [one, five, fifteen] = os.loadavg().map((n) => n.toFixed(2));
  return `load average ${one}, ${five}, ${fifteen} on ${os.cpus().length} cores`;
}

/** Runs one section when picked: its load average first, its failure reported, never thrown. */
async function section(name: string, run: () => Promise<void>): Promise<void> {
  if (SECTIONS.includes(name)) await reported(name, run);
}

async function reported(name: string, run: () => Promise<void>): Promise<void> {
  console.log(`\n=== ${name}: ${loadLine()}`);
  try {
    await run();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    failures.push({ section: name, reason });
    console.error(`${name} could not finish: ${reason}`);
    if (ALL_SECTIONS.includes(name))
      await writeResults(name, { failed: reason }).catch(() => undefined);
  }
}

async function withBrowser(run: (browser: Browser) => Promise<void>): Promise<void> {
  const browser = await launchBrowser();
  try {
    await run(browser);
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  build();
  await section('firstRoute', benchFirstRoute);
  await section('photoIntake', benchPhotoIntake);
  await section('invoicing', benchInvoices);
  await section('publicFormLoad', () => withBrowser(benchPublicFormLoad));
  await section('publish', () => withBrowser(benchPublish));
  // Before the shared server below: both open the PGlite stock in .bench/data.
  await section('exportStream', benchExportStream);
  if (SECTIONS.includes('export100k') || SECTIONS.includes('stockList')) {
    let server: Awaited<ReturnType<typeof startServer>> | undefined;
    await reported('the bench server', async () => {
      console.log(`Starting the server (seeding ${PRODUCTS} products on the first run)…`);
      server = await startServer({
        port: 0,
        host: '127.0.0.1',
        staticDir: path.resolve('.bench/dist'),
        dataDir: path.resolve('.bench/data'),
        seed: 'demo',
        demoProducts: PRODUCTS,
      });
    });
    try {
      const url = server?.url;
      await section('stockList', async () => {
        if (!url) throw new Error('the bench server did not start');
        await withBrowser((browser) => benchStockList(browser, url));
      });
      await section('export100k', async () => {
        if (!server) throw new Error('the bench server did not start');
        await withBrowser((browser) => benchExport(browser, server!));
      });
    } finally {
      await server?.close();
    }
  }
  if (failures.length) {
    console.log('\nSections that could not finish:');
    for (const { section: name, reason } of failures) console.log(`- ${name}: ${reason}`);
    process.exitCode = 1;
  }
}

/** The three pipelines fed by the same stream, then the stock page's own export. */
async function benchExport(
  browser: Browser,
  server: Awaited<ReturnType<typeof startServer>>,
): Promise<void> {
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
  await page.context().close();
  if (rows !== PRODUCTS) throw new Error(`Exported ${rows} rows, expected ${PRODUCTS}`);
  const pipelines = Object.fromEntries(
    PIPELINES.map((p) => [p, { ...medianFigures(runs.get(p)!), fileBytes: bytes.get(p) }]),
  ) as Record<Pipeline, RunFigures & { fileBytes: number }>;

  const appRuns: RunFigures[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const figures = await exportThroughTheApp(browser, server.url);
    console.log(`run ${run} through the app: ${Math.round(figures.totalMs)} ms`);
    appRuns.push(figures);
  }
  const app = medianFigures(appRuns);
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
}

/**
 * Notes each phase the export window shows, with when: plain script text, so the bench's own
 * compilation adds nothing to it.
 */
const PHASE_OBSERVER = `(() => {
  window.__exportPhases = [];
  const note = () => {
    const phase = document.querySelector('[data-testid="export-status"]')?.getAttribute('data-phase');
    const seen = window.__exportPhases;
    if (phase && seen.at(-1)?.phase !== phase) seen.push({ phase, at: performance.now() });
  };
  new MutationObserver(note).observe(document.body, {
    subtree: true, childList: true, attributes: true, attributeFilter: ['data-phase'],
  });
})()`;

/**
 * The user's path: /stock, Export, the file downloaded. The page itself notes when the window
 * first shows counted rows (the fetching phase or any later one), so a phase shorter than a
 * polling interval is never waited for; a failed export ends the step at once with its reason.
 */
async function exportThroughTheApp(browser: Browser, url: string): Promise<RunFigures> {
  const page = await benchPage(browser);
  try {
    await page.goto(`${url}/stock`);
    await submitLogin(page, ADMIN);
    await page.waitForURL((u) => u.pathname === '/stock', { timeout: 60_000 });
    await page.getByTestId('stock-row').first().waitFor({ timeout: 60_000 });
    return await measure(browser, page, async () => {
      await page.evaluate(PHASE_OBSERVER);
      const start = await page.evaluate(() => performance.now());
      const downloaded = page.waitForEvent('download', { timeout: APP_EXPORT_TIMEOUT_MS });
      const failed = page
        .locator('[data-testid="export-status"][data-phase="failed"]')
        .waitFor({ timeout: APP_EXPORT_TIMEOUT_MS })
        .then(async () => {
          const why = await page.getByTestId('export-error').textContent();
          throw new Error(`the export failed in the app: ${why ?? 'no message'}`);
        });
      failed.catch(() => undefined);
      await page.getByTestId('export-products').click();
      await Promise.race([downloaded, failed]);
      const end = await page.evaluate(() => performance.now());
      const phases = (await page.evaluate('window.__exportPhases')) as {
        phase: string;
        at: number;
      }[];
      const counted = phases.find((p) => p.phase !== 'waiting');
      return { totalMs: end - start, firstProgressMs: counted ? counted.at - start : null };
    });
  } finally {
    await page.context().close();
  }
}

await main();
