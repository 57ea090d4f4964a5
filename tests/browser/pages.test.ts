import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEPOSIT_STATUSES } from '../../src/domain/deposit/statuses.ts';
import { depositStatusValue } from '../../src/machines/deposit/enums.ts';
import { LISTED_CATEGORIES } from '../../src/machines/invoices/invoiceLogic.ts';
import { DepositService } from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { InvoiceCategorySchema, InvoiceService } from '../../src/rpc/gen/seconde/v1/invoice_pb.ts';
import { enumLabel as label } from '../../src/machines/people/labels.ts';
import { ProductService } from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import { appUrl, openAs, rpcAs } from '../helpers/browserPage.ts';
import { seriousViolations } from '../helpers/axe.ts';

const EVERY_STATUS = DEPOSIT_STATUSES.map(depositStatusValue);
const all = { pagination: { page: 1, pageSize: 5000 } };
const WAIT = { timeout: 30_000 };
const enumLabel = (category: number) => label(InvoiceCategorySchema, category) ?? '';

/** Text as shown, with the narrow and non-breaking spaces of French numbers made plain. */
const plain = (text: string | null) => (text ?? '').replace(/[\s\u202f\u00a0]+/g, ' ').trim();

/** The deposit uuids the stock rows on screen link to. */
/**
 * The count the page shows lies between the server's count before and after it loaded: other
 * test files may add products to the same vendor meanwhile.
 */
async function expectShownCount(
  page: Page,
  before: number,
  countNow: () => Promise<number>,
): Promise<void> {
  const text = plain(await page.getByTestId('stock-count').textContent());
  const match = /^(\d[\d ]*) article\(s\)$/.exec(text);
  expect(match, text).not.toBeNull();
  const shown = Number(match![1]!.replace(/ /g, ''));
  expect(shown).toBeGreaterThanOrEqual(before);
  expect(shown).toBeLessThanOrEqual(await countNow());
}

