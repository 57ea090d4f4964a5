import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { startServer, type RunningServer } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { startGouvDouble, type GouvDouble } from '../helpers/gouvDouble.ts';
import { startMarketplaceDouble, type MarketplaceDouble } from '../helpers/marketplaceDouble.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    appUrl: string;
    browserEndpoint: string;
    /** Control paths of the government services double (tests/helpers/gouvDouble.ts). */
    gouvControlUrl: string;
    /** Control paths of the resale marketplace double (tests/helpers/marketplaceDouble.ts). */
    marketplaceControlUrl: string;
  }
}

/** Debian's Chromium; CHROMIUM_PATH overrides it on machines that keep it elsewhere. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let server: RunningServer | undefined;
let browser: BrowserServer | undefined;
let dataDir: string | undefined;
let gouv: GouvDouble | undefined;
let marketplace: MarketplaceDouble | undefined;

/**
 * One real server (built web app, embedded sign-in, PGlite with the demo data) and one Chromium
 * for every browser test file: the files connect to both instead of starting their own.
 */
export async function setup(project: TestProject): Promise<void> {
  // BROWSER_TEST_DIST lets a build made elsewhere be tested without touching dist/.
  const staticDir = path.resolve(process.env.BROWSER_TEST_DIST ?? 'dist');
  if (!existsSync(path.join(staticDir, 'index.html'))) {
    throw new Error('The web app is not built: run `npx vite build` first (npm test does).');
  }
  if (!existsSync(CHROMIUM))
    throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install chromium`);
  dataDir = await mkdtemp(path.join(tmpdir(), 'seconde-browser-'));
  // The address form calls a local double of the government services, never the real ones.
  gouv = await startGouvDouble();
  // The wardrobe import reads a local double of the marketplace too.
  marketplace = await startMarketplaceDouble();
  // Browser tests use the embedded database and provider whatever the environment says.
  server = await startServer({
    port: 0,
    host: '127.0.0.1',
    staticDir,
    dataDir,
    seed: 'demo',
    demoProducts: 600,
    config: loadConfig({
      ADDRESS_API_URL: gouv.addressApiUrl,
      GEO_API_URL: gouv.geoApiUrl,
      MARKETPLACE_API_URL: marketplace.apiUrl,
    }),
  });
  browser = await chromium.launchServer({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-dev-shm-usage'],
  });
  project.provide('appUrl', server.url);
  project.provide('browserEndpoint', browser.wsEndpoint());
  project.provide('gouvControlUrl', gouv.controlUrl);
  project.provide('marketplaceControlUrl', marketplace.controlUrl);
}

export async function teardown(): Promise<void> {
  await browser?.close();
  await server?.close();
  await gouv?.close();
  await marketplace?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}
