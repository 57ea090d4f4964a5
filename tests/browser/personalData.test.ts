import type { Download } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CustomerService } from '../../src/rpc/gen/seconde/v1/customer_pb.ts';
import { SessionService } from '../../src/rpc/gen/seconde/v1/session_pb.ts';
import { seriousViolations } from '../helpers/axe.ts';
import { appUrl, openAs, rpcAs } from '../helpers/browserPage.ts';

const WAIT = { timeout: 30_000 };

async function textOf(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

describe('personal data and the DAC7 report', () => {
  it('customer@ downloads their data, and is told why erasure must wait', async () => {
    const { page, close } = await openAs('customer@seconde.test', '/my-information');
    try {
      const panel = page.getByTestId('personal-data');
      await panel.getByRole('heading', { name: 'Mes données personnelles' }).waitFor(WAIT);
      const [download] = await Promise.all([
        page.waitForEvent('download', WAIT),
        panel.getByRole('button', { name: 'Télécharger mes données' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(
        /^donnees-personnelles-\d{4}-\d{2}-\d{2}\.json$/,
      );
      const data = JSON.parse(await textOf(download)) as {
        format: string;
        customer: { email: string };
        deposits: unknown[];
      };
      expect(data.format).toBe('seconde-personal-data/1');
      expect(data.customer.email).toBe('customer@seconde.test');
      expect(data.deposits.length).toBeGreaterThan(0);

      await panel.getByRole('button', { name: 'Effacer mes données' }).click();
      const dialog = page.getByRole('dialog', { name: 'Effacer vos données personnelles ?' });
      await dialog.getByRole('button', { name: 'Effacer définitivement' }).click();
      await dialog.getByTestId('erasure-refusal').waitFor(WAIT);
      expect(await dialog.getByTestId('erasure-refusal').textContent()).toContain(
        'Un dépôt est encore en cours',
      );
      await dialog.getByRole('button', { name: 'Annuler' }).click();
      await dialog.waitFor({ state: 'hidden', ...WAIT });
    } finally {
      await close();
    }
  });

  it('admin@ downloads a customer’s data from their page; erasure waits for the open deposit, and goes through for a customer without one', async () => {
    const clara = (await (await rpcAs('customer@seconde.test'))(SessionService).getCurrentUser({}))
      .customerUuid;
    const stamp = Date.now();
    const fresh = await (
      await rpcAs('admin@seconde.test')
    )(CustomerService).create({
      customer: {
        firstName: 'Éric',
        lastName: `Effacé${stamp}`,
        email: `eric.${stamp}@exemple.fr`,
        postalCode: '75011',
        city: 'Paris',
      },
    });
    const { page, close } = await openAs('admin@seconde.test', `/contact/${clara}`);
    try {
      const panel = page.getByTestId('personal-data');
      await panel.getByRole('heading', { name: 'Données personnelles du client' }).waitFor(WAIT);
      const [download] = await Promise.all([
        page.waitForEvent('download', WAIT),
        panel.getByRole('button', { name: 'Télécharger les données' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.json$/);
      const data = JSON.parse(await textOf(download)) as { customer: { email: string } };
      expect(data.customer.email).toBe('customer@seconde.test');
      await panel.getByTestId('export-done').waitFor(WAIT);
      expect(await seriousViolations(page)).toEqual([]);

      // Clara's deposit is open: the same confirmation, then the refusal and why.
      await panel.getByRole('button', { name: 'Effacer les données' }).click();
      const dialog = page.getByRole('dialog', {
        name: 'Effacer les données personnelles de ce client ?',
      });
      await dialog.getByRole('button', { name: 'Effacer définitivement' }).click();
      await dialog.getByTestId('erasure-refusal').waitFor(WAIT);
      expect(await dialog.getByTestId('erasure-refusal').textContent()).toContain(
        'Un dépôt du client est encore en cours',
      );
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Annuler' }).click();
      await dialog.waitFor({ state: 'hidden', ...WAIT });

      // A customer with nothing open is erased, and the answer says what was erased and kept.
      await page.goto(`${appUrl}/contact/${fresh.uuid}`);
      await panel.getByRole('heading', { name: 'Données personnelles du client' }).waitFor(WAIT);
      await panel.getByRole('button', { name: 'Effacer les données' }).click();
      await dialog.getByRole('button', { name: 'Effacer définitivement' }).click();
      const result = page.getByTestId('erasure-result');
      await result.waitFor(WAIT);
      const answer = (await result.textContent()) ?? '';
      expect(answer).toContain('Les données du client ont été effacées');
      expect(answer).toContain('son nom, e-mail, téléphone, adresse et coordonnées bancaires');
      expect(answer).toContain('Rien n’avait à être conservé.');
      expect(await seriousViolations(page)).toEqual([]);
      const erased = await (
        await rpcAs('admin@seconde.test')
      )(CustomerService).retrieve({
        uuid: fresh.uuid,
      });
      expect(erased.email).not.toBe(`eric.${stamp}@exemple.fr`);
    } finally {
      await close();
    }
  });

  it('vendor@ sees no personal data buttons on a customer’s page', async () => {
    const own = await (
      await rpcAs('vendor@seconde.test')
    )(CustomerService).create({
      customer: {
        firstName: 'Nadia',
        lastName: `Vendeuse${Date.now()}`,
        email: `nadia.${Date.now()}@exemple.fr`,
        postalCode: '75011',
        city: 'Paris',
      },
    });
    const { page, close } = await openAs('vendor@seconde.test', `/contact/${own.uuid}`);
    try {
      await page.getByTestId('customer-info').waitFor(WAIT);
      expect(await page.getByTestId('personal-data').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Effacer les données' }).count()).toBe(0);
    } finally {
      await close();
    }
  });

  it('admin@ reads the DAC7 page and builds the year’s file', async () => {
    const { page, close } = await openAs('admin@seconde.test', '/dac7');
    try {
      await page.getByRole('heading', { name: 'Déclaration DAC7 des vendeurs' }).waitFor(WAIT);
      await page.getByTestId('dac7-status').waitFor(WAIT);
      const year = await page.locator('#dac7-year').inputValue();
      // The demo sells nothing through the storefront: nobody to report, and the file says so.
      expect(await page.getByTestId('dac7-status').textContent()).toContain(
        'Toutes les données sont là',
      );
      await page.getByText("Aucun vendeur n'atteint les seuils cette année").waitFor(WAIT);
      const [download] = await Promise.all([
        page.waitForEvent('download', WAIT),
        page.getByTestId('dac7-build').click(),
      ]);
      expect(download.suggestedFilename()).toBe(`dac7-${year}.xml`);
      const xml = await textOf(download);
      expect(xml).toContain('urn:oecd:ties:dpi:v1');
      expect(xml).toContain('<dpi:MessageTypeIndic>DPI403</dpi:MessageTypeIndic>');
      await page.getByTestId('dac7-built').waitFor(WAIT);
      const [summary] = await Promise.all([
        page.waitForEvent('download', WAIT),
        page.getByRole('button', { name: 'Résumé lisible (PDF)' }).click(),
      ]);
      expect(summary.suggestedFilename()).toBe(`dac7-resume-${year}.pdf`);
      expect((await textOf(summary)).startsWith('%PDF-')).toBe(true);
      await page.getByTestId('dac7-summary-built').waitFor(WAIT);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await close();
    }
  });
});
