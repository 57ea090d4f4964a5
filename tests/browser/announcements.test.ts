import { create } from '@bufbuild/protobuf';
import { beforeAll, describe, expect, it } from 'vitest';
import { DepositStatus } from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import {
  ProductQuality,
  ProductSchema,
  ProductService,
  SaleStatus,
} from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import { seriousViolations } from '../helpers/axe.ts';
import { appUrl, openAs, rpcAs } from '../helpers/browserPage.ts';
import { categoryNamed, ownDeposit } from '../helpers/ownDeposit.ts';

const VENDOR = 'vendor@seconde.test';
const T = { timeout: 30_000 };
const STAMP = Date.now();

/** A product of the vendor in a deposit whose inventory is validated, so it may go online. */
async function fixtures() {
  const vendor = await rpcAs(VENDOR);
  const admin = await rpcAs('admin@seconde.test');
  const dresses = await categoryNamed(vendor, 'woman-dresses');
  const deposit = await ownDeposit(vendor, `Dépôt annonces ${STAMP}`, {
    admin,
    status: DepositStatus.DEPOSIT_VALIDATED,
  });
  const product = await vendor(ProductService).create({
    product: create(ProductSchema, {
      deposit: deposit.uuid,
      name: `Robe annonce ${STAMP}`,
      category: dresses.uuid,
      quality: ProductQuality.VERY_GOOD,
      suggestedPrice: 24,
      saleStatus: SaleStatus.OFFLINE,
    }),
  });
  return { vendor, product };
}

describe('announcements and listing kit', () => {
  let data: Awaited<ReturnType<typeof fixtures>>;

  beforeAll(async () => {
    data = await fixtures();
  }, 60_000);

  it('creates an announcement, makes it the favourite, writes a product’s text, copies it and records the listing', async () => {
    const name = `Robes ${STAMP}`;
    const { page, close } = await openAs(VENDOR, '/edit-profile/announcements');
    try {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
        origin: appUrl,
      });
      await page.getByTestId('profile-announcements').waitFor(T);
      await page.getByTestId('announcement-create').click();
      const dialog = page.getByTestId('announcement-dialog');
      await dialog.waitFor(T);
      // Required fields and an unknown placeholder are named before anything is sent.
      await page.getByTestId('announcement-save').click();
      await expect(dialog.getByText('Le nom est obligatoire').count()).resolves.toBe(1);
      await page.getByLabel('Nom', { exact: true }).fill(name);
      await page.locator('#announcement-title').fill('{titre} ');
      await page.getByTestId('insert-prix').click();
      await page.locator('#announcement-description').fill('État : {etat} {couleur}');
      await expect(dialog.getByText('Champ inconnu : {couleur}').count()).resolves.toBe(1);
      await page.locator('#announcement-description').fill('État : {etat}\nTaille : {taille}');
      await expect(page.locator('#announcement-title').inputValue()).resolves.toBe(
        '{titre} {prix}',
      );
      // The preview fills the sample product.
      await expect(page.getByTestId('announcement-preview').innerText()).resolves.toContain(
        'Robe midi fleurie 45',
      );
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByTestId('announcement-save').click();
      await dialog.waitFor({ state: 'detached', ...T });
      const row = page.getByTestId('announcement-row').filter({ hasText: name });
      await row.waitFor(T);
      await row.getByTestId('announcement-favorite').click();
      await expect
        .poll(() => row.getByTestId('announcement-favorite').getAttribute('aria-pressed'), T)
        .toBe('true');
      expect(await seriousViolations(page)).toEqual([]);

      // The product page: the favourite is preselected, the text written, edited and saved.
      await page.goto(`${appUrl}/product/${data.product.uuid}`);
      await page.getByTestId('product-announcement').waitFor(T);
      await page.getByTestId('product-text-generate').click();
      const title = page.locator('#product-text-title-field');
      await expect.poll(() => title.inputValue(), T).toBe(`Robe annonce ${STAMP} 24\u00a0€`);
      await expect(page.locator('#product-text-description').inputValue()).resolves.toBe(
        'État : très bon état',
      );
      await title.fill(`Robe fleurie ${STAMP}`);
      await page.getByTestId('product-text-save').click();
      await page.getByText('Texte enregistré').waitFor(T);

      // The kit follows the saved text; copying writes the clipboard.
      const kit = page.getByTestId('listing-kit');
      await kit.getByText(`Robe fleurie ${STAMP}`).waitFor(T);
      await kit.getByTestId('kit-copy-title').click();
      await kit.getByTestId('kit-copy-title').getByText('Copié').waitFor(T);
      await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(
        `Robe fleurie ${STAMP}`,
      );
      await kit.getByTestId('kit-copy-price').click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText()), T).toBe('24');
      const search = kit.getByTestId('kit-search');
      expect(await search.getAttribute('target')).toBe('_blank');
      expect(await search.getAttribute('href')).toContain(
        `catalog?search_text=Robe%20fleurie%20${STAMP}`,
      );

      // A refused clipboard says so and leaves the text selected for a manual copy.
      await page.evaluate(() => {
        navigator.clipboard.writeText = () =>
          Promise.reject(new DOMException('no', 'NotAllowedError'));
      });
      await kit.getByTestId('kit-copy-description').click();
      await kit.getByTestId('kit-copy-failed').waitFor(T);
      await expect(
        page.evaluate(
          () =>
            window.getSelection()?.toString() ||
            (document.activeElement as HTMLTextAreaElement | null)?.value?.slice(
              (document.activeElement as HTMLTextAreaElement).selectionStart,
              (document.activeElement as HTMLTextAreaElement).selectionEnd,
            ),
        ),
      ).resolves.toBe('État : très bon état');
      expect(await seriousViolations(page)).toEqual([]);

      // The listing link: another site is refused, a marketplace link is recorded.
      const link = page.locator('#kit-listing-url');
      await link.fill('https://www.leboncoin.fr/ad/1');
      await kit.getByTestId('kit-record').click();
      await kit.getByText('Le lien doit être une adresse Vinted').waitFor(T);
      await link.fill(`https://www.vinted.fr/items/${STAMP}-robe`);
      await kit.getByTestId('kit-record').click();
      await kit.getByText('Annonce enregistrée : l’article est en ligne.').waitFor(T);
      const saved = await data.vendor(ProductService).retrieve({ uuid: data.product.uuid });
      expect(saved.saleStatus).toBe(SaleStatus.ONLINE);
      expect(saved.marketplaceTitle).toBe(`Robe fleurie ${STAMP}`);
      expect(saved.productLinks).toContain(`https://www.vinted.fr/items/${STAMP}-robe`);
    } finally {
      await close();
    }
  }, 120_000);

  it('works on a phone', async () => {
    const { page, close } = await openAs(VENDOR, `/product/${data.product.uuid}`, {
      mobile: true,
      viewport: { width: 390, height: 844 },
    });
    try {
      await page.getByTestId('listing-kit').waitFor(T);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await close();
    }
  }, 60_000);
});
