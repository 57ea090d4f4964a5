import { readFileSync } from 'node:fs';
import { create } from '@bufbuild/protobuf';
import { beforeAll, describe, expect, it } from 'vitest';
import { CategoryService, ProductFamily } from '../../src/rpc/gen/seconde/v1/category_pb.ts';
import {
  DepositSchema,
  DepositService,
  DepositStatus,
  type Deposit,
} from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { ProductImageService } from '../../src/rpc/gen/seconde/v1/product_image_pb.ts';
import {
  ProductQuality,
  ProductSchema,
  ProductService,
  SaleStatus,
} from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import { VendorConnectorService } from '../../src/rpc/gen/seconde/v1/vendor_connector_pb.ts';
import { seriousViolations } from '../helpers/axe.ts';
import { appUrl, openAs, rpcAs } from '../helpers/browserPage.ts';

const VENDOR = 'vendor@seconde.test';
const ADMIN = 'admin@seconde.test';
const WAIT = { timeout: 30_000 };
const PHOTO = new Uint8Array(
  readFileSync(new URL('../fixtures/images/photo.png', import.meta.url)),
);
const WALK = [
  DepositStatus.TODO,
  DepositStatus.PROGRESS,
  DepositStatus.CUSTOMER_WAITING,
  DepositStatus.DEPOSIT_VALIDATED,
];

/**
 * A deposit of the vendor's own, walked to DEPOSIT_VALIDATED (products may go online), holding
 * three complete products and one without photo nor price; the vendor's storefront connected.
 */
async function fixtures() {
  const vendor = await rpcAs(VENDOR);
  const admin = await rpcAs(ADMIN);
  const stamp = `${process.pid}-${Date.now()}`;
  const { results: categories } = await vendor(CategoryService).list({
    pagination: { page: 1, pageSize: 5000 },
  });
  // A category that shows no brand, size, ISBN or rating: price, quality and photo suffice.
  const plain = categories.find(
    (c) => c.uuid && !c.showBrand && !c.showSize && !c.showIsbn && !c.showVideoGameRating,
  );
  expect(plain, 'a category without brand or size').toBeDefined();
  let deposit: Deposit = await vendor(DepositService).create({
    deposit: create(DepositSchema, {
      name: `Dépôt publication ${stamp}`,
      status: DepositStatus.RECEIVED,
      family: ProductFamily.WOMAN,
    }),
  });
  for (const status of WALK)
    deposit = await admin(DepositService).partialUpdate({
      deposit: { uuid: deposit.uuid, rowVersion: deposit.rowVersion, status },
      updateMask: { paths: ['status'] },
    });
  const make = async (name: string, complete: boolean) => {
    const product = await vendor(ProductService).create({
      product: create(ProductSchema, {
        deposit: deposit.uuid,
        name,
        category: plain!.uuid,
        quality: ProductQuality.VERY_GOOD,
        saleStatus: SaleStatus.OFFLINE,
        ...(complete && { suggestedPrice: 25 }),
      }),
    });
    if (complete)
      await vendor(ProductImageService).create({
        productImage: { product: product.uuid },
        imageContent: PHOTO,
      });
    return product;
  };
  const complete = [];
  for (const n of [1, 2, 3]) complete.push(await make(`Publi ${stamp} complet ${n}`, true));
  const incomplete = await make(`Publi ${stamp} incomplet`, false);
  await vendor(VendorConnectorService).connect({
    publisherName: 'SECONDE_STOREFRONT',
    finalRedirectUri: `${appUrl}/edit-profile/connectors`,
  });
  return { vendor, deposit, complete, incomplete };
}

