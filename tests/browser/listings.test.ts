import { create } from '@bufbuild/protobuf';
import { beforeAll, describe, expect, it } from 'vitest';
import { DepositService, DepositStatus } from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import {
  ProductListingService,
  StorefrontService,
} from '../../src/rpc/gen/seconde/v1/listing_pb.ts';
import {
  ProductQuality,
  ProductSchema,
  ProductService,
  SaleStatus,
} from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import { VendorConnectorService } from '../../src/rpc/gen/seconde/v1/vendor_connector_pb.ts';
import { seriousViolations } from '../helpers/axe.ts';
import { appUrl, openAs, rpcAs } from '../helpers/browserPage.ts';
import type { DemoRpc } from '../helpers/demoClient.ts';
import { ownDeposit, walkDepositTo } from '../helpers/ownDeposit.ts';
import { connectStorefront, publishCompleteProduct } from '../helpers/storefrontPublish.ts';

const VENDOR = 'vendor@seconde.test';
const ADMIN = 'admin@seconde.test';
const T = { timeout: 30_000 };
/** DD/MM/YYYY HH:mm, the app's date display. */
const DATE_TIME = /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/;

/**
 * A product of the vendor's own, listed by hand on the marketplace (a real listing and a line on
 * its timeline), in an online deposit of its own: the demo stock stays as it is.
 */
async function listedProduct(vendor: DemoRpc, admin: DemoRpc, name: string) {
  const deposit = await ownDeposit(vendor, `Dépôt canaux ${name}`, {
    admin,
    status: DepositStatus.DEPOSIT_VALIDATED,
  });
  const product = await vendor(ProductService).create({
    product: create(ProductSchema, {
      deposit: deposit.uuid,
      name,
      quality: ProductQuality.VERY_GOOD,
      suggestedPrice: 18,
      saleStatus: SaleStatus.OFFLINE,
    }),
  });
  await vendor(ProductListingService).recordMarketplaceListing({
    product: product.uuid,
    url: `https://www.vinted.fr/items/${Date.now()}-article`,
    title: name,
  });
  // A sale is only confirmed in an online deposit.
  await walkDepositTo(
    admin,
    await vendor(DepositService).retrieve({ uuid: deposit.uuid }),
    DepositStatus.INLINE,
  );
  return product;
}

describe('product listings', () => {
  let vendor: DemoRpc;
  let admin: DemoRpc;

  beforeAll(async () => {
    vendor = await rpcAs(VENDOR);
    admin = await rpcAs(ADMIN);
  }, 60_000);

  it('shows the listing with its link and timeline, and withdraws it after a confirmation', async () => {
    const product = await listedProduct(vendor, admin, `Veste canaux ${Date.now()}`);
    const { page, close } = await openAs(VENDOR, `/product/${product.uuid}`);
    try {
      const section = page.getByTestId('product-listings');
      await section.getByTestId('listing-row').first().waitFor(T);
      const row = section.getByTestId('listing-row').first();
      expect(await row.getByTestId('listing-status').textContent()).toBe('En ligne');
      const link = row.getByRole('link', { name: /Voir l’annonce sur .* \(nouvel onglet\)/ });
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('href')).toContain('vinted.fr/items/');
      expect(await row.textContent()).toMatch(DATE_TIME);
      const timeline = section.getByRole('list', { name: 'Historique' });
      await timeline.getByRole('listitem').first().waitFor(T);
      expect(await timeline.getByRole('listitem').first().textContent()).toMatch(DATE_TIME);
      expect(await seriousViolations(page)).toEqual([]);

      // Withdrawing asks first; cancelling keeps the listing.
      await row.getByRole('button', { name: /Retirer l’annonce/ }).click();
      const alert = page.getByRole('alertdialog');
      await alert.waitFor(T);
      await alert.getByRole('button', { name: 'Annuler' }).click();
      expect(await row.getByTestId('listing-status').textContent()).toBe('En ligne');
      await row.getByRole('button', { name: /Retirer l’annonce/ }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Retirer' }).click();
      await section.getByTestId('listing-notice').filter({ hasText: 'Annonce retirée' }).waitFor(T);
      expect(await section.getByTestId('listing-status').first().textContent()).toBe('Retirée');
      await section.locator('[data-testid="timeline-row"][data-kind="WITHDRAWN"]').waitFor(T);
      expect(await section.getByTestId('listing-withdraw').count()).toBe(0);
    } finally {
      await close();
    }
  });

  it('confirms a storefront reservation from the banner', async () => {
    // The storefront listing comes from a real publish to the vendor's connected storefront.
    const storefront = await connectStorefront(vendor, appUrl);
    try {
      const product = await publishCompleteProduct(vendor, storefront);

      const shop = await vendor(StorefrontService).getShop({});
      const form = new URLSearchParams({
        firstName: 'Alice',
        lastName: 'Martin',
        email: 'alice.martin@example.test',
        phone: '0601020304',
        message: 'Je passe samedi',
      });
      const answer = await fetch(`${appUrl}/shop/${shop.slug}/${product.uuid}`, {
        method: 'POST',
        body: form,
        redirect: 'manual',
      });
      expect(answer.status).toBeLessThan(400);

      const { page, close } = await openAs(VENDOR, `/product/${product.uuid}`);
      try {
        const banner = page.getByTestId('reservation-banner');
        await banner.waitFor(T);
        expect(await banner.getByTestId('reservation-buyer').textContent()).toBe('Alice Martin');
        expect(await banner.getByTestId('reservation-message').textContent()).toBe(
          'Je passe samedi',
        );
        const price = banner.getByLabel('Prix de vente (€)');
        expect(await price.inputValue()).toBe(
          String(product.suggestedPrice ?? '').replace('.', ','),
        );
        expect(await seriousViolations(page)).toEqual([]);
        await price.fill('15,50');
        await banner.getByRole('button', { name: 'Confirmer la vente' }).click();
        // The notice, or the refusal or failure that shows instead, named in the failure.
        await Promise.race([
          page.getByTestId('listing-notice').filter({ hasText: 'Vente confirmée' }).waitFor(T),
          page
            .getByTestId('listing-refused')
            .or(page.getByTestId('listings-failed'))
            .waitFor(T)
            .then(async () => {
              const shown = page
                .getByTestId('listing-refused')
                .or(page.getByTestId('listings-failed'));
              throw new Error(`The sale was not confirmed: ${await shown.textContent()}`);
            }),
        ]);
        await page.getByTestId('reservation-banner').waitFor({ state: 'detached', ...T });
        const sold = await vendor(ProductService).retrieve({ uuid: product.uuid });
        expect(sold.saleStatus).toBe(SaleStatus.SELL);
        expect(sold.selledPrice).toBe(15.5);
      } finally {
        await close();
      }
    } finally {
      // Leaves the demo vendor's channels as the other files expect them (none connected).
      await vendor(VendorConnectorService).disconnect({ uuid: storefront });
    }
  });
});
