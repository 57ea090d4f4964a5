import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { create } from '@bufbuild/protobuf';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackgroundTaskService } from '../../src/rpc/gen/seconde/v1/background_task_pb.ts';
import { ProductFamily } from '../../src/rpc/gen/seconde/v1/category_pb.ts';
import { CustomerService } from '../../src/rpc/gen/seconde/v1/customer_pb.ts';
import {
  DepositSchema,
  DepositService,
  DepositStatus,
} from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { InvoiceCategory, InvoiceService } from '../../src/rpc/gen/seconde/v1/invoice_pb.ts';
import { ProductService, SaleStatus } from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import { RateSlideService } from '../../src/rpc/gen/seconde/v1/rate_slide_pb.ts';
import { SessionService } from '../../src/rpc/gen/seconde/v1/session_pb.ts';
import { seriousViolations } from '../helpers/axe.ts';
import { appUrl, openAs, rpcAs } from '../helpers/browserPage.ts';
import type { DemoRpc } from '../helpers/demoClient.ts';
import { walkDepositTo } from '../helpers/ownDeposit.ts';

const VENDOR = 'vendor@seconde.test';
const T = { timeout: 30_000 };
const VALID_IBAN = 'FR76 3000 6000 0112 3456 7890 189';
/** Sold at 37,40 € under the deposit's own slide (35 %): the depositor's share is 24,31 €. */
const SALE_PRICE = '37,40';
const SHARE = '24,31 €';
const SHARE_XML = '<InstdAmt Ccy="EUR">24.31</InstdAmt>';

