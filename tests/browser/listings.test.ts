import { create } from '@bufbuild/protobuf';
import { Code, ConnectError } from '@connectrpc/connect';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DepositSchema,
  DepositService,
  DepositStatus,
  type Deposit,
} from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { ProductFamily } from '../../src/rpc/gen/seconde/v1/category_pb.ts';
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
import { PublisherService } from '../../src/rpc/gen/seconde/v1/publisher_pb.ts';
import { VendorConnectorService } from '../../src/rpc/gen/seconde/v1/vendor_connector_pb.ts';
import { seriousViolations } from '../helpers/axe.ts';
import { appUrl, openAs, rpcAs } from '../helpers/browserPage.ts';

const VENDOR = 'vendor@seconde.test';
const ADMIN = 'admin@seconde.test';
const T = { timeout: 30_000 };
/** DD/MM/YYYY HH:mm, the app's date display. */
const DATE_TIME = /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/;

type Rpc = Awaited<ReturnType<typeof rpcAs>>;

/** The working steps after RECEIVED, one at a time as the deposit rules want them. */
const WALK = [
  DepositStatus.TODO,
  DepositStatus.PROGRESS,
  DepositStatus.CUSTOMER_WAITING,
  DepositStatus.DEPOSIT_VALIDATED,
  DepositStatus.INLINE,
];

/** Walks a deposit (as the admin) through the rules up to `status`. */
async function walkTo(admin: Rpc, deposit: Deposit, status: DepositStatus): Promise<Deposit> {
  let current = deposit;
  for (const step of WALK) {
    if (step <= current.status) continue;
    if (step > status) break;
    current = await admin(DepositService).partialUpdate({
      deposit: { uuid: current.uuid, rowVersion: current.rowVersion, status: step },
      updateMask: { paths: ['status'] },
    });
  }
  return current;
}

/**
 * A product of the vendor's own, listed by hand on the marketplace (a real listing and a line on
 * its timeline), in an online deposit of its own: the demo stock stays as it is.
 */
async function listedProduct(vendor: Rpc, admin: Rpc, name: string) {
  const created = await vendor(DepositService).create({
    deposit: create(DepositSchema, {
      name: `Dépôt canaux ${name}`,
      status: DepositStatus.RECEIVED,
      family: ProductFamily.WOMAN,
    }),
  });
  const deposit = await walkTo(admin, created, DepositStatus.DEPOSIT_VALIDATED);
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
  await walkTo(
    admin,
    await vendor(DepositService).retrieve({ uuid: deposit.uuid }),
    DepositStatus.INLINE,
  );
  return product;
}

const isUnimplemented = (error: unknown) =>
  error instanceof ConnectError && error.code === Code.Unimplemented;

describe('product listings', () => {
  let vendor: Rpc;
  let admin: Rpc;

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

  it('confirms a storefront reservation from the banner', async (ctx) => {
    // The storefront listing comes from a real publish to the vendor's connected storefront.
    let storefront: string;
    try {
      const { vendorConnector } = await vendor(VendorConnectorService).connect({
        publisherName: 'SECONDE_STOREFRONT',
        finalRedirectUri: `${appUrl}/edit-profile/connectors`,
      });
      storefront = vendorConnector!.uuid;
    } catch (error) {
      if (isUnimplemented(error)) return ctx.skip('The storefront cannot be connected yet');
      throw error;
    }
    // Our own product has no photo, so the completeness rules keep it off the shop: a complete
    // demo product of the vendor, online in an online deposit, is reserved instead.
    const online = await vendor(ProductService).list({
      pagination: { page: 1, pageSize: 50 },
      saleStatuses: [SaleStatus.ONLINE],
    });
    const check = await vendor(PublisherService).checkProducts({
      products: online.results.map((p) => p.uuid),
      vendorConnectors: [storefront],
    });
    const incomplete = new Set(check.incomplete.map((c) => c.product));
    const candidate = online.results.find((p) => !incomplete.has(p.uuid));
    if (!candidate) return ctx.skip('No complete online product to publish on the storefront');
    const product = candidate;
    const errors: string[] = [];
    for await (const message of vendor(PublisherService).publishProducts({
      products: [product.uuid],
      vendorConnectors: [storefront],
      completeOnly: true,
    }))
      errors.push(...message.errors.map((e) => `${e.code} ${e.message}`));
    const listed = await vendor(ProductListingService).list({ product: product.uuid });
    if (!listed.results.some((l) => l.publisherName === 'SECONDE_STOREFRONT' && l.url))
      return ctx.skip(`The product could not be published: ${errors.join('; ')}`);

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
      expect(await banner.getByTestId('reservation-message').textContent()).toBe('Je passe samedi');
      const price = banner.getByLabel('Prix de vente (€)');
      expect(await price.inputValue()).toBe(String(product.suggestedPrice ?? '').replace('.', ','));
      expect(await seriousViolations(page)).toEqual([]);
      await price.fill('15,50');
      await banner.getByRole('button', { name: 'Confirmer la vente' }).click();
      await page.getByTestId('listing-notice').filter({ hasText: 'Vente confirmée' }).waitFor(T);
      await page.getByTestId('reservation-banner').waitFor({ state: 'detached', ...T });
      const sold = await vendor(ProductService).retrieve({ uuid: product.uuid });
      expect(sold.saleStatus).toBe(SaleStatus.SELL);
      expect(sold.selledPrice).toBe(15.5);
    } finally {
      await close();
      // Leaves the demo vendor's channels as the other files expect them (none connected).
      await vendor(VendorConnectorService).disconnect({ uuid: storefront });
    }
  });
});
