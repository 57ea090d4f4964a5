import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DepositStatus } from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { ProductListingService } from '../../src/rpc/gen/seconde/v1/listing_pb.ts';
import { ProductService, SaleStatus } from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import { SessionService } from '../../src/rpc/gen/seconde/v1/session_pb.ts';
import { toCents } from '../../src/domain/ledger/ledger.ts';
import { seriousViolations } from '../helpers/axe.ts';
import { openAs, rpcAs } from '../helpers/browserPage.ts';
import { depositWalkedTo } from '../helpers/depositWalk.ts';
import type { TestServer } from '../helpers/testServer.ts';

const CUSTOMER = 'customer@seconde.test';
const T = { timeout: 30_000 };
/** A phone held upright. */
const PHONE = { viewport: { width: 360, height: 780 }, mobile: true };

/** Intl's no-break spaces read as plain ones, runs of spaces as one. */
const plain = (text: string | null) => (text ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim();

const tag = (Date.now() % 1_000_000).toString(36);
const listedName = `Veste dressing ${tag}`;
const soldName = `Jupe dressing ${tag}`;
const listingUrl = `https://www.vinted.fr/items/${tag}-veste-dressing`;
let deposit = '';
let share = 0;

/**
 * A deposit of customer@ at vendor@, online, with one item listed by hand on the marketplace and
 * one sold and paid by its buyer: nothing of the demo's own items changes.
 */
beforeAll(async () => {
  const vendor = await rpcAs('vendor@seconde.test');
  const admin = await rpcAs('admin@seconde.test');
  const customer = await rpcAs(CUSTOMER);
  const vendorUuid = (await vendor(SessionService).getCurrentUser({})).vendorUuid;
  const customerUuid = (await customer(SessionService).getCurrentUser({})).customerUuid;
  const made = await depositWalkedTo(
    { client: (service: never) => admin(service) } as unknown as TestServer,
    DepositStatus.INLINE,
    { name: `Dressing ${tag}`, vendor: vendorUuid, customer: customerUuid },
  );
  deposit = made.uuid;
  const listed = await admin(ProductService).create({
    product: { deposit, name: listedName, suggestedPrice: 52, saleStatus: SaleStatus.ONLINE },
  });
  await vendor(ProductListingService).recordMarketplaceListing({
    product: listed.uuid,
    url: listingUrl,
    title: listedName,
  });
  const sold = await admin(ProductService).create({
    product: { deposit, name: soldName, suggestedPrice: 30, saleStatus: SaleStatus.ONLINE },
  });
  const paid = await vendor(ProductService).partialUpdate({
    product: { uuid: sold.uuid, rowVersion: sold.rowVersion, saleStatus: SaleStatus.PAYED },
    updateMask: { paths: ['sale_status'] },
  });
  share = toCents(paid.customerIncome);
}, 60_000);

const card = (page: Page, name: string) =>
  page.getByTestId('dressing-card').filter({ has: page.getByRole('heading', { name }) });

/** The steps of a card's timeline, as read out. */
const stepsOf = async (page: Page, name: string) =>
  (
    await card(page, name).getByTestId('dressing-timeline').getByRole('listitem').allTextContents()
  ).map((text) => plain(text).replace(/\s*\d{2}\/\d{2}\/\d{4}$/, ''));

describe('customer@’s dressing', () => {
  it('shows where an item is live, its steps and what each item earns, on a phone', async () => {
    const { page, close } = await openAs(CUSTOMER, `/dressing/${deposit}`, PHONE);
    try {
      const listed = card(page, listedName);
      await listed.waitFor(T);
      expect(await page.getByTestId('dressing-card').count()).toBe(2);

      // Live on the marketplace, with the listing's own link, opened in a new tab.
      const link = listed.getByRole('link', { name: 'Voir l’annonce sur Vinted (nouvel onglet)' });
      expect(await link.getAttribute('href')).toBe(listingUrl);
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await stepsOf(page, listedName)).toEqual(['Reçu', 'Mis en ligne']);
      expect(plain(await listed.getByTestId('dressing-earning').textContent())).toBe(
        'Rien pour l’instant',
      );

      // Sold and paid by the buyer: the depositor's share, and no longer live anywhere.
      const sold = card(page, soldName);
      expect(share).toBeGreaterThan(0);
      const euros = `${(share / 100).toFixed(2).replace('.', ',')} €`;
      expect(plain(await sold.getByTestId('dressing-earning').textContent())).toBe(euros);
      expect(plain(await sold.getByTestId('dressing-channels').textContent())).toBe(
        'En ligne nulle part en ce moment',
      );
      expect(await stepsOf(page, soldName)).toEqual(['Reçu', 'Vendu']);

      // The totals at the top, and the documents list.
      await page.getByTestId('dressing-owed').waitFor(T);
      await page.getByTestId('dressing-statements').waitFor(T);

      // Nothing wider than the phone: no sideways scrolling.
      const overflow = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth - window.innerWidth,
        widest: Math.max(
          ...Array.from(document.querySelectorAll('[data-testid="depositor-dressing"] *')).map(
            (e) => e.getBoundingClientRect().right,
          ),
        ),
        width: window.innerWidth,
      }));
      expect(overflow.page).toBeLessThanOrEqual(0);
      expect(overflow.widest).toBeLessThanOrEqual(overflow.width);
      expect(await seriousViolations(page)).toEqual([]);

      // Every item again, from the deposits' navigation.
      await page
        .getByRole('navigation', { name: 'Vos dépôts' })
        .getByRole('link', {
          name: 'Tous les articles',
        })
        .click();
      await page.waitForURL(/\/dressing$/, T);
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid="dressing-card"]').length > 2,
        undefined,
        T,
      );
    } finally {
      await close();
    }
  }, 120_000);

  it('reads in English', async () => {
    const { page, close } = await openAs(CUSTOMER, `/dressing/${deposit}`, { locale: 'en-GB' });
    try {
      await card(page, listedName).waitFor(T);
      await page.getByRole('button', { name: 'English' }).click();
      const listed = card(page, listedName);
      await listed.waitFor(T);
      await listed.getByRole('link', { name: 'See the listing on Vinted (new tab)' }).waitFor(T);
      expect(await stepsOf(page, listedName)).toEqual(['Received', 'Put online']);
      await page.getByRole('heading', { name: 'Your earnings' }).waitFor(T);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await close();
    }
  }, 120_000);
});
