import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { create } from '@bufbuild/protobuf';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductFamily } from '../../src/rpc/gen/seconde/v1/category_pb.ts';
import { CustomerService } from '../../src/rpc/gen/seconde/v1/customer_pb.ts';
import { DepositSchema, DepositService } from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { ProductService } from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import { SessionService } from '../../src/rpc/gen/seconde/v1/session_pb.ts';
import { VendorService } from '../../src/rpc/gen/seconde/v1/vendor_pb.ts';
import { seriousViolations } from '../helpers/axe.ts';
import { openAs, rpcAs } from '../helpers/browserPage.ts';
import type { DemoRpc } from '../helpers/demoClient.ts';

const VENDOR = 'vendor@seconde.test';
const T = { timeout: 30_000 };
const plain = (text: string | null) => (text ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim();
/** Today in Paris, as the register's period fields take it. */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());

let vendor: DemoRpc;
let vendorUuid = '';
let deposit = '';
let tag = '';
let lastName = '';
let itemName = '';
let reference = '';
let workDir = '';

/** vendor@ made self-employed (a professional) for this file only; put back after it. */
async function setSelfEmployed(value: boolean): Promise<void> {
  const row = await vendor(VendorService).retrieve({ uuid: vendorUuid });
  await vendor(VendorService).partialUpdate({
    vendor: { uuid: vendorUuid, rowVersion: row.rowVersion, isSelfEmployed: value },
    updateMask: { paths: ['is_self_employed'] },
  });
}

/** A deposit of vendor@'s own, not yet received, with one item and a depositor. */
beforeAll(async () => {
  vendor = await rpcAs(VENDOR);
  vendorUuid = (await vendor(SessionService).getCurrentUser({})).vendorUuid;
  await setSelfEmployed(true);
  tag = (Date.now() % 1_000_000).toString(36);
  lastName = `Registre${tag}`;
  const customer = await vendor(CustomerService).create({
    customer: {
      firstName: 'Hélène',
      lastName,
      email: `registre${tag}@exemple.fr`,
      address: '3 rue Mercière',
      postalCode: '69002',
      city: 'Lyon',
      vendors: [vendorUuid],
    },
  });
  const draft = await vendor(DepositService).create({
    deposit: create(DepositSchema, {
      name: `Registre ${tag}`,
      family: ProductFamily.WOMAN,
      customer: customer.uuid,
    }),
  });
  deposit = draft.uuid;
  itemName = `Veste en laine ${tag}`;
  const item = await vendor(ProductService).create({
    product: { deposit, name: itemName, comment: 'Boutons dorés', suggestedPrice: 42.5 },
  });
  reference = item.reference;
  workDir = await mkdtemp(path.join(tmpdir(), 'seconde-register-'));
}, 90_000);

