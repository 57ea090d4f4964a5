import { create } from '@bufbuild/protobuf';
import { beforeAll, describe, expect, it } from 'vitest';
import { ProductFamily } from '../../src/rpc/gen/seconde/v1/category_pb.ts';
import { CustomerService } from '../../src/rpc/gen/seconde/v1/customer_pb.ts';
import {
  DepositSchema,
  DepositService,
  DepositStatus,
} from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { InvoiceCategory, InvoiceService } from '../../src/rpc/gen/seconde/v1/invoice_pb.ts';
import { ProductService, SaleStatus } from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import { parisDay } from '../../src/domain/calendar.ts';
import { shortcutPeriod } from '../../src/machines/invoices/invoicePeriods.ts';
import { seriousViolations } from '../helpers/axe.ts';
import { openAs, rpcAs } from '../helpers/browserPage.ts';

const VENDOR = 'vendor@seconde.test';
const WAIT = { timeout: 30_000 };
const STATUS_WALK = [
  DepositStatus.TODO,
  DepositStatus.PROGRESS,
  DepositStatus.CUSTOMER_WAITING,
  DepositStatus.DEPOSIT_VALIDATED,
  DepositStatus.INLINE,
];
let customer = '';
let customerName = '';
/** The statement issued by the first test, for the next ones. */
let number = '';

/**
 * A depositor of vendor@ with an item sold today: the ledger entry of the sale is what a period's
 * statement bills (entries are stamped when the sale is recorded).
 */
beforeAll(async () => {
  const rpc = await rpcAs(VENDOR);
  const admin = await rpcAs('admin@seconde.test');
  const vendor = (await rpc(DepositService).list({ pagination: { pageSize: 1 } })).results[0]
    ?.vendor;
  const made = await admin(CustomerService).create({
    customer: {
      firstName: 'Factu',
      lastName: `Période ${Date.now()}`,
      email: `factu.${Date.now()}@exemple.fr`,
      vendors: vendor ? [vendor] : [],
    },
  });
  customer = made.uuid;
  customerName = `${made.firstName} ${made.lastName}`;
  let deposit = await rpc(DepositService).create({
    deposit: create(DepositSchema, {
      name: `Factures ${Date.now()}`,
      status: DepositStatus.RECEIVED,
      family: ProductFamily.WOMAN,
      customer,
    }),
  });
  // Walked by staff, as the deposit tests do: some steps are theirs.
  for (const status of STATUS_WALK)
    deposit = await admin(DepositService).partialUpdate({
      deposit: { uuid: deposit.uuid, rowVersion: deposit.rowVersion, status },
      updateMask: { paths: ['status'] },
    });
  const item = await rpc(ProductService).create({
    product: {
      deposit: deposit.uuid,
      name: 'Manteau facturé',
      suggestedPrice: 60,
      saleStatus: SaleStatus.ONLINE,
    },
  });
  await rpc(ProductService).partialUpdate({
    product: { uuid: item.uuid, rowVersion: item.rowVersion, saleStatus: SaleStatus.SELL },
    updateMask: { paths: ['sale_status'] },
  });
});