describe('publishing from the stock page', () => {
  let data: Awaited<ReturnType<typeof fixtures>>;

  beforeAll(async () => {
    data = await fixtures();
  }, 120_000);

  it('names the incomplete products, publishes the complete ones and links each', async () => {
    const { page, close } = await openAs(VENDOR, `/stock?deposit=${data.deposit.uuid}`);
    try {
      await page.getByTestId('stock-row').first().waitFor(WAIT);
      expect(await page.getByTestId('stock-row').count()).toBe(4);
      await page.getByTestId('stock-select-all').click();
      await page.getByTestId('stock-publish').click();

      await page.locator('[data-testid="publish-dialog"][data-step="choosing"]').waitFor(WAIT);
      await page.getByTestId('publish-channel-SECONDE_STOREFRONT').waitFor(WAIT);
      // Blueprint puts the test id on the checkbox input itself.
      const storefront = page.getByTestId('publish-channel-SECONDE_STOREFRONT');
      if (!(await storefront.isChecked())) await storefront.check({ force: true });
      await page.getByTestId('publish-check').click();

      // The incomplete product is named with what it lacks; the complete ones go on.
      const incomplete = page.getByTestId('publish-incomplete-product');
      await incomplete.first().waitFor(WAIT);
      expect(await incomplete.count()).toBe(1);
      const lacks = await incomplete.first().textContent();
      expect(lacks).toContain('incomplet');
      expect(lacks).toMatch(/Photo principale manquante|Main photo missing/);
      expect(lacks).toMatch(/Prix conseillé manquant|Suggested price missing/);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByTestId('publish-completeOnly').click();
      await page.getByTestId('publish-confirm').waitFor(WAIT);
      await page.getByTestId('publish-start').click();

      // While it streams the page stays usable: the stock list scrolls behind the dialog.
      await page.getByTestId('publish-progress').waitFor(WAIT);
      const responsive = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const start = performance.now();
            requestAnimationFrame(() => resolve(performance.now() - start));
          }),
      );
      expect(responsive).toBeLessThan(500);
      await page
        .getByTestId('stock-frame')
        .evaluate((el) => el.scrollBy({ top: 200 }))
        .catch(() => undefined);

      await page.locator('[data-testid="publish-progress"][data-step="finished"]').waitFor(WAIT);
      expect(await page.getByTestId('publish-count').textContent()).toMatch(/3 \/ 3/);
      const links = page.getByTestId('publish-link');
      expect(await links.count()).toBe(3);
      const href = await links.first().locator('a').getAttribute('href');
      expect(href).toMatch(/^https?:\/\//);
      for (const p of data.complete)
        expect(
          await page
            .locator(`[data-testid="publish-result"][data-product="${p.uuid}"] a[target]`)
            .count(),
        ).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);

      // Published products are ONLINE, the incomplete one stays OFFLINE.
      for (const p of data.complete) {
        const now = await data.vendor(ProductService).retrieve({ uuid: p.uuid });
        expect(now.saleStatus).toBe(SaleStatus.ONLINE);
      }
      const left = await data.vendor(ProductService).retrieve({ uuid: data.incomplete.uuid });
      expect(left.saleStatus).toBe(SaleStatus.OFFLINE);
    } finally {
      await close();
    }
  }, 120_000);

  it('updates the completeness badge as a missing field is filled', async () => {
    const { page, close } = await openAs(VENDOR, `/product/${data.incomplete.uuid}`);
    try {
      const badge = page.getByTestId('completeness-badge');
      await badge.waitFor(WAIT);
      expect(await badge.getAttribute('data-complete')).toBe('false');
      await page
        .locator('[data-testid="completeness-missing"] [data-code="SUGGESTED_PRICE"]')
        .waitFor(WAIT);
      await page
        .getByLabel(/Prix conseillé|Suggested price/)
        .first()
        .fill('30');
      await page
        .locator('[data-testid="completeness-missing"] [data-code="SUGGESTED_PRICE"]')
        .waitFor({ state: 'detached', ...WAIT });
      // The photo is still missing: one left.
      const missing = page.locator('[data-testid="completeness-missing"] li');
      expect(await missing.count()).toBe(1);
      expect(await missing.first().getAttribute('data-code')).toBe('MAIN_IMAGE');
    } finally {
      await close();
    }
  }, 60_000);
});