afterAll(async () => {
  if (vendorUuid) await setSelfEmployed(false);
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** The register's rows of today, as the page lists them. */
async function showToday(page: Page): Promise<void> {
  await page.getByTestId('police-register-page').waitFor(T);
  await page.locator('#register-from').fill(today);
  await page.locator('#register-to').fill(today);
  await page.getByRole('button', { name: /^(Afficher|Show)$/ }).click();
  await page.getByTestId('register-row').first().waitFor(T);
  // Other files' receptions of today come first: this file's entries are the last ones.
  const next = page.getByRole('button', { name: /^(Page suivante|Next page)$/ });
  while ((await next.count()) > 0 && (await next.isEnabled())) {
    const first = await page.getByTestId('register-row').first().textContent();
    await next.click();
    await expect
      .poll(() => page.getByTestId('register-row').first().textContent(), T)
      .not.toBe(first);
  }
}

const rowOf = (page: Page, text: string) =>
  page.getByTestId('register-row').filter({ hasText: text });

describe('the police register, as vendor@ (a professional)', () => {
  it('receives a deposit typing the identity document, lists, verifies, exports and corrects its entry', async () => {
    const { page, close } = await openAs(VENDOR, `/deposit/${deposit}`);
    try {
      // The reception step asks for the depositor's identity document before the move.
      await page.getByTestId('move-RECEIVED').click(T);
      const dialog = page.getByRole('dialog', { name: 'Réception : pièce d’identité du déposant' });
      await dialog.waitFor(T);
      await dialog.getByRole('button', { name: 'Réceptionner' }).click();
      expect(plain(await dialog.getByTestId('id-document-type-problem').textContent())).toBe(
        'À renseigner.',
      );
      await expect.poll(() => seriousViolations(page)).toEqual([]);
      await dialog.getByLabel('Type de pièce').fill('Carte nationale d’identité');
      await dialog.getByLabel('Numéro').fill(`X4RT${tag}`.toUpperCase());
      await dialog.getByLabel('Autorité de délivrance').fill('Préfecture du Rhône');
      await dialog.getByLabel('Date de délivrance').fill('2099-01-01');
      expect(plain(await dialog.getByTestId('id-document-date-problem').textContent())).toBe(
        'La date de délivrance ne peut pas être dans le futur.',
      );
      await dialog.getByLabel('Date de délivrance').fill('2021-03-15');
      // Sent with the keyboard, as a form.
      await dialog.getByLabel('Date de délivrance').press('Enter');
      await expect
        .poll(async () => plain(await page.getByTestId('status-current').textContent()), T)
        .toBe('Statut actuel : Reçu');

      // The item's entry is in the register, with the document shown.
      await page.goto(`${new URL(page.url()).origin}/police-register`);
      await showToday(page);
      const row = rowOf(page, itemName);
      await row.waitFor(T);
      const entry = plain(await row.locator('th').textContent());
      const rowText = plain(await row.textContent());
      expect(rowText).toContain(`Hélène ${lastName}`);
      expect(rowText).toContain('Boutons dorés');
      expect(rowText).toContain(`X4RT${tag}`.toUpperCase());
      expect(rowText).toContain('Préfecture du Rhône');
      await expect.poll(() => seriousViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Vérifier l’intégrité' }).click();
      await expect
        .poll(async () => plain(await page.getByTestId('register-verdict').textContent()), T)
        .toMatch(/^Registre intact : \d+ entrée\(s\) vérifiée\(s\)/);

      // The PDF of the period holds the entry: its number, the depositor, the item.
      const [download] = await Promise.all([
        page.waitForEvent('download', T),
        page.getByRole('button', { name: 'Exporter en PDF' }).click(),
      ]);
      const file = path.join(workDir, 'registre.pdf');
      await download.saveAs(file);
      const text = plain(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }));
      expect(text).toContain(lastName);
      expect(text).toContain(reference);
      expect(text).toContain(tag);
      expect(text).toContain('Boutons dorés');
      expect(text).toMatch(new RegExp(`(^| )${entry} `));

      // A correction: a new entry naming the one it corrects; the old one stays.
      await row.getByRole('button', { name: `Rectifier l’entrée n° ${entry}` }).click();
      const correction = page.getByRole('dialog', {
        name: `Rectification de l’entrée n° ${entry}`,
      });
      await correction.waitFor(T);
      expect(await correction.getByLabel('Nom', { exact: true }).inputValue()).toBe(lastName);
      expect(await correction.getByTestId('correction-save').isDisabled()).toBe(true);
      await correction.getByLabel('Prénom').fill('Hélèna');
      await correction.getByLabel('Motif de la rectification').fill('Prénom mal orthographié');
      await expect.poll(() => seriousViolations(page)).toEqual([]);
      await correction.getByTestId('correction-save').click();
      const corrected = page.getByTestId('register-corrected');
      await corrected.waitFor(T);
      const said = plain(await corrected.textContent());
      expect(said).toMatch(new RegExp(`elle rectifie l’entrée n° ${entry}\\.$`));
      const number = /Entrée n° (\d+)/.exec(said)![1]!;
      const fix = page.getByTestId('register-row').filter({ hasText: `Hélèna ${lastName}` });
      await fix.waitFor(T);
      expect(plain(await fix.locator('th').textContent())).toBe(number);
      const fixText = plain(await fix.textContent());
      expect(fixText).toContain('Rectification');
      expect(fixText).toContain(`Rectifie le n° ${entry} : Prénom mal orthographié`);
      await page.getByRole('button', { name: 'Vérifier l’intégrité' }).click();
      await expect
        .poll(async () => plain(await page.getByTestId('register-verdict').textContent()), T)
        .toMatch(/^Registre intact/);
    } finally {
      await close();
    }
  });

  it('reads the register in English and says the chain is intact', async () => {
    const { page, close } = await openAs(VENDOR, '/police-register', { locale: 'en-GB' });
    try {
      await page.getByRole('button', { name: 'English' }).click();
      await page.getByRole('heading', { name: 'Police register' }).waitFor(T);
      await showToday(page);
      expect(plain(await rowOf(page, itemName).first().textContent())).toContain('Deposit');
      await page.getByRole('button', { name: 'Verify integrity' }).click();
      await expect
        .poll(async () => plain(await page.getByTestId('register-verdict').textContent()), T)
        .toMatch(/^Register intact: \d+ entry\(ies\) checked/);
      await rowOf(page, itemName)
        .first()
        .getByRole('button', { name: /^Correct entry no\. \d+$/ })
        .click();
      const correction = page.getByRole('dialog', { name: /^Correction of entry no\. \d+$/ });
      await correction.getByLabel('Reason for the correction').fill('x');
      expect(plain(await correction.getByTestId('correction-reason-problem').textContent())).toBe(
        'Give the reason (at least 3 characters).',
      );
      await expect.poll(() => seriousViolations(page)).toEqual([]);
      await correction.getByRole('button', { name: 'Cancel' }).click();
      await correction.waitFor({ state: 'hidden', ...T });
    } finally {
      await close();
    }
  });

  it('lets staff read the register of the vendor they name', async () => {
    const { page, close } = await openAs('admin@seconde.test', `/police-register/${vendorUuid}`);
    try {
      await showToday(page);
      await rowOf(page, itemName).first().waitFor(T);
      await page.getByRole('button', { name: 'Vérifier l’intégrité' }).click();
      await expect
        .poll(async () => plain(await page.getByTestId('register-verdict').textContent()), T)
        .toMatch(/^Registre intact/);
    } finally {
      await close();
    }
  });
});
