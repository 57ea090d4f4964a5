import { buffer } from 'node:stream/consumers';
import { create } from '@bufbuild/protobuf';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CustomerService } from '../../src/rpc/gen/seconde/v1/customer_pb.ts';
import {
  DepositSchema,
  DepositService,
  DepositStatus,
} from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { ProductFamily } from '../../src/rpc/gen/seconde/v1/category_pb.ts';
import { ProductService, SaleStatus } from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import { SessionService } from '../../src/rpc/gen/seconde/v1/session_pb.ts';
import { seriousViolations } from '../helpers/axe.ts';
import { openAs, rpcAs } from '../helpers/browserPage.ts';
import type { DemoRpc } from '../helpers/demoClient.ts';
import { walkDepositTo } from '../helpers/ownDeposit.ts';

const VENDOR = 'vendor@seconde.test';
const ADMIN = 'admin@seconde.test';
const T = { timeout: 30_000 };
const VALID_IBAN = 'FR76 3000 6000 0112 3456 7890 189';
/** The same account with a wrong check digit. */
const WRONG_IBAN = 'FR76 3000 6000 0112 3456 7890 188';

let vendor: DemoRpc;
let admin: DemoRpc;
let vendorUuid = '';

/**
 * A depositor of vendor@'s own with one item sold and paid by the buyer, so the depositor's share
 * is payable now; the shared demo depositors are left as they are.
 */
async function depositorWithPayableSale(lastName: string) {
  const depositor = await vendor(CustomerService).create({
    customer: {
      firstName: 'Paula',
      lastName,
      email: `${lastName.toLowerCase()}.${Date.now()}@exemple.fr`,
      vendors: [vendorUuid],
    },
  });
  const deposit = await vendor(DepositService).create({
    deposit: create(DepositSchema, {
      name: `Dépôt ${lastName}`,
      status: DepositStatus.RECEIVED,
      family: ProductFamily.WOMAN,
      customer: depositor.uuid,
    }),
  });
  await walkDepositTo(admin, deposit, DepositStatus.INLINE);
  const item = await vendor(ProductService).create({
    product: {
      deposit: deposit.uuid,
      name: `Robe ${lastName}`,
      suggestedPrice: 40,
      saleStatus: SaleStatus.ONLINE,
    },
  });
  for (const saleStatus of [SaleStatus.SELL, SaleStatus.PAYED]) {
    const current = await vendor(ProductService).retrieve({ uuid: item.uuid });
    await vendor(ProductService).partialUpdate({
      product: { uuid: item.uuid, rowVersion: current.rowVersion, saleStatus },
      updateMask: { paths: ['sale_status'] },
    });
  }
  const { payableCents } = await vendor(CustomerService).getBalance({ customer: depositor.uuid });
  expect(Number(payableCents)).toBeGreaterThan(0);
  return { depositor, payableCents: Number(payableCents) };
}

/** A short unique name part, so names stay as long as real ones (a phone shows them whole). */
const suffix = () => (Date.now() % 1_000_000).toString(36);

const euros = (cents: number) =>
  new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(cents / 100);
/** Intl's narrow spaces read as plain ones. */
const plain = (text: string | null) => (text ?? '').replace(/[\u202f\u00a0]/g, ' ');

/**
 * At 360 px nothing sticks out sideways (the elements that do are named). The shell re-renders
 * for the narrow width after the resize event, so the check waits for that render to settle.
 */
async function fitsPhone(page: Page) {
  await page.setViewportSize({ width: 360, height: 740 });
  const wideElements = () =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll('body *'))
        .filter(
          (el) =>
            el.getBoundingClientRect().right > 361 &&
            el.checkVisibility() &&
            // Wide tables scroll inside their own region.
            !el.closest('.seconde-table-scroll'),
        )
        .map(
          (el) => `${el.tagName}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`,
        )
        .slice(0, 10),
    );
  await expect.poll(wideElements, { timeout: 5_000 }).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

beforeAll(async () => {
  vendor = await rpcAs(VENDOR);
  admin = await rpcAs(ADMIN);
  vendorUuid = (await vendor(SessionService).getCurrentUser({})).vendorUuid;
}, 60_000);

