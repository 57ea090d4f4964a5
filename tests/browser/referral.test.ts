import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ReferralService } from '../../src/rpc/gen/seconde/v1/referral_pb.ts';
import { seriousViolations } from '../helpers/axe.ts';
import { openAs, rpcAs } from '../helpers/browserPage.ts';

/**
 * sponsored@ is a demo account in no group that only this file uses: it becomes a vendor through
 * the onboarding, typing vendor@'s sponsor code, and vendor@ then finds them in their profile.
 */
const SPONSORED = 'sponsored@seconde.test';
const VENDOR = 'vendor@seconde.test';

/** Ticks the radio of `value` in the question of `field`. */
const choose = (page: Page, field: string, value: string) =>
  page
    .locator(`[data-testid="onboarding-${field}"] input[value="${value}"]`)
    .check({ force: true });

describe('referral', () => {
  it('a new vendor types vendor@’s sponsor code during onboarding, and vendor@ sees them in the profile', async () => {
    const code = (await (await rpcAs(VENDOR))(ReferralService).listReferrals({})).sponsorCode;
    expect(code).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);

    const { page, close } = await openAs(SPONSORED, '/onboarding?user_type=vendor');
    await page.getByTestId('user-type-choice').waitFor({ timeout: 30_000 });
    await page.getByTestId('user-type-submit').click();
    await page.getByRole('button', { name: 'J’accepte les conditions' }).click({ timeout: 30_000 });
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 30_000 });
    await page.getByTestId('vendor-onboarding-start').click({ timeout: 30_000 });
    await page.getByTestId('vendor-onboarding').waitFor({ timeout: 30_000 });

    await choose(page, 'sellingMode', 'BOTH');
    await choose(page, 'vendorKind', 'BEGINNER');
    await choose(page, 'sellingTimePerWeek', 'LESS_THAN_5H');
    await page.getByTestId('onboarding-next').click();
    await page.getByText('Étape 2 sur 3').waitFor({ timeout: 30_000 });
    await choose(page, 'stockQuantity', 'UNDER_250');
    await choose(page, 'inventorySupport', 'NONE');
    await choose(page, 'monthlyEarningExpectation', 'UNDER_200');
    await page.getByTestId('onboarding-next').click();
    await page.getByText('Étape 3 sur 3').waitFor({ timeout: 30_000 });
    await choose(page, 'marketplaceInterest', 'MAYBE');
    await page.getByTestId('onboarding-howDidYouKnowProvider').selectOption('WORD_OF_MOUTH');

    // A code nobody has: refused in words, every answer kept, nothing recorded.
    const field = page.getByLabel('Code de parrainage');
    await field.fill('ZZZZ ZZZZ');
    await page.getByTestId('onboarding-next').click();
    const refused = page.getByTestId('onboarding-sponsor-refused');
    await refused.waitFor({ timeout: 30_000 });
    expect(await refused.textContent()).toContain('Aucun vendeur n’a ce code de parrainage');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByTestId('onboarding-howDidYouKnowProvider').inputValue()).toBe(
      'WORD_OF_MOUTH',
    );
    expect(await seriousViolations(page)).toEqual([]);

    // vendor@'s code, typed in lower case with a space: recorded, and the onboarding ends.
    await field.fill(`${code.slice(0, 4).toLowerCase()} ${code.slice(4).toLowerCase()}`);
    expect(await refused.count()).toBe(0);
    await page.getByTestId('onboarding-next').click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
    const mine = await (await rpcAs(SPONSORED))(ReferralService).listReferrals({});
    expect(mine.sponsoredBy).toBe('Valérie Vendeuse');
    await close();

    // vendor@ finds the new vendor among their referrals, and copies their code.
    const vendor = await openAs(VENDOR, '/edit-profile');
    const row = vendor.page.getByTestId('referral-row').filter({ hasText: 'Paul Parrainé' });
    await row.waitFor({ timeout: 30_000 });
    expect(await row.textContent()).toContain('En attente de son premier paiement');
    expect(await vendor.page.getByTestId('referral-code').textContent()).toBe(code);
    await vendor.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(vendor.page.url()).origin,
    });
    await vendor.page.getByRole('button', { name: 'Copier le code' }).click();
    const status = vendor.page.getByRole('status').filter({ hasText: 'Code copié' });
    await status.waitFor({ timeout: 30_000 });
    expect(await vendor.page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    expect(await seriousViolations(vendor.page)).toEqual([]);
    await vendor.close();

    // The same panel in English.
    const english = await openAs(VENDOR, '/edit-profile', { locale: 'en-GB' });
    await english.page.getByRole('button', { name: 'English' }).click({ timeout: 30_000 });
    // The switch re-renders the panel: wait for its English heading before reading the row.
    await english.page
      .getByRole('heading', { name: 'Vendors you sponsored' })
      .waitFor({ timeout: 30_000 });
    const englishRow = english.page
      .getByTestId('referral-row')
      .filter({ hasText: 'Paul Parrainé' })
      .filter({ hasText: 'Waiting for their first payment' });
    await englishRow.waitFor({ timeout: 30_000 });
    expect(await englishRow.count()).toBe(1);
    await english.page.getByRole('button', { name: 'Copy the code' }).focus();
    await english.page.keyboard.press('Enter');
    // Without clipboard permission here the copy may fail: either way the outcome is announced.
    await english.page
      .getByRole('status')
      .filter({ hasText: /Code copied|Copying failed/ })
      .waitFor({ timeout: 30_000 });
    expect(await seriousViolations(english.page)).toEqual([]);
    await english.close();
  });
});
