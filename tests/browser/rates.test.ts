import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateSlideService } from '../../src/rpc/gen/seconde/v1/rate_slide_pb.ts';
import { SessionService } from '../../src/rpc/gen/seconde/v1/session_pb.ts';
import { openAs, rpcAs } from '../helpers/browserPage.ts';

const VENDOR = 'vendor@seconde.test';

/** vendor@'s own slides are this test's: it starts and ends without any. */
async function clearOwnSlides() {
  const rpc = await rpcAs(VENDOR);
  const vendor = (await rpc(SessionService).getCurrentUser({})).vendorUuid;
  const slides = rpc(RateSlideService);
  const { results } = await slides.list({ vendor, pagination: { pageSize: 500 } });
  for (const s of results) if (s.vendor === vendor) await slides.destroy({ uuid: s.uuid });
}

beforeAll(clearOwnSlides);
afterAll(clearOwnSlides);

describe('edit-profile/rates', () => {
  it('a vendor adds a slide, sees the preview change, and is told of an overlap', async () => {
    const { page, close } = await openAs(VENDOR, '/edit-profile/rates');
    const preview = page.getByTestId('rate-preview');
    await preview.waitFor({ timeout: 30_000 });
    // Without a slide the negotiated 20 % applies: 32 € for the depositor out of 40 €.
    expect(await preview.textContent()).toMatch(/déposant reçoit 32,00/);

    const fill = async (start: string, end: string) => {
      await page.getByRole('button', { name: 'Ajouter une tranche' }).click();
      await page.getByLabel('Prix à partir de (€)').fill(start);
      await page.getByLabel('Prix jusqu’à (€, exclu)').fill(end);
      await page.getByLabel('Commission (%)', { exact: true }).fill('30');
      await page.getByLabel('Part de Seconde sur la commission (%)').fill('10');
      await page.getByRole('button', { name: 'Enregistrer la tranche' }).click();
    };
    await fill('0', '100');
    await page.getByTestId('rate-row').first().waitFor({ timeout: 30_000 });
    // 30 % of 40 € is 12 €, of which Seconde keeps 10 %.
    await page.getByText(/déposant reçoit 28,00.*vous 10,80.*Seconde 1,20/).waitFor();

    await fill('50', '150');
    const error = page.getByTestId('rate-error-priceStart');
    await error.waitFor({ timeout: 30_000 });
    expect(await error.textContent()).toMatch(/chevauche celle de 0,00\s€ à 100,00\s€/);
    // Focus is on the first wrong field.
    expect(
      await page.getByLabel('Prix à partir de (€)').evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await close();
  });
});