/** Intl's and the PDF's no-break spaces read as plain ones, runs of spaces as one. */
const plain = (text: string | null) => (text ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim();

let vendor: DemoRpc;
let deposit = '';
let depositor = '';
let depositorName = '';
let itemName = '';
let workDir = '';

/**
 * A depositor of vendor@'s own (an early last name, so the generate dialog's first page of
 * customers lists them) with a deposit online and one item online: nothing of the demo changes.
 */
beforeAll(async () => {
  vendor = await rpcAs(VENDOR);
  const admin = await rpcAs('admin@seconde.test');
  const vendorUuid = (await vendor(SessionService).getCurrentUser({})).vendorUuid;
  const tag = (Date.now() % 1_000_000).toString(36);
  const lastName = `Aboucle${tag}`;
  const made = await vendor(CustomerService).create({
    customer: {
      firstName: 'Paula',
      lastName,
      email: `${lastName.toLowerCase()}@exemple.fr`,
      vendors: [vendorUuid],
    },
  });
  depositor = made.uuid;
  depositorName = `Paula ${lastName}`;
  const received = await vendor(DepositService).create({
    deposit: create(DepositSchema, {
      name: `Dépôt ${lastName}`,
      status: DepositStatus.RECEIVED,
      family: ProductFamily.WOMAN,
      customer: depositor,
    }),
  });
  deposit = (await walkDepositTo(admin, received, DepositStatus.INLINE)).uuid;
  itemName = `Robe ${tag}`;
  await vendor(ProductService).create({
    product: { deposit, name: itemName, suggestedPrice: 40, saleStatus: SaleStatus.ONLINE },
  });
  workDir = await mkdtemp(path.join(tmpdir(), 'seconde-money-loop-'));
  await clearPanel();
}, 60_000);

/** Clears what earlier test files left in vendor@'s task panel, once their tasks are over. */
async function clearPanel(): Promise<void> {
  for (let i = 0; i < 60; i++) {
    try {
      await vendor(BackgroundTaskService).dismiss({});
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/** The text of `testId` once it reads `text`, spaces normalised. */
async function waitText(page: Page, testId: string, text: string): Promise<void> {
  await page.waitForFunction(
    ([id, expected]) =>
      (document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '')
        .replace(/[\s\u00a0\u202f]+/g, ' ')
        .trim() === expected,
    [testId, text] as const,
    T,
  );
}

/** The depositor's statements issued so far, read from the server. */
async function statementsIssued(): Promise<number> {
  const { results } = await vendor(InvoiceService).list({
    ordering: '-created_at',
    pagination: { pageSize: 200 },
  });
  return results.filter(
    (i) => i.customer === depositor && i.category === InvoiceCategory.DEPOSIT_CUSTOMER,
  ).length;
}

afterAll(async () => {
  // The deposit's slide goes with the test, as the deposit rates test does.
  const slides = vendor(RateSlideService);
  const { results } = await slides.list({ deposit, pagination: { pageSize: 50 } });
  for (const s of results) await slides.destroy({ uuid: s.uuid });
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** Generates this month's invoices for the depositor and waits for the task to end. */
async function generateThisMonth(page: Page) {
  await page.getByRole('button', { name: 'Générer les factures' }).click(T);
  const form = page.getByRole('form', { name: 'Générer les factures d’une période' });
  await form.waitFor(T);
  await form.getByLabel('Raccourci').selectOption({ label: 'Ce mois-ci' });
  const customer = form.getByLabel('Client (facultatif)');
  await customer.locator('option', { hasText: depositorName }).waitFor({ state: 'attached', ...T });
  await customer.selectOption({ label: depositorName });
  await form.getByRole('button', { name: 'Générer', exact: true }).click();
  await form.waitFor({ state: 'detached', ...T });
  const task = page.getByTestId('task-item').filter({ hasText: 'Factures d’une période' });
  await task.first().waitFor(T);
  await task.and(page.locator('[data-status="completed"]')).first().waitFor(T);
  // Closed once done, so the next generation's line is the only one.
  await page.getByTestId('task-panel-close').click();
  await page.getByTestId('task-panel').waitFor({ state: 'detached', ...T });
}

describe('the money loop, as vendor@', () => {
  it('sets a rate, sells, invoices, downloads the statement, pays by SEPA, and ends at zero', async () => {
    const { page, close } = await openAs(VENDOR, `/deposit/${deposit}`);
    try {
      // 1. The deposit's own slide: the preview at 40 € changes to it.
      await page.getByRole('tab', { name: 'Commissions' }).click(T);
      const preview = page.getByTestId('rate-preview');
      await preview.waitFor(T);
      const before = plain(await preview.textContent());
      await page.getByRole('button', { name: 'Ajouter une tranche' }).click();
      await page.getByLabel('Prix à partir de (€)').fill('0');
      await page.getByLabel('Prix jusqu’à (€, exclu)').fill('1000');
      await page.getByLabel('Commission (%)', { exact: true }).fill('35');
      await page.getByLabel('Part de Seconde sur la commission (%)').fill('10');
      await page.getByRole('button', { name: 'Enregistrer la tranche' }).click();
      await page.getByTestId('rate-row').first().waitFor(T);
      // 35 % of 40 € is 14 €, of which Seconde keeps 10 %.
      await page.getByText(/déposant reçoit 26,00.*vous 12,60.*Seconde 1,40/).waitFor(T);
      expect(plain(await preview.textContent())).not.toBe(before);

      // 2. Sold at a price, then paid by the buyer, on the product page.
      await page.getByRole('tab', { name: 'Vue d’ensemble' }).click(T);
      await page.getByTestId('product-row').getByRole('link', { name: itemName }).click(T);
      await page.getByTestId('product-page').waitFor(T);
      const save = page.getByRole('button', { name: 'Enregistrer', exact: true });
      const saved = page.getByTestId('product-status').filter({ hasText: 'Article enregistré' });
      await page.getByLabel('Prix de vente (€)').fill(SALE_PRICE);
      await page.getByLabel('Statut de vente').selectOption({ label: 'Vendu' });
      await save.click();
      await saved.waitFor(T);
      // The depositor's part of the sale, under the deposit's slide.
      await page
        .getByTestId('income-split')
        .filter({ hasText: /Part du client\s*24,31/ })
        .waitFor(T);
      await page.getByLabel('Statut de vente').selectOption({ label: 'Payé' });
      expect(await save.isDisabled()).toBe(false);
      await save.click();
      await page.waitForFunction(
        () =>
          (document.querySelector('[data-testid="product-save"]') as HTMLButtonElement | null)
            ?.disabled === true,
        undefined,
        T,
      );
      await saved.waitFor(T);

      // The depositor's balance tab: the share is payable.
      await page.goto(`${appUrl}/contact/${depositor}/balance`);
      await waitText(page, 'ledger-payable', SHARE);
      expect(plain(await page.getByTestId('ledger-balance').textContent())).toBe(SHARE);

      // 3. This month's invoices, followed in the task panel.
      await page.goto(`${appUrl}/invoices`);
      await page
        .getByTestId('invoice-count')
        .filter({ hasText: /facture/ })
        .waitFor(T);
      expect(await seriousViolations(page)).toEqual([]);
      await generateThisMonth(page);
      const statements = page
        .getByTestId('invoice-row')
        .filter({ hasText: depositorName })
        .filter({ hasText: 'Dépôt client' });
      await statements.first().waitFor(T);
      expect(await statements.count()).toBe(1);
      expect(await statementsIssued()).toBe(1);
      expect(plain(await statements.textContent())).toContain(SHARE);

      // 4. The statement's PDF holds the depositor, the item and the share in French.
      const number = await statements.getAttribute('data-number');
      const [download] = await Promise.all([
        page.waitForEvent('download', T),
        statements
          .getByRole('button', { name: `Télécharger le PDF de la facture ${number}` })
          .click(),
      ]);
      const pdfFile = path.join(workDir, 'statement.pdf');
      await download.saveAs(pdfFile);
      const text = plain(
        execFileSync('pdftotext', ['-layout', pdfFile, '-'], { encoding: 'utf8' }),
      );
      expect(text).toContain(depositorName);
      expect(text).toContain(itemName);
      expect(text).toContain(SHARE);

      // 5. A valid IBAN through the customer form, then a SEPA file on /payouts.
      await page.goto(`${appUrl}/contact/${depositor}`);
      await page.getByTestId('customer-edit').click(T);
      await page.getByLabel(/^IBAN/).fill(VALID_IBAN);
      await page.getByLabel('Titulaire du compte').fill(depositorName);
      await page.getByTestId('customer-save').click();
      await page.getByTestId('customer-info').waitFor(T);
      await page.getByText(/FR76 \*{4}/).waitFor(T);

      await page.goto(`${appUrl}/payouts`);
      await page.getByTestId('batch-form').waitFor(T);
      // Only this depositor: the others of the demo are left unpaid.
      const all = page.getByLabel('Tout cocher');
      for (let i = 0; i < 2 && (await all.isChecked()); i++) await all.click({ force: true });
      expect(await page.getByRole('checkbox', { checked: true }).count()).toBe(0);
      await page.getByLabel(`Payer ${depositorName}`).check({ force: true });
      expect(plain(await page.getByTestId('batch-total').textContent())).toContain(SHARE);
      // An open day: today, or the next one.
      const day = new Date();
      if (day.getDay() === 0 || day.getDay() === 6) {
        while (day.getDay() === 0 || day.getDay() === 6) day.setDate(day.getDate() + 1);
        const pad = (n: number) => String(n).padStart(2, '0');
        const dateField = page.getByLabel(/^Date d’exécution/);
        await dateField.fill(
          `${pad(day.getDate())}/${pad(day.getMonth() + 1)}/${day.getFullYear()}`,
        );
        await dateField.press('Escape');
      }
      // The debtor account is asked only while none is on file.
      if (await page.getByLabel('Titulaire du compte').count()) {
        await page.getByLabel('Titulaire du compte').fill('Seconde Boutique');
        await page.getByLabel(/^IBAN/).fill('FR14 2004 1010 0505 0001 3M02 606');
      }
      expect(await seriousViolations(page)).toEqual([]);
      const [sepa] = await Promise.all([
        page.waitForEvent('download', T),
        page.getByTestId('batch-create').click(),
      ]);
      expect(sepa.suggestedFilename()).toMatch(/\.xml$/);
      const xml = (await buffer(await sepa.createReadStream())).toString('utf8');
      expect(xml).toContain(SHARE_XML);
      await page.getByTestId('batch-summary').waitFor(T);

      // 6. Nothing is left to pay, and the same month generated again issues nothing more.
      await page.goto(`${appUrl}/contact/${depositor}/balance`);
      await waitText(page, 'ledger-payable', '0,00 €');
      await waitText(page, 'ledger-balance', '0,00 €');

      await page.goto(`${appUrl}/invoices`);
      await statements.first().waitFor(T);
      await generateThisMonth(page);
      // Still the one statement, on the server and in the list read again.
      expect(await statementsIssued()).toBe(1);
      await page.reload();
      await statements.first().waitFor(T);
      expect(await statements.count()).toBe(1);
    } finally {
      await close();
    }
  });
});