async function linkedDeposits(page: Page): Promise<string[]> {
  const hrefs = await page
    .getByTestId('stock-deposit-link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.map((href) => href.replace('/deposit/', ''));
}

describe('stock, as vendor@', () => {
  it('lists only the vendor’s products, searches and filters them, and /inventory is the same screen', async () => {
    const vendor = await rpcAs('vendor@seconde.test');
    const own = await vendor(DepositService).list({ ...all, statuses: EVERY_STATUS });
    const ownDeposits = new Set(own.results.map((d) => d.uuid));
    const products = await vendor(ProductService).list({ ...all, ordering: 'reference' });
    const countNow = async () => (await vendor(ProductService).list({ ...all })).count;
    const { page, close } = await openAs('vendor@seconde.test', '/stock');
    await page.getByTestId('stock-row').first().waitFor(WAIT);
    await expectShownCount(page, products.count, countNow);
    const linked = await linkedDeposits(page);
    // Virtualised lines: those on screen, each linked to one of the vendor's deposits.
    expect(linked.length).toBeGreaterThan(5);
    expect(linked.every((uuid) => ownDeposits.has(uuid))).toBe(true);
    // No vendor column for a vendor's own stock, and nothing to edit.
    expect(await page.getByTestId('stock-vendor').count()).toBe(0);
    expect(await page.getByRole('button', { name: /modifier|supprimer/i }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    // The search finds a product by its reference.
    // A reference no other product's reference or name contains (products made from photos get
    // short numbers that other references contain).
    const wanted = products.results.find(
      (p) =>
        products.results.filter(
          (q) => q.reference.includes(p.reference) || q.name.includes(p.reference),
        ).length === 1,
    )!;
    await page.getByTestId('stock-search').fill(wanted.reference);
    await page.waitForFunction(
      (ref) => {
        const rows = document.querySelectorAll('[data-testid="stock-row"]');
        return rows.length === 1 && rows[0]!.textContent!.includes(ref);
      },
      wanted.reference,
      WAIT,
    );
    await page.getByTestId('stock-search').fill('');

    // A sale-status filter keeps only that status.
    await page.locator('label', { has: page.getByTestId('stock-status-SELL') }).click();
    await page.waitForFunction(() => {
      const rows = Array.from(document.querySelectorAll('[data-testid="stock-row"]'));
      return rows.length > 0 && rows.every((r) => r.getAttribute('data-status') === 'SELL');
    }, WAIT);

    // A line leads to its deposit.
    const [first] = await linkedDeposits(page);
    await page.getByTestId('stock-deposit-link').first().click();
    await page.waitForURL(`${appUrl}/deposit/${first}`, WAIT);

    const beforeInventory = await countNow();
    await page.goto(`${appUrl}/inventory`);
    await page.waitForURL(/\/stock$/, WAIT);
    await page.getByTestId('stock-row').first().waitFor(WAIT);
    await expectShownCount(page, beforeInventory, countNow);
    await close();
  });

  it('fits a phone: the table scrolls inside its frame, not the page', async () => {
    const { page, close } = await openAs('vendor@seconde.test', '/stock', {
      viewport: { width: 360, height: 740 },
      mobile: true,
    });
    await page.getByTestId('stock-row').first().waitFor(WAIT);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await close();
  });
});

describe('statistics, as admin@', () => {
  it('shows vendor acquisition and the newest vendors with their onboarding', async () => {
    const { page, close } = await openAs('admin@seconde.test', '/stats-new');
    await page.getByTestId('acquisition-figures').waitFor(WAIT);
    expect(
      Number(plain(await page.getByTestId('figure-inProgress-value').textContent())),
    ).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Recrutement des vendeurs' }).click();
    await page.waitForURL(/\/stats-new\/vendor-hiring$/, WAIT);
    await page.getByTestId('hiring-row').first().waitFor(WAIT);
    await page.getByLabel('Onboarding').selectOption('inProgress');
    await page.waitForFunction(() => {
      const rows = Array.from(document.querySelectorAll('[data-testid="hiring-row"]'));
      return rows.length > 0 && rows.every((r) => r.getAttribute('data-stage') === 'inProgress');
    }, WAIT);
    expect(await seriousViolations(page)).toEqual([]);
    await close();
  });
});

describe('invoices, as customer@', () => {
  it('lists the customer’s own invoices with their PDFs and no action, and /stock is refused', async () => {
    const customer = await rpcAs('customer@seconde.test');
    const answer = await customer(InvoiceService).list({ ...all, ordering: '-created_at' });
    const own = answer.results.filter((i) => LISTED_CATEGORIES.includes(enumLabel(i.category)));
    expect(own.length).toBeGreaterThan(0);
    const { page, close } = await openAs('customer@seconde.test', '/invoices');
    await page.getByTestId('invoice-row').first().waitFor(WAIT);
    const numbers = await page
      .getByTestId('invoice-row')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-number')));
    expect(numbers).toEqual(own.map((i) => i.fullInvoiceNumber));
    // Every demo invoice is issued with its PDF: one download button each, no dead link, and
    // nothing a customer could change.
    expect(await page.getByRole('link', { name: /Télécharger/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Télécharger le PDF/ }).count()).toBe(own.length);
    expect(await page.getByTestId('invoice-no-file').count()).toBe(0);
    expect(await page.getByTestId('invoice-mark-paid').count()).toBe(0);
    expect(await page.getByTestId('invoice-generate').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    // The same screen in English.
    await page.getByTestId('language-switch').getByRole('button', { name: /^EN/ }).click();
    await page.getByRole('heading', { name: 'Invoices' }).waitFor(WAIT);
    expect(plain(await page.getByTestId('invoice-count').textContent())).toBe(
      `${own.length} invoice(s)`,
    );
    await page.getByTestId('language-switch').getByRole('button', { name: /^FR/ }).click();

    await page.goto(`${appUrl}/stock`);
    await page.waitForURL(`${appUrl}/`, WAIT);
    expect(await page.getByTestId('stock').count()).toBe(0);
    await close();
  });
});
