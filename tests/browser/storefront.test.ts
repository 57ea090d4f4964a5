import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { StorefrontService } from '../../src/rpc/gen/seconde/v1/listing_pb.ts';
import { seriousViolations } from '../helpers/axe.ts';
import { storefrontProduct, type StorefrontProduct } from '../helpers/storefrontListing.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

const T = { timeout: 60_000 };

/*
 * The shop pages are served by the server alone (no web app), and a product reaches the shop only
 * through a listing row, which a test file of the shared server cannot write: this file runs its
 * own small server (no demo stock) and drives the shared Chromium against it.
 */
let t: TestServer;
let browser: Browser;
let slug: string;
let product: StorefrontProduct;

beforeAll(async () => {
  t = await startTestServer({ demoProducts: 0 }, ['vendor', 'admin']);
  const { vendorUuid } = await t.me('vendor');
  slug = (await t.client(StorefrontService, 'vendor').getShop({})).slug;
  product = await storefrontProduct(t, { vendor: vendorUuid, announcement: 'Veste chaude.' });
  browser = await chromium.connect(inject('browserEndpoint'));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function phone(path: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({
    locale: 'fr-FR',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    // The shop pages forbid every script; axe is injected by the test only.
    bypassCSP: true,
  });
  const page = await context.newPage();
  await page.goto(`${t.server.url}${path}`);
  return { page, close: () => context.close() };
}

/** Presses Tab until the element with `id` (or matching `selector`) has the focus. */
async function tabTo(page: Page, selector: string): Promise<void> {
  for (let i = 0; i < 30; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${selector} never got the focus`);
}

describe('storefront on a phone', () => {
  it('reserves an item with the keyboard', T, async () => {
    const { page, close } = await phone(`/shop/${slug}`);
    try {
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toContain('Boutique de');
      expect(await seriousViolations(page)).toEqual([]);
      // The grid fits the phone: nothing scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );

      await tabTo(page, `a[href$="${product.uuid}"]`);
      await page.keyboard.press('Enter');
      await page.waitForURL(`**/shop/${slug}/${product.uuid}`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain(product.name);
      expect(await seriousViolations(page)).toEqual([]);

      // Sent empty first: the error summary names the fields, and the page keeps the form.
      await tabTo(page, 'button[type=submit]');
      await page.keyboard.press('Enter');
      await page.waitForLoadState('domcontentloaded');
      await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('erreur');
      expect(await seriousViolations(page)).toEqual([]);

      await tabTo(page, '#f-firstName');
      await page.keyboard.type('Camille');
      await page.keyboard.press('Tab');
      await page.keyboard.type('Durand');
      await page.keyboard.press('Tab');
      await page.keyboard.type('camille@example.fr');
      await page.keyboard.press('Tab');
      await page.keyboard.type('06 12 34 56 78');
      await page.keyboard.press('Tab');
      await page.keyboard.type('Je passe samedi.');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BUTTON');
      await page.keyboard.press('Enter');
      await page.waitForURL(`**/shop/${slug}/reserved`);
      expect(await page.getByRole('status').textContent()).toContain('vous contactera');
      expect(await seriousViolations(page)).toEqual([]);

      // Back on the item: reserved, no form.
      await page.goto(`${t.server.url}/shop/${slug}/${product.uuid}`);
      expect(await page.locator('form').count()).toBe(0);
      expect(await page.locator('.badge').textContent()).toBe('Réservé');
    } finally {
      await close();
    }
  });
});
