import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { StorefrontService } from '../../src/rpc/gen/seconde/v1/listing_pb.ts';
import type { Product } from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import { VendorConnectorService } from '../../src/rpc/gen/seconde/v1/vendor_connector_pb.ts';
import { seriousViolations } from '../helpers/axe.ts';
import { appUrl, openPage, rpcAs, type OpenPage } from '../helpers/browserPage.ts';
import type { DemoRpc } from '../helpers/demoClient.ts';
import { connectStorefront, publishCompleteProduct } from '../helpers/storefrontPublish.ts';

/**
 * The company's vendor, whose shop no other file uses: the main demo vendor's storefront belongs
 * to the listings tests, and the connectors tests connect this one only between their own steps.
 */
const VENDOR = 'company@seconde.test';
const T = { timeout: 60_000 };

let vendor: DemoRpc;
let storefront: string;
let slug: string;
let product: Product;

// The shop pages are served by the server alone (no web app); a product reaches the shop through
// the real connection and publication, as a vendor's would.
beforeAll(async () => {
  vendor = await rpcAs(VENDOR);
  storefront = await connectStorefront(vendor, appUrl);
  product = await publishCompleteProduct(vendor, storefront);
  slug = (await vendor(StorefrontService).getShop({})).slug;
}, 120_000);

// Leaves the vendor's channels as the connectors tests expect them (none connected).
afterAll(async () => {
  if (storefront) await vendor(VendorConnectorService).disconnect({ uuid: storefront });
});

/** A phone; the shop pages forbid every script, so axe is let in by the test only. */
const phone = (path: string): Promise<OpenPage> =>
  openPage(path, { mobile: true, viewport: { width: 390, height: 844 }, bypassCSP: true });

/** Presses Tab until the element matching `selector` has the focus. */
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
      await page.goto(`${appUrl}/shop/${slug}/${product.uuid}`);
      expect(await page.locator('form').count()).toBe(0);
      expect(await page.locator('.badge').textContent()).toBe('Réservé');
    } finally {
      await close();
    }
  });
});
