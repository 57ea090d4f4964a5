import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BackgroundTaskService } from '../../src/rpc/gen/seconde/v1/background_task_pb.ts';
import { CustomerService } from '../../src/rpc/gen/seconde/v1/customer_pb.ts';
import { DepositService } from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { ProductService } from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import { seriousViolations } from '../helpers/axe.ts';
import { openAs, rpcAs } from '../helpers/browserPage.ts';

const WAIT = { timeout: 30_000 };
const FIXTURE = new URL('../fixtures/sheets/produits-import.xlsx', import.meta.url);

/** Drops a file on the drop zone as a user dragging it from their files would. */
async function dropFile(page: Page, bytes: Buffer, name: string, type: string): Promise<void> {
  const zone = page.getByTestId('import-drop-zone');
  const dataTransfer = await page.evaluateHandle(
    ({ base64, name, type }) => {
      const binary = atob(base64);
      const data = Uint8Array.from(binary, (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], name, { type }));
      return transfer;
    },
    { base64: bytes.toString('base64'), name, type },
  );
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

describe('spreadsheet import, as vendor@', () => {
  it('previews the fixture from /stock, writes nothing before Import, then the products appear', async () => {
    const vendor = await rpcAs('vendor@seconde.test');
    const imported = async () =>
      (
        await vendor(ProductService).list({
          pagination: { page: 1, pageSize: 100 },
          search: 'IMP-0',
        })
      ).count;
    expect(await imported()).toBe(0);

    const { page, close } = await openAs('vendor@seconde.test', '/stock');
    const stockCount = (count: number) =>
      page.waitForFunction(
        (n) =>
          new RegExp(`^${n}\\s`).test(
            document.querySelector('[data-testid="stock-count"]')?.textContent ?? '',
          ),
        count,
        WAIT,
      );
    await page.getByTestId('stock-search').fill('IMP-0');
    await stockCount(0);
    await page.getByTestId('import-open-products').click();
    const dialog = page.getByRole('dialog', { name: 'Importer des produits depuis un tableur' });
    await dialog.waitFor(WAIT);
    // The file picker is reachable with the keyboard.
    expect(
      await page.getByTestId('import-file-input').evaluate((e) => (e as HTMLElement).tabIndex),
    ).toBeGreaterThanOrEqual(0);

    await dropFile(
      page,
      await readFile(FIXTURE),
      'produits-import.xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    await page.getByTestId('import-summary').waitFor(WAIT);
    expect(await page.getByTestId('import-valid-count').getAttribute('data-count')).toBe('60');
    expect(await page.getByTestId('import-refused-count').getAttribute('data-count')).toBe('7');
    expect(await page.getByTestId('import-new-deposit').textContent()).toContain(
      '« produits-import »',
    );
    // The refused rows, each with its reasons in French, before anything is sent.
    const rows = page.getByTestId('import-preview-row');
    expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-row')))).toEqual([
      '62',
      '63',
      '64',
      '65',
      '66',
      '67',
      '69',
    ]);
    const text = async (row: number) =>
      (await page.locator(`[data-testid="import-preview-row"][data-row="${row}"]`).textContent()) ??
      '';
    expect(await text(62)).toContain('Prix conseillé manquant.');
    expect(await text(63)).toContain('Catégorie « Catégorie qui n existe pas » inconnue.');
    expect(await text(65)).toContain('Référence déjà présente ligne 11.');
    expect(await text(69)).toContain('Nom : le HTML n’est pas accepté.');
    expect(await text(69)).toContain('Remarque : Commentaire : formule importée comme du texte');
    expect(await seriousViolations(page)).toEqual([]);

    // Nothing written yet: no product, no deposit.
    expect(await imported()).toBe(0);
    const deposits = await vendor(DepositService).list({
      pagination: { page: 1, pageSize: 10 },
      search: 'produits-import',
    });
    expect(deposits.count).toBe(0);

    // Import, from the keyboard.
    await page.getByTestId('import-submit').focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden', ...WAIT });
    await page.getByText('Import lancé').first().waitFor(WAIT);

    // The task panel follows the import to its end.
    const task = page.getByTestId('task-item').filter({ hasText: 'produits-import.xlsx' });
    await task.waitFor(WAIT);
    await expect.poll(() => task.getAttribute('data-status'), WAIT).toBe('completed');

    // The background task created them; the stock then lists them.
    const deadline = Date.now() + 30_000;
    while ((await imported()) < 60 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await imported()).toBe(60);
    const tasks = await vendor(BackgroundTaskService).list({
      pagination: { page: 1, pageSize: 10 },
    });
    expect(tasks.results.some((task) => task.label === 'produits-import.xlsx')).toBe(true);
    // The list on screen loads again by itself once the import is over: no reload.
    await stockCount(60);

    // The same sheet again: its name is taken, the dialog says so and how to get round it.
    await page.getByTestId('import-open-products').click();
    await dialog.waitFor(WAIT);
    await dropFile(
      page,
      await readFile(FIXTURE),
      'produits-import.xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    await page.getByTestId('import-summary').waitFor(WAIT);
    await page.getByTestId('import-submit').click();
    const failed = page.getByTestId('import-failed');
    await failed.waitFor(WAIT);
    expect(await failed.textContent()).toContain('Un dépôt du même nom existe déjà.');
    expect(await failed.textContent()).toContain(
      'Renommez la feuille du tableur (« produits-import »)',
    );
    await page.getByTestId('import-cancel').click();
    await dialog.waitFor({ state: 'hidden', ...WAIT });
    expect(await imported()).toBe(60);
    await close();
  });
});

describe('contacts import, in English', () => {
  it('previews the contacts sheet from the customer list, then the contacts are added', async () => {
    const vendor = await rpcAs('vendor@seconde.test');
    const known = async () =>
      (await vendor(CustomerService).getUuidByEmail({ email: 'jose.nunez1@exemple.fr' })).uuid;
    expect(await known()).toBe('');
    const { page, close } = await openAs('vendor@seconde.test', '/contacts', { locale: 'en-GB' });
    await page.getByRole('button', { name: 'English' }).click();
    // The contact is not listed yet.
    await page.getByTestId('customer-list-search').fill('jose.nunez1@exemple.fr');
    await page.getByText('No contact found').first().waitFor(WAIT);
    await page.getByTestId('import-open-customers').click();
    const dialog = page.getByRole('dialog', { name: 'Import customers from a spreadsheet' });
    await dialog.waitFor(WAIT);
    await dropFile(
      page,
      await readFile(new URL('../fixtures/sheets/clients-import.csv', import.meta.url)),
      'clients-import.csv',
      'text/csv',
    );
    await page.getByTestId('import-summary').waitFor(WAIT);
    expect(await page.getByTestId('import-valid-count').getAttribute('data-count')).toBe('30');
    const rows = page.getByTestId('import-preview-row');
    expect(await rows.allTextContents()).toEqual([
      expect.stringContaining('E-mail missing.'),
      expect.stringContaining('“pas-un-email” is not an e-mail address.'),
      expect.stringContaining('E-mail already on row 6.'),
    ]);
    expect(await known()).toBe('');
    await page.getByTestId('import-submit').click();
    await dialog.waitFor({ state: 'hidden', ...WAIT });
    await expect.poll(known, WAIT).not.toBe('');
    // The finished import reloads the list on screen by itself.
    await page
      .getByTestId('customer-row')
      .filter({ hasText: 'jose.nunez1@exemple.fr' })
      .waitFor(WAIT);
    await close();
  });
});
