import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { OBSERVERS_SCRIPT, type MainThreadFigures } from './observers.ts';
import { sampleWorkerHeaps } from './workerHeap.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** How many times each measured action repeats (BENCH_RUNS, 3 by default); figures are medians. */
export const RUNS = Number(process.env.BENCH_RUNS ?? 3);

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-background-networking'],
  });
}

/** A page with the main-thread observers installed before any of its scripts run. */
export async function benchPage(browser: Browser, locale = 'en-GB'): Promise<Page> {
  const context = await browser.newContext({ locale, acceptDownloads: true });
  await context.addInitScript(OBSERVERS_SCRIPT);
  await context.addInitScript("localStorage.setItem('seconde.language', 'en');");
  return context.newPage();
}

export interface RunFigures extends MainThreadFigures {
  readonly totalMs: number;
  readonly firstProgressMs: number | null;
  readonly workerPeakHeapMb: number;
}

/**
 * Runs one measured action: opens the page's observation window, samples worker heaps, and
 * closes both when the action resolves with its own timings.
 */
export async function measure(
  browser: Browser,
  page: Page,
  action: () => Promise<{ totalMs: number; firstProgressMs: number | null }>,
): Promise<RunFigures> {
  const heaps = await sampleWorkerHeaps(browser);
  try {
    await page.evaluate(() => window.__bench.start());
    const timings = await action();
    const main = await page.evaluate(() => window.__bench.stop());
    return { ...timings, ...main, workerPeakHeapMb: (await heaps.stop()) / 1024 / 1024 };
  } finally {
    await heaps.stop();
  }
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The median of each figure over repeated runs (null stays null when every run had none). */
export function medianFigures(runs: readonly RunFigures[]): RunFigures {
  const of = (pick: (r: RunFigures) => number | null) => {
    const values = runs.map(pick).filter((v): v is number => v !== null);
    return values.length ? median(values) : null;
  };
  return {
    totalMs: of((r) => r.totalMs)!,
    firstProgressMs: of((r) => r.firstProgressMs),
    longTasks: of((r) => r.longTasks)!,
    longTaskMs: of((r) => r.longTaskMs)!,
    longestTaskMs: of((r) => r.longestTaskMs)!,
    longestFrameGapMs: of((r) => r.longestFrameGapMs)!,
    workerPeakHeapMb: Math.max(...runs.map((r) => r.workerPeakHeapMb)),
  };
}

/** Merges a section into bench/results.json, so each bench keeps the others' last figures. */
export async function writeResults(section: string, figures: unknown): Promise<void> {
  const file = path.resolve('bench/results.json');
  let results: Record<string, unknown> = {};
  try {
    const { readFile } = await import('node:fs/promises');
    results = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  } catch {
    results = {};
  }
  results[section] = {
    measuredAt: new Date().toISOString(),
    machine: { cpus: os.cpus().length, memoryGb: Math.round(os.totalmem() / 2 ** 30) },
    ...(figures as object),
  };
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
}

export function printTable(title: string, rows: Record<string, Record<string, unknown>>): void {
  console.log(`\n${title}`);
  console.table(rows);
}

/** Numbers rounded to two decimals for the printed tables; other values kept as they are. */
export function round(values: object): Record<string, number> {
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [
      k,
      typeof v === 'number' ? Math.round(v * 100) / 100 : v,
    ]),
  );
}
