import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { create } from '@bufbuild/protobuf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductFamily } from '../../src/rpc/gen/seconde/v1/category_pb.ts';
import { CustomerService } from '../../src/rpc/gen/seconde/v1/customer_pb.ts';
import { DeliveryPlaceService } from '../../src/rpc/gen/seconde/v1/delivery_place_pb.ts';
import {
  DepositSchema,
  DepositService,
  DepositStatus,
} from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { ProductService, SaleStatus } from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import {
  ShippingLabelService,
  ShippingStatus,
} from '../../src/rpc/gen/seconde/v1/shipping_label_pb.ts';
import { SessionService } from '../../src/rpc/gen/seconde/v1/session_pb.ts';
import { seriousViolations } from '../helpers/axe.ts';
import { appUrl, openAs, rpcAs } from '../helpers/browserPage.ts';
import type { DemoRpc } from '../helpers/demoClient.ts';
import { walkDepositTo } from '../helpers/ownDeposit.ts';

const VENDOR = 'vendor@seconde.test';
const T = { timeout: 30_000 };
const BUYER = 'Camille Martin';

/** The PDF's and Intl's spaces read as plain ones, runs of spaces as one. */
const plain = (text: string | null) => (text ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim();

let vendor: DemoRpc;
let product = '';
let itemName = '';
let workDir = '';

/** A sold item of vendor@'s own, in a deposit of its own: nothing of the demo changes. */
beforeAll(async () => {
  vendor = await rpcAs(VENDOR);
  const admin = await rpcAs('admin@seconde.test');
  const vendorUuid = (await vendor(SessionService).getCurrentUser({})).vendorUuid;
  const tag = (Date.now() % 1_000_000).toString(36);
  const customer = await vendor(CustomerService).create({
    customer: {
      firstName: 'Colis',
      lastName: `Envoi${tag}`,
      email: `envoi${tag}@exemple.fr`,
      vendors: [vendorUuid],
    },
  });
  const received = await vendor(DepositService).create({
    deposit: create(DepositSchema, {
      name: `Expédition ${tag}`,
      status: DepositStatus.RECEIVED,
      family: ProductFamily.WOMAN,
      customer: customer.uuid,
    }),
  });
  const deposit = (await walkDepositTo(admin, received, DepositStatus.INLINE)).uuid;
  itemName = `Blouson ${tag}`;
  const item = await vendor(ProductService).create({
    product: { deposit, name: itemName, suggestedPrice: 45, saleStatus: SaleStatus.ONLINE },
  });
  product = item.uuid;
  await vendor(ProductService).partialUpdate({
    product: { uuid: item.uuid, rowVersion: item.rowVersion, saleStatus: SaleStatus.SELL },
    updateMask: { paths: ['sale_status'] },
  });
  workDir = await mkdtemp(path.join(tmpdir(), 'seconde-shipping-'));
}, 60_000);

afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('shipping a sold item, as vendor@', () => {
  it('adds a delivery place, ships the item with a free label to a relay point near the buyer and downloads its PDF', async () => {
    const { page, close } = await openAs(VENDOR, '/edit-profile/delivery-places');
    try {
      // 1. A drop-off place found through the carrier around a Paris postal code.
      await page.getByTestId('profile-delivery-places').waitFor(T);
      await page.getByLabel('Code postal', { exact: true }).fill('75001');
      await page.getByTestId('place-search').click();
      await page.getByTestId('place-points').waitFor(T);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Ajouter Tabac Presse Rivoli' }).click();
      const row = page.getByTestId('place-row').filter({ hasText: 'Tabac Presse Rivoli' });
      await row.first().waitFor(T);
      expect(plain(await row.first().textContent())).toContain('Mondial Relay');
      expect(plain(await row.first().textContent())).toContain('Actif');
      const places = await vendor(DeliveryPlaceService).list({});
      expect(places.results.some((p) => p.deliveryServiceId === '10001' && p.isActive)).toBe(true);

      // 2. "Expédier" on the sold item: relay points near the buyer's postal code.
      await page.goto(`${appUrl}/product/${product}`);
      await page.getByTestId('product-page').waitFor(T);
      await page.getByRole('button', { name: 'Expédier' }).click(T);
      const dialog = page.getByRole('dialog', { name: 'Expédier l’article' });
      await dialog.getByTestId('ship-free-remaining').waitFor(T);
      const freeBefore = Number(
        /(\d+)$/.exec(plain(await dialog.getByTestId('ship-free-remaining').textContent()))![1],
      );
      expect(freeBefore).toBeGreaterThan(0);
      await dialog.getByLabel('Code postal de l’acheteur').fill('75011');
      await dialog.getByRole('button', { name: 'Chercher des points relais' }).click();
      const point = dialog.getByRole('radio', { name: /Bazar Voltaire/ });
      await point.waitFor(T);
      expect(plain(await dialog.textContent())).toMatch(
        /Bazar Voltaire, 90 Boulevard Voltaire, 75011 Paris \(\d+ m\)/,
      );
      await dialog.locator('label').filter({ hasText: 'Bazar Voltaire' }).click();
      expect(await point.isChecked()).toBe(true);
      await dialog.getByLabel('Nom de l’acheteur').fill(BUYER);
      expect(await seriousViolations(page)).toEqual([]);

      // 3. The free label, made once, then its PDF.
      await dialog.getByRole('button', { name: 'Créer l’étiquette gratuite' }).click();
      const made = dialog.getByTestId('ship-made');
      await made.waitFor(T);
      const tracking = /suivi : (\S+)$/.exec(plain(await made.textContent()))![1]!;
      expect(tracking).toMatch(/^MO\d{12}$/);
      expect(await seriousViolations(page)).toEqual([]);
      const [download] = await Promise.all([
        page.waitForEvent('download', T),
        dialog.getByRole('button', { name: 'Télécharger l’étiquette (PDF)' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`etiquette-${tracking}.pdf`);
      const pdfFile = path.join(workDir, 'label.pdf');
      await download.saveAs(pdfFile);
      const text = plain(
        execFileSync('pdftotext', ['-layout', pdfFile, '-'], { encoding: 'utf8' }),
      );
      expect(text).toContain(tracking);
      expect(text).toContain(BUYER);
      expect(text).toContain('Bazar Voltaire');
      expect(text).toContain('MONDIAL RELAY');

      // The server holds one label for the item, created, counted on the allowance.
      const labels = await vendor(ShippingLabelService).list({});
      const ours = labels.results.filter((l) => l.shippedObjectUuid === product);
      expect(ours.map((l) => [l.trackingNumber, l.deliveryStatus])).toEqual([
        [tracking, ShippingStatus.CREATED],
      ]);
      const free = await vendor(ShippingLabelService).checkIfNextLabelIsFree({});
      expect(free.freeRemaining).toBe(freeBefore - 1);

      // 4. The section shows the label, not a second "Expédier", also after a reload.
      await dialog.getByRole('button', { name: 'Fermer', exact: true }).last().click();
      await dialog.waitFor({ state: 'hidden', ...T });
      for (const reload of [false, true]) {
        if (reload) await page.reload();
        const shown = page.getByTestId('product-label');
        await shown.waitFor(T);
        const text = plain(await shown.textContent());
        expect(text).toContain('Mondial Relay');
        expect(text).toContain(tracking);
        expect(plain(await page.getByTestId('product-label-status').textContent())).toMatch(
          /^Étiquette créée \(.+\)$/,
        );
        expect(await page.getByRole('button', { name: 'Expédier' }).count()).toBe(0);
      }
      expect(await seriousViolations(page)).toEqual([]);

      // 5. Cancelled after confirming: the free label comes back, "Expédier" too.
      await page.getByRole('button', { name: 'Annuler l’étiquette' }).click();
      const confirm = page.getByRole('dialog', { name: 'Annuler l’étiquette ?' });
      await confirm.waitFor(T);
      expect(plain(await confirm.textContent())).toContain(tracking);
      expect(await seriousViolations(page)).toEqual([]);
      await confirm.getByRole('button', { name: 'Annuler l’étiquette' }).click();
      await page.getByRole('button', { name: 'Expédier' }).waitFor(T);
      expect(await page.getByTestId('product-label').count()).toBe(0);
      const after = await vendor(ShippingLabelService).list({});
      expect(
        after.results.filter((l) => l.shippedObjectUuid === product).map((l) => l.deliveryStatus),
      ).toEqual([ShippingStatus.CANCELED]);
      expect((await vendor(ShippingLabelService).checkIfNextLabelIsFree({})).freeRemaining).toBe(
        freeBefore,
      );

      // 6. The item's timeline tells the parcel's steps, oldest first.
      await page.reload();
      const steps = page.locator('[data-testid="timeline-row"][data-kind="SHIPPING"]');
      await expect.poll(() => steps.count(), T).toBe(2);
      expect(
        (await steps.allTextContents()).map((s) => plain(s).replace(/^.*?Colis/, 'Colis')),
      ).toEqual(['Colis : Étiquette créée', 'Colis : Annulée']);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await close();
    }
  }, 120_000);
});
