import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, inject } from 'vitest';
import { demoToken, rpcClient, type DemoRpc } from './demoClient.ts';
import { submitLogin } from './loginForm.ts';

/** The shared server of the browser tests (tests/browser/globalSetup.ts). */
export const appUrl = inject('appUrl');

let browser: Promise<Browser> | undefined;

/** One connection to the shared Chromium per test file, opened on first use. */
function connected(): Promise<Browser> {
  browser ??= chromium.connect(inject('browserEndpoint'));
  return browser;
}

// Imported by a test file, this closes that file's connection after its tests.
afterAll(async () => {
  await (await browser)?.close();
  browser = undefined;
});

export interface PageOptions {
  /** French unless told. */
  readonly locale?: string;
  readonly viewport?: BrowserContextOptions['viewport'];
  /** A phone: touch and a mobile viewport. */
  readonly mobile?: boolean;
  /** Lets the test inject scripts (axe) into pages whose CSP forbids every script. */
  readonly bypassCSP?: boolean;
}

export interface OpenPage {
  readonly page: Page;
  /** Closes the page's own browser context (cookies and session go with it). */
  close(): Promise<void>;
}

/** A fresh browser context (so sessions never leak between tests) on `path`, nobody signed in. */
export async function openPage(path = '/', options: PageOptions = {}): Promise<OpenPage> {
  const context = await (
    await connected()
  ).newContext({
    locale: options.locale ?? 'fr-FR',
    ...(options.viewport && { viewport: options.viewport }),
    ...(options.mobile && { hasTouch: true, isMobile: true }),
    ...(options.bypassCSP && { bypassCSP: true }),
  });
  const page = await context.newPage();
  await page.goto(`${appUrl}${path}`);
  return { page, close: () => context.close() };
}

export { submitLogin };

/**
 * Opens `path` as a demo account (password `demo`): the app sends the page to the real login
 * form, and back to `path` once signed in.
 */
export async function openAs(
  email: string,
  path = '/',
  options: PageOptions = {},
): Promise<OpenPage> {
  const opened = await openPage(path, options);
  await submitLogin(opened.page, email);
  await opened.page.waitForURL((url) => !url.pathname.startsWith('/oidc'), { timeout: 30_000 });
  return opened;
}

/** Typed clients of the shared server calling as a demo account, signed in as the app does. */
export async function rpcAs(email: string): Promise<DemoRpc> {
  const config = (await (await fetch(`${appUrl}/app-config.json`)).json()) as {
    oidc: { authority: string; clientId: string };
  };
  const token = await demoToken(
    {
      url: appUrl,
      issuer: new URL(config.oidc.authority, appUrl).href,
      clientId: config.oidc.clientId,
    },
    email,
  );
  return (service) => rpcClient(appUrl, service, token);
}