describe('invoices page', () => {
  it('vendor@ generates a period’s invoices, downloads one, marks it paid (never confirms) and credits it', async () => {
    const { page, close } = await openAs(VENDOR, '/invoices');
    await page.getByTestId('invoice-generate').click(WAIT);
    const form = page.getByTestId('invoice-generate-form');
    await form.waitFor(WAIT);
    const from = form.getByLabel('Du', { exact: true });
    const to = form.getByLabel('Au (inclus)');

    // Last month is the default, and its shortcut gives it back after a change.
    const lastMonth = shortcutPeriod('lastMonth', new Date());
    expect([await from.inputValue(), await to.inputValue()]).toEqual([
      lastMonth.dateFrom,
      lastMonth.dateTo,
    ]);
    // An end before the start is said at the end date, and nothing is sent.
    await from.fill(lastMonth.dateTo);
    await to.fill(lastMonth.dateFrom);
    await form.getByTestId('invoice-generate-submit').click();
    expect(await form.getByTestId('invoice-generate-dateTo-error').textContent()).toBe(
      'La fin de la période doit suivre son début.',
    );
    expect(await to.evaluate((el) => el === document.activeElement)).toBe(true);
    await form.getByLabel('Raccourci').selectOption('lastMonth');
    expect([await from.inputValue(), await to.inputValue()]).toEqual([
      lastMonth.dateFrom,
      lastMonth.dateTo,
    ]);
    // From last month's first day up to today, which holds this test's sale.
    await to.fill(parisDay(new Date()));
    await form.getByLabel('Client (facultatif)').selectOption(customer);
    expect(await form.getByLabel('Vendeur (facultatif)').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await form.getByTestId('invoice-generate-submit').click();
    await form.waitFor({ state: 'detached', ...WAIT });

    // The task shows in the panel until it is done; the list then loads again by itself.
    const task = page.getByTestId('task-item').filter({ hasText: 'Factures d’une période' });
    await task.first().waitFor(WAIT);
    await page
      .locator('[data-testid="task-item"][data-status="completed"]')
      .filter({ hasText: 'Factures d’une période' })
      .first()
      .waitFor({ timeout: 60_000 });
    const rpc = await rpcAs(VENDOR);
    const issued = (
      await rpc(InvoiceService).list({ ordering: '-created_at', pagination: { pageSize: 200 } })
    ).results.filter(
      (i) => i.customer === customer && i.category === InvoiceCategory.DEPOSIT_CUSTOMER,
    );
    expect(issued).toHaveLength(1);
    number = issued[0]!.fullInvoiceNumber;
    expect(number).toMatch(/^RV-\d{4}-\d{6}$/);
    const row = page.locator(`[data-testid="invoice-row"][data-number="${number}"]`);
    await row.waitFor(WAIT);
    expect(await row.textContent()).toContain(customerName);

    // The PDF comes through DownloadInvoice, saved under its own name.
    const [download] = await Promise.all([
      page.waitForEvent('download', WAIT),
      row.getByRole('button', { name: `Télécharger le PDF de la facture ${number}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${number}.pdf`);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 4).toString('latin1')).toBe('%PDF');

    // Marked paid after a confirmation; confirming the payment is never offered to a vendor.
    expect(await row.getByTestId('invoice-confirm-payment').count()).toBe(0);
    await row.getByTestId('invoice-mark-paid').click();
    const dialog = page.getByRole('dialog', { name: 'Marquer la facture payée' });
    await dialog.waitFor(WAIT);
    expect(await dialog.textContent()).toContain(number);
    await dialog.getByTestId('invoice-status-confirm').click();
    await page
      .locator(`[data-testid="invoice-row"][data-number="${number}"][data-status="PAYED"]`)
      .waitFor(WAIT);
    expect(await row.getByText('Payée').count()).toBe(1);
    expect(await row.getByTestId('invoice-mark-paid').count()).toBe(0);
    expect(await row.getByTestId('invoice-confirm-payment').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    // A credit note on it, with its reason; it is listed as such, naming the invoice it corrects.
    await row.getByTestId('invoice-credit-note').click();
    const credit = page.getByRole('dialog', { name: 'Émettre un avoir' });
    await credit.waitFor(WAIT);
    await credit.getByTestId('invoice-credit-note-submit').click();
    await credit.getByText('Saisissez le motif de l’avoir.').waitFor(WAIT);
    await credit.getByLabel('Motif de l’avoir').fill('Article retourné par l’acheteur');
    await credit.getByTestId('invoice-credit-note-submit').click();
    await credit.waitFor({ state: 'detached', ...WAIT });
    const creditRow = page
      .getByTestId('invoice-row')
      .filter({ has: page.getByTestId('invoice-credit-note-tag') })
      .filter({ hasText: `corrige ${number}` });
    await creditRow.waitFor(WAIT);
    expect(await creditRow.getAttribute('data-number')).toMatch(/^AV-\d{4}-\d{6}$/);
    // Nothing is left to credit on the invoice, and a credit note is not credited again.
    expect(await row.getByTestId('invoice-credit-note').count()).toBe(0);
    expect(await creditRow.getByTestId('invoice-credit-note').count()).toBe(0);
    await close();
  });

  it('staff are offered to confirm the payment of a paid invoice', async () => {
    const { page, close } = await openAs('admin@seconde.test', '/invoices');
    const row = page.locator(`[data-testid="invoice-row"][data-number="${number}"]`);
    await row.waitFor(WAIT);
    await row.getByTestId('invoice-confirm-payment').click();
    const dialog = page.getByRole('dialog', { name: 'Confirmer le paiement' });
    await dialog.getByTestId('invoice-status-confirm').click();
    await page
      .locator(
        `[data-testid="invoice-row"][data-number="${number}"][data-status="PAYEMENT_CONFIRMED"]`,
      )
      .waitFor(WAIT);
    expect(await row.getByTestId('invoice-confirm-payment').count()).toBe(0);
    await close();
  });
});
