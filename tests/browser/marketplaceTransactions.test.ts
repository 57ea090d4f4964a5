import { create } from '@bufbuild/protobuf';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { ProductFamily } from '../../src/rpc/gen/seconde/v1/category_pb.ts';
import { CustomerService } from '../../src/rpc/gen/seconde/v1/customer_pb.ts';
import {
  DepositSchema,
  DepositService,
  DepositStatus,
} from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { ProductService, SaleStatus } from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import { SessionService } from '../../src/rpc/gen/seconde/v1/session_pb.ts';
import { seriousViolations } from '../helpers/axe.ts';
import { openAs, rpcAs } from '../helpers/browserPage.ts';
import { walkDepositTo } from '../helpers/ownDeposit.ts';

const VENDOR = 'vendor@seconde.test';
const T = { timeout: 30_000 };
const EXPORT = fileURLToPath(new URL('../fixtures/marketplace/sales-export.csv', import.meta.url));
const plain = (text: string | null) => (text ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim();
/** "45,00 €" → 4500. */
const cents = (text: string | null) =>
  Math.round(
    Number(
      plain(text)
        .replace(/[^\d,]/g, '')
        .replace(',', '.'),
    ) * 100,
  );

let itemName = '';

/** A consigned item of vendor@'s own, in a deposit of its own, to link the sale to. */
beforeAll(async () => {
  const vendor = await rpcAs(VENDOR);
  const admin = await rpcAs('admin@seconde.test');
  const vendorUuid = (await vendor(SessionService).getCurrentUser({})).vendorUuid;
  const tag = (Date.now() % 1_000_000).toString(36);
  itemName = `Robe Sézane ${tag}`;
  const customer = await vendor(CustomerService).create({
    customer: {
      firstName: 'Déposante',
      lastName: `Ventes${tag}`,
      email: `ventes${tag}@exemple.fr`,
      vendors: [vendorUuid],
    },
  });
  const received = await vendor(DepositService).create({
    deposit: create(DepositSchema, {
      name: `Ventes marketplace ${tag}`,
      status: DepositStatus.RECEIVED,
      family: ProductFamily.WOMAN,
      customer: customer.uuid,
    }),
  });
  const deposit = (await walkDepositTo(admin, received, DepositStatus.INLINE)).uuid;
  await vendor(ProductService).create({
    product: { deposit, name: itemName, suggestedPrice: 45, saleStatus: SaleStatus.ONLINE },
  });
}, 60_000);

describe('marketplace transactions, as vendor@', () => {
  it('imports the CSV export, sees its rows, links one to an item and sees the fee split per channel', async () => {
    const { page, close } = await openAs(VENDOR, '/marketplace-transactions');
    try {
      await page.getByTestId('transactions-page').waitFor(T);
      await page.getByRole('heading', { name: 'Ventes sur les marketplaces', level: 1 }).waitFor(T);
      await page.locator('#transactions-csv').setInputFiles(EXPORT);
      const summary = page.getByTestId('transactions-preview-summary');
      await summary.waitFor(T);
      expect(plain(await summary.textContent())).toBe('6 ligne(s) à importer sur 6.');
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByTestId('transactions-confirm-import').click();
      await page.getByTestId('transactions-outcome').waitFor(T);
      const sezane = page.locator(
        '[data-testid="transaction-row"][data-transaction="10450211871"]',
      );
      await sezane.waitFor(T);
      expect(plain(await sezane.textContent())).toContain('Robe portefeuille Sézane, taille 38');
      expect(plain(await sezane.textContent())).toContain('45,00 €');
      for (const id of ['10450211872', '10450211873', '10450211876'])
        await page.locator(`[data-transaction="${id}"]`).waitFor(T);

      // Only the sales not linked yet, then link the Sézane dress to the item.
      await page.getByTestId('transactions-link-filter').selectOption('2');
      await page.getByRole('button', { name: 'Filtrer' }).click();
      await sezane.getByTestId('transaction-link').click();
      const dialog = page.getByRole('dialog', { name: 'Relier la vente' });
      await dialog.waitFor(T);
      await dialog.getByLabel('Chercher un article (référence ou nom)').fill(itemName);
      await dialog.getByRole('button', { name: 'Chercher' }).click();
      const option = dialog.getByTestId('link-product').locator('option', { hasText: itemName });
      await option.waitFor({ state: 'attached', ...T });
      await dialog
        .getByTestId('link-product')
        .selectOption({ label: (await option.textContent())! });
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByTestId('link-save').click();
      await dialog.waitFor({ state: 'hidden', ...T });
      // Linked, it leaves the list of unlinked sales.
      await sezane.waitFor({ state: 'detached', ...T });

      const split = page.locator(
        '[data-testid="transactions-split-row"][data-channel="MAIN_MARKETPLACE"]',
      );
      await split.waitFor(T);
      const cell = async (column: string) =>
        cents(await split.locator(`[data-column="${column}"]`).textContent());
      await expect.poll(() => cell('depositorShareCents'), T).toBeGreaterThan(0);
      const gross = await cell('grossCents');
      const fees = await cell('marketplaceFeesCents');
      const net = await cell('netCents');
      expect(gross).toBeGreaterThanOrEqual(4500 + 2850 + 8900 + 1200);
      expect(fees + net).toBe(gross);
      expect((await cell('depositorShareCents')) + (await cell('vendorShareCents'))).toBe(net);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await close();
    }
  }, 120_000);
});