describe('paying depositors, as vendor@', () => {
  it('refuses a wrong IBAN on its field in French and saves a valid one', async () => {
    const lastName = `Iban${suffix()}`;
    const depositor = await vendor(CustomerService).create({
      customer: {
        firstName: 'Paula',
        lastName,
        email: `${lastName.toLowerCase()}@exemple.fr`,
        vendors: [vendorUuid],
      },
    });
    const { page, close } = await openAs(VENDOR, `/contact/${depositor.uuid}`);
    try {
      await page.getByTestId('customer-edit').click(T);
      const iban = page.getByLabel(/^IBAN/);
      await iban.fill(WRONG_IBAN);
      await page.getByText('IBAN erroné : la clé de contrôle ne correspond pas').waitFor(T);
      expect(await iban.getAttribute('aria-invalid')).toBe('true');
      expect(await seriousViolations(page)).toEqual([]);

      await iban.fill(VALID_IBAN.replace(/ /g, '').toLowerCase());
      // Grouped by four as typed.
      expect(await iban.inputValue()).toBe(VALID_IBAN);
      expect(await iban.getAttribute('aria-invalid')).toBe('false');
      await page.getByLabel('Titulaire du compte').fill('Paula Payée');
      await page.getByLabel(/^BIC/).fill('BNPAFRPP');
      await page.getByTestId('customer-save').click();
      await page.getByTestId('customer-info').waitFor(T);
      // Read-only, the IBAN shows masked.
      await page.getByText(/FR76 \*{4}/).waitFor(T);

      const saved = await vendor(CustomerService).retrieve({ uuid: depositor.uuid });
      expect([saved.iban, saved.bic, saved.accountHolder]).toEqual([
        VALID_IBAN.replace(/ /g, ''),
        'BNPAFRPP',
        'Paula Payée',
      ]);
    } finally {
      await close();
    }
  });

  it('settles a depositor in cash, downloads the receipt, and the balance falls to zero', async () => {
    const { depositor, payableCents } = await depositorWithPayableSale(`Especes${suffix()}`);
    const { page, close } = await openAs(VENDOR, `/contact/${depositor.uuid}/balance`);
    try {
      await page.getByTestId('ledger-payable').waitFor(T);
      expect(plain(await page.getByTestId('ledger-payable').textContent())).toBe(
        plain(euros(payableCents)),
      );
      await page.getByRole('button', { name: 'Régler le compte' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByTestId('settle-form').waitFor(T);
      // Everything payable up to today, shown before confirming.
      expect(plain(await dialog.getByTestId('settle-total').textContent())).toContain(
        plain(euros(payableCents)),
      );
      // By transfer without an IBAN on file: refused, translated, and the choices stay.
      await dialog.getByLabel('Note imprimée sur le reçu').fill('Solde en boutique');
      await dialog.getByTestId('settle-confirm').click();
      await dialog.getByText('Aucun IBAN enregistré pour ce déposant').waitFor(T);
      expect(await dialog.getByLabel('Note imprimée sur le reçu').inputValue()).toBe(
        'Solde en boutique',
      );
      await dialog.getByLabel('Espèces').check({ force: true });
      expect(await seriousViolations(page)).toEqual([]);
      await fitsPhone(page);
      await dialog.getByTestId('settle-confirm').click();
      await dialog.getByTestId('settle-done').waitFor(T);

      const downloading = page.waitForEvent('download', T);
      await dialog.getByTestId('settle-receipt').click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
      const pdf = await buffer(await download.createReadStream());
      expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');

      await dialog.getByRole('button', { name: 'Fermer', exact: true }).first().click();
      await dialog.waitFor({ state: 'hidden', ...T });
      await page
        .getByText(/^0,00\s€$/)
        .first()
        .waitFor(T);
      expect(plain(await page.getByTestId('ledger-payable').textContent())).toBe('0,00 €');
      expect(plain(await page.getByTestId('ledger-balance').textContent())).toBe('0,00 €');
      // The payout is listed with its receipt.
      await page.getByTestId('payout-row').first().waitFor(T);
      expect(await page.getByTestId('payout-row').count()).toBe(1);
    } finally {
      await close();
    }
  });

  it('makes a SEPA file for a depositor with a valid IBAN', async () => {
    const lastName = `Sepa${suffix()}`;
    const { depositor, payableCents } = await depositorWithPayableSale(lastName);
    const current = await vendor(CustomerService).retrieve({ uuid: depositor.uuid });
    await vendor(CustomerService).partialUpdate({
      customer: {
        uuid: depositor.uuid,
        rowVersion: current.rowVersion,
        iban: VALID_IBAN.replace(/ /g, ''),
        accountHolder: `Paula ${lastName}`,
      },
      updateMask: { paths: ['iban', 'account_holder'] },
    });

    const { page, close } = await openAs(VENDOR, '/payouts');
    try {
      await page.getByTestId('batch-form').waitFor(T);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
        'Versements aux déposants',
      );
      // Only this test's depositor: the others of the demo are left unpaid.
      const all = page.getByLabel('Tout cocher');
      // Blueprint draws the box over the input: the click goes to the input itself.
      for (let i = 0; i < 2 && (await all.isChecked()); i++) await all.click({ force: true });
      expect(await page.getByRole('checkbox', { checked: true }).count()).toBe(0);
      await page.getByLabel(`Payer Paula ${lastName}`).check({ force: true });
      expect(plain(await page.getByTestId('batch-total').textContent())).toContain(
        plain(euros(payableCents)),
      );
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

      const downloading = page.waitForEvent('download', T);
      await page.getByTestId('batch-create').click();
      await Promise.race([
        downloading,
        page
          .getByTestId('batch-refusal')
          .waitFor(T)
          .then(async () => {
            throw new Error((await page.getByTestId('batch-refusal').textContent()) ?? 'refused');
          }),
      ]);
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/\.xml$/);
      const xml = (await buffer(await download.createReadStream())).toString('utf8');
      expect(xml).toContain('pain.001.001.03');
      expect(xml).toContain((payableCents / 100).toFixed(2));
      await page.getByTestId('batch-summary').waitFor(T);
      expect(plain(await page.getByTestId('batch-summary-totals').textContent())).toBe(
        `Virements : 1, total ${plain(euros(payableCents))}`,
      );
      await fitsPhone(page);
    } finally {
      await close();
    }
  });
});
