import PDFDocument from 'pdfkit';
import { afterAll, describe, expect, it } from 'vitest';
import { CompanyService, type Company } from '../../src/rpc/gen/seconde/v1/company_pb.ts';
import { SessionService } from '../../src/rpc/gen/seconde/v1/session_pb.ts';
import { VendorService } from '../../src/rpc/gen/seconde/v1/vendor_pb.ts';
import { openAs, rpcAs } from '../helpers/browserPage.ts';

/** company@ administers the demo company; the afterAll puts its name and SIRET back. */
const COMPANY_ADMIN = 'company@seconde.test';
let original: Company | undefined;

/** A real one-page PDF, as a registry's extract would be. */
function kbisPdf(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.text('Extrait Kbis');
    doc.end();
  });
}

async function demoCompany() {
  const rpc = await rpcAs(COMPANY_ADMIN);
  const me = await rpc(SessionService).getCurrentUser({});
  const vendor = await rpc(VendorService).retrieve({ uuid: me.vendorUuid });
  const companies = rpc(CompanyService);
  return { companies, company: await companies.retrieve({ uuid: vendor.company }) };
}

afterAll(async () => {
  if (!original) return;
  const { companies, company } = await demoCompany();
  await companies.update({
    company: { ...company, title: original.title, siret: original.siret },
  });
});

describe('edit-profile/company', () => {
  it('the administrator is told a bad SIRET on its field, then saves the company', async () => {
    original = (await demoCompany()).company;
    const { page, close } = await openAs(COMPANY_ADMIN, '/edit-profile/company');
    try {
      await page.getByTestId('company-form').waitFor({ timeout: 30_000 });
      const siret = page.getByLabel(/^SIRET/);
      await siret.fill('73282932000075');
      await page.getByTestId('company-save').click();
      await page.getByText(/SIRET invalide/).waitFor({ timeout: 10_000 });
      expect(await siret.getAttribute('aria-invalid')).toBe('true');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('company-siret');

      await siret.fill('732 829 320 00074');
      await page.getByTestId('company-title').fill('Friperie Solidaire Lyon');
      await page.getByTestId('company-save').click();
      await page.getByText('Entreprise enregistrée').waitFor({ timeout: 30_000 });
      const saved = (await demoCompany()).company;
      expect(saved).toMatchObject({ title: 'Friperie Solidaire Lyon', siret: '73282932000074' });
    } finally {
      await close();
    }
  });

  it('the administrator uploads the proof of registration and gets a download button, keeping what was typed', async () => {
    const { page, close } = await openAs(COMPANY_ADMIN, '/edit-profile/company');
    try {
      await page.getByTestId('company-form').waitFor({ timeout: 30_000 });
      const city = page.getByTestId('company-city');
      await city.fill('Villeurbanne');
      const input = page.locator('#company-proof');
      await input.setInputFiles({
        name: 'kbis.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('Ceci est un texte, pas un PDF.\n'),
      });
      await page.getByText('Le justificatif doit être un PDF, un JPEG ou un PNG').waitFor({
        timeout: 10_000,
      });
      await input.setInputFiles({
        name: 'kbis.pdf',
        mimeType: 'application/pdf',
        buffer: await kbisPdf(),
      });
      await page.getByTestId('company-proof-download').waitFor({ timeout: 30_000 });
      expect(await city.inputValue()).toBe('Villeurbanne');
      expect((await demoCompany()).company.proofRegistration).toMatch(/\.pdf$/);
      const download = page.waitForEvent('download');
      await page.getByTestId('company-proof-download').click();
      expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
    } finally {
      await close();
    }
  });
});
