import type { Download } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openAs } from '../helpers/browserPage.ts';

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
    } finally {
      await close();
    }
  });
});
