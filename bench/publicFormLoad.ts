// The public deposit form's first load on a phone, against the dashboard's as the baseline: a
// 360 x 740 touch page with the CPU slowed 4x and the HTTP cache off, measuring the JavaScript
// it downloads (count, bytes, bytes once gzipped) and the long tasks (over 50 ms) until the page
// shows its first content and settles. The dashboard is measured signed in, by a reload.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page, Response } from 'playwright-core';
import { startServer } from '../server/app.ts';
import { submitLogin } from '../tests/helpers/loginForm.ts';
import { median, printTable, round, RUNS, writeResults } from './harness.ts';

const ADMIN = 'admin@seconde.test';
const WAIT = { timeout: 120_000 };
const SETTLE_MS = 1500;
const LONG_TASKS = `(() => {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push(e.duration);
  }).observe({ type: 'longtask', buffered: true });
})();`;

interface LoadFigures {
  readonly scripts: number;
  readonly jsBytes: number;
  readonly jsGzipBytes: number;
  readonly longTasks: number;
  readonly longestTaskMs: number;
  readonly longTaskMs: number;
  readonly firstContentMs: number;
}

/** One load of `path` in `page`, waiting for `ready`; `go` navigates (goto or reload). */
async function load(page: Page, go: () => Promise<unknown>, ready: string): Promise<LoadFigures> {
  const bodies: Promise<number[]>[] = [];
  const onResponse = (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    bodies.push(
      response
        .body()
        .then((body) => [body.length, gzipSync(body).length])
        .catch(() => [0, 0]),
    );
  };
  page.on('response', onResponse);
  const started = Date.now();
  await go();
  await page.locator(ready).first().waitFor(WAIT);
  const firstContentMs = Date.now() - started;
  await page.waitForTimeout(SETTLE_MS);
  page.off('response', onResponse);
  const sizes = await Promise.all(bodies);
  const tasks = await page.evaluate(
    () => (window as unknown as { __longTasks: number[] }).__longTasks,
  );
  return {
    scripts: sizes.length,
    jsBytes: sizes.reduce((sum, [raw]) => sum + raw!, 0),
    jsGzipBytes: sizes.reduce((sum, [, gz]) => sum + gz!, 0),
    longTasks: tasks.length,
    longestTaskMs: Math.max(0, ...tasks),
    longTaskMs: tasks.reduce((a, b) => a + b, 0),
    firstContentMs,
  };
}

/** A phone-sized, CPU-throttled page with no HTTP cache. */
async function phonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    locale: 'fr-FR',
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  await context.addInitScript(LONG_TASKS);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return page;
}

const medianOf = (runs: readonly LoadFigures[]): LoadFigures =>
  Object.fromEntries(
    Object.keys(runs[0]!).map((k) => [k, median(runs.map((r) => r[k as keyof LoadFigures]))]),
  ) as unknown as LoadFigures;

export async function benchPublicFormLoad(browser: Browser): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'seconde-bench-load-'));
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    staticDir: path.resolve('.bench/dist'),
    dataDir,
    seed: 'demo',
    demoProducts: 300,
  });
  try {
    const form: LoadFigures[] = [];
    const dashboard: LoadFigures[] = [];
    for (let run = 0; run < RUNS; run++) {
      const visitor = await phonePage(browser);
      form.push(
        await load(
          visitor,
          () => visitor.goto(`${server.url}/nouveau-depot-seconde-main`),
          '[data-testid="new-deposit-step"]',
        ),
      );
      await visitor.context().close();

      const staff = await phonePage(browser);
      await staff.goto(`${server.url}/`);
      await submitLogin(staff, ADMIN);
      await staff.getByTestId('panel-deposits').waitFor(WAIT);
      dashboard.push(await load(staff, () => staff.reload(), '[data-testid="panel-deposits"]'));
      await staff.context().close();
    }
    const publicForm = medianOf(form);
    const baseline = medianOf(dashboard);
    const ratios = {
      jsBytes: publicForm.jsBytes / baseline.jsBytes,
      jsGzipBytes: publicForm.jsGzipBytes / baseline.jsGzipBytes,
      scripts: publicForm.scripts / baseline.scripts,
      longestTaskMs: baseline.longestTaskMs ? publicForm.longestTaskMs / baseline.longestTaskMs : 0,
      firstContentMs: publicForm.firstContentMs / baseline.firstContentMs,
    };
    printTable('Public deposit form, first load on a phone (CPU 4x slower), vs the dashboard', {
      publicForm: round(publicForm),
      dashboard: round(baseline),
      ratio: round(ratios),
    });
    await writeResults('publicFormFirstLoad', {
      runs: RUNS,
      viewport: '360x740',
      cpuSlowdown: 4,
      publicForm,
      dashboard: baseline,
      ratios,
    });
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
