import { ConnectError } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ProductQuality,
  ProductSchema,
  ProductService,
  SaleStatus,
} from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import { seriousViolations } from '../helpers/axe.ts';
import { openAs, rpcAs } from '../helpers/browserPage.ts';
import { categoryNamed, ownDeposit } from '../helpers/ownDeposit.ts';

const VENDOR = 'vendor@seconde.test';
const T = { timeout: 30_000 };

/**
 * A dress of the vendor in a RECEIVED deposit of its own (so the test never changes the shared
 * demo stock), without the material its category requires; and one invoiced demo product.
 */
async function fixtures() {
  const vendor = await rpcAs(VENDOR);
  const dresses = await categoryNamed(vendor, 'woman-dresses');
  const deposit = await ownDeposit(vendor, `Dépôt article ${Date.now()}`);
  const product = await vendor(ProductService).create({
    product: create(ProductSchema, {
      deposit: deposit.uuid,
      name: 'Robe test navigateur',
      category: dresses.uuid,
      quality: ProductQuality.VERY_GOOD,
      saleStatus: SaleStatus.OFFLINE,
    }),
  });
  const invoiced = await vendor(ProductService).list({
    pagination: { page: 1, pageSize: 1 },
    saleStatuses: [SaleStatus.FACTURED],
  });
  return { vendor, product, invoiced: invoiced.results[0]! };
}

describe('product page', () => {
  let data: Awaited<ReturnType<typeof fixtures>>;

  beforeAll(async () => {
    data = await fixtures();
  }, 60_000);

  it('shows the fields of the category, asks for the required attribute, saves and keeps the change', async () => {
    const { page, close } = await openAs(VENDOR, `/product/${data.product.uuid}`);
    try {
      await page.getByTestId('product-page').waitFor(T);
      // French labels; a dress shows brand, size and colours, not the book fields.
      await expect(page.getByLabel('Nom de l’article').inputValue()).resolves.toBe(
        'Robe test navigateur',
      );
      expect(await page.getByLabel('Marque').count()).toBe(1);
      expect(await page.getByLabel('Taille').count()).toBe(1);
      expect(await page.getByTestId('product-colors').count()).toBe(1);
      expect(await page.getByLabel('ISBN').count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);

      // A book shows ISBN, author and title, and hides brand and size.
      const category = page.locator('#product-category');
      const dress = await category.inputValue();
      await category.selectOption({ label: 'Livres' });
      await page.getByLabel('ISBN').waitFor(T);
      expect(await page.getByLabel('Auteur').count()).toBe(1);
      expect(await page.getByLabel('Marque').count()).toBe(0);
      await category.selectOption(dress);
      await page.getByLabel('Marque').waitFor(T);

      // Saving without the required material shows the attribute's own message, tied to it.
      await page.getByLabel('Nom de l’article').fill('Robe longue navigateur');
      await page.getByTestId('product-save').click();
      const material = page.getByTestId('product-attribute-material');
      await material.getByText('Choisissez au moins une matière (3 au plus)').waitFor(T);
      expect(await material.getAttribute('aria-describedby')).toContain(
        'product-attribute-material-error',
      );
      // Keyboard users land on the first field in error.
      await page.waitForFunction(() =>
        document.activeElement?.closest('[data-testid="product-attribute-material"]'),
      );

      // The focus is on the first material, Coton: the keyboard ticks it.
      await page.keyboard.press('Space');
      expect(await material.getByLabel('Coton').isChecked()).toBe(true);
      await page.getByTestId('product-save').click();
      await page.getByTestId('product-status').filter({ hasText: 'Article enregistré' }).waitFor(T);
      await page.waitForFunction(() => document.activeElement?.id === 'product-status');

      await page.reload();
      await page.getByTestId('product-page').waitFor(T);
      expect(await page.getByLabel('Nom de l’article').inputValue()).toBe('Robe longue navigateur');
      expect(
        await page.getByTestId('product-attribute-material').getByLabel('Coton').isChecked(),
      ).toBe(true);
    } finally {
      await close();
    }
  });

  it('refuses a sale in a deposit that is not online, with the rule’s reason', async () => {
    const { page, close } = await openAs(VENDOR, `/product/${data.product.uuid}`);
    try {
      await page.getByTestId('product-page').waitFor(T);
      expect(await page.getByTestId('sale-status-SELL').isDisabled()).toBe(true);
      expect(await page.getByTestId('sale-status-READY').isDisabled()).toBe(false);
      expect(await page.getByTestId('sale-status-reasons').textContent()).toContain(
        'Un article ne peut être vendu ou payé que si le dépôt est en ligne.',
      );
      // The server's rule engine refuses it too, with the same reason code.
      const refused = await data
        .vendor(ProductService)
        .partialUpdate({
          product: { uuid: data.product.uuid, saleStatus: SaleStatus.SELL },
          updateMask: { paths: ['sale_status'] },
        })
        .catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(ConnectError);
      expect((refused as ConnectError).rawMessage).toContain('SALE_BEFORE_INLINE');
    } finally {
      await close();
    }
  });

  it('shows an invoiced product read-only, in English', async () => {
    const { page, close } = await openAs(VENDOR, `/product/${data.invoiced.uuid}`, {
      locale: 'en-GB',
    });
    try {
      await page.getByTestId('invoiced-banner').waitFor(T);
      await page.getByRole('button', { name: 'English' }).click();
      await page.getByTestId('invoiced-banner').getByText('Invoiced item').waitFor(T);
      expect(await page.getByTestId('invoiced-banner').textContent()).toContain(
        'An invoiced item can no longer be changed.',
      );
      const name = page.getByLabel('Item name');
      expect(await name.getAttribute('readonly')).not.toBeNull();
      expect(await page.getByTestId('product-save').count()).toBe(0);
      expect(await page.getByLabel('Condition').isDisabled()).toBe(true);
      expect(await page.getByTestId('income-split').count()).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await close();
    }
  });
});
