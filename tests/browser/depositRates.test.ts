import { create } from '@bufbuild/protobuf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductFamily } from '../../src/rpc/gen/seconde/v1/category_pb.ts';
import {
  DepositSchema,
  DepositService,
  DepositStatus,
} from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { RateSlideService } from '../../src/rpc/gen/seconde/v1/rate_slide_pb.ts';
import { seriousViolations } from '../helpers/axe.ts';
import { openAs, rpcAs } from '../helpers/browserPage.ts';

const VENDOR = 'vendor@seconde.test';
const WAIT = { timeout: 30_000 };
let deposit = '';

/** A deposit of vendor@ made for this test, so its slides are this test's alone. */
beforeAll(async () => {
  const rpc = await rpcAs(VENDOR);
  const made = await rpc(DepositService).create({
    deposit: create(DepositSchema, {
      name: `Tarifs dépôt ${Date.now()}`,
      status: DepositStatus.DRAFT,
      family: ProductFamily.WOMAN,
    }),
  });
  deposit = made.uuid;
});

afterAll(async () => {
  const rpc = await rpcAs(VENDOR);
  const slides = rpc(RateSlideService);
  const { results } = await slides.list({ deposit, pagination: { pageSize: 500 } });
  for (const s of results) await slides.destroy({ uuid: s.uuid });
});

describe('deposit commission rates', () => {
  it('the deposit’s vendor adds a slide of the deposit, sees the preview and finds it after a reload', async () => {
    const { page, close } = await openAs(VENDOR, `/deposit/${deposit}`);
    await page.getByRole('tab', { name: 'Commissions' }).click(WAIT);
    await page.waitForURL(`**/deposit/${deposit}/rates`);
    const preview = page.getByTestId('rate-preview');
    await preview.waitFor(WAIT);
    await page.getByText(/remplacent celles du vendeur/).waitFor();

    await page.getByRole('button', { name: 'Ajouter une tranche' }).click();
    await page.getByLabel('Prix à partir de (€)').fill('0');
    await page.getByLabel('Prix jusqu’à (€, exclu)').fill('1000');
    await page.getByLabel('Commission (%)', { exact: true }).fill('50');
    await page.getByLabel('Part de Seconde sur la commission (%)').fill('10');
    await page.getByRole('button', { name: 'Enregistrer la tranche' }).click();
    await page.getByTestId('rate-row').first().waitFor(WAIT);
    // 50 % of 40 € is 20 €, of which Seconde keeps 10 %.
    await page.getByText(/déposant reçoit 20,00.*vous 18,00.*Seconde 2,00/).waitFor(WAIT);
    expect(await seriousViolations(page)).toEqual([]);

    // Saved as the deposit's own slide, not the vendor's.
    const rpc = await rpcAs(VENDOR);
    const { results } = await rpc(RateSlideService).list({
      deposit,
      pagination: { pageSize: 50 },
    });
    expect(results.map((s) => [s.deposit, s.vendor, s.commission])).toEqual([[deposit, '', 50]]);

    await page.reload();
    await page.getByTestId('rate-row').first().waitFor(WAIT);
    expect(await page.getByTestId('rate-row').count()).toBe(1);
    expect(await page.getByTestId('rate-row').textContent()).toMatch(/0,00.*1\s?000,00.*50/);
    expect(await page.getByRole('tab', { name: 'Commissions' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await close();
  });
});
