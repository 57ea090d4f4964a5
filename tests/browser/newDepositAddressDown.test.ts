import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { DepositService } from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { openAs, openPage, rpcAs } from '../helpers/browserPage.ts';

/** A phone: 360 x 740, French, touch, nobody signed in. */
const openPhone = (path: string) =>
  openPage(path, { viewport: { width: 360, height: 740 }, mobile: true });

const step = (page: Page) => page.getByTestId('new-deposit-step');
const gouvControl = inject('gouvControlUrl');
const departments = (mode: 'ok' | 'fail' | 'slow') =>
  fetch(`${gouvControl}/departments/${mode}`).then((r) => r.json());

afterEach(async () => {
  await departments('ok');
});

/** Contact and criteria steps, as a visitor fills them; answers the customer's uuid. */
async function reachInfoStep(page: Page): Promise<string> {
  await expect.poll(() => step(page).textContent(), { timeout: 30_000 }).toBe('Vos coordonnées');
  await page.locator('#contact-firstName').fill('Paul');
  await page.locator('#contact-lastName').fill('Santoni');
  await page.locator('#contact-email').fill(`paul.santoni.${Date.now()}@exemple.fr`);
  await page.locator('#contact-phoneNumber').fill('0611223344');
  await page.getByLabel('Appel téléphonique').check({ force: true });
  await page.getByLabel('Maintenant').check({ force: true });
  await page.getByTestId('new-deposit-next').click();
  await expect.poll(() => step(page).textContent(), { timeout: 15_000 }).toBe('Vos articles');
  const customer = /deposit-criteria\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
  await page.locator('#criteria-family').selectOption('WOMAN');
  await page.locator('#criteria-gamme').selectOption('AVERAGE');
  await page.locator('#criteria-ageRange').selectOption('ADULT_25_45');
  await page.getByLabel('Hiver').check({ force: true });
  await page.getByTestId('criteria-categories').getByLabel('Robes').check({ force: true });
  await page.locator('#criteria-productNumber').fill('12');
  await page.getByLabel('Triés et de saison').check({ force: true });
  await page.getByLabel('Dépôt-vente').check({ force: true });
  await page.getByTestId('new-deposit-next').click();
  await expect
    .poll(() => step(page).textContent(), { timeout: 15_000 })
    .toBe('Remise des articles');
  return customer;
}

/** Postal code, city, hand-over and send; then the staff side sees the address marked typed. */
async function finishWithTypedAddress(page: Page, customer: string): Promise<void> {
  await page.locator('#address-postalCode').fill('20090');
  await page.locator('#address-city').fill('Ajaccio');
  await page.getByLabel('À domicile').check({ force: true });
  // The words about the service stay while the visitor goes on (they are no toast).
  expect(await page.getByTestId('address-lookup-down').isVisible()).toBe(true);
  await page.getByTestId('new-deposit-next').click();
  await page.getByTestId('new-deposit-validation').waitFor({ timeout: 20_000 });
  await page.getByText('Votre demande de dépôt est envoyée').waitFor();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);

  const admin = await rpcAs('admin@seconde.test');
  const { results } = await admin(DepositService).list({
    customer,
    pagination: { pageSize: 10 },
  });
  expect(results).toHaveLength(1);
  expect(results[0]).toMatchObject({ isAddressTyped: true, customerPostalCode: '20090' });
  const staff = await openAs('admin@seconde.test', `/deposit/${results[0]!.uuid}`);
  await staff.page.getByTestId('deposit-address-typed').waitFor({ timeout: 30_000 });
  expect(await staff.page.getByTestId('deposit-address-typed').textContent()).toMatch(
    /saisi son adresse à la main/,
  );
  await staff.close();
}

describe('the public form on a phone when the address services are down', () => {
  it('says a failing address service under the street, takes a typed address and sends it', async () => {
    await departments('fail');
    const { page, close } = await openPhone('/nouveau-depot-seconde-main');
    const customer = await reachInfoStep(page);
    // The department list failed: nothing is said before anything is typed, no toast at all.
    await page.getByTestId('address-form').waitFor();
    await page.waitForTimeout(500);
    expect(await page.locator('.bp6-toast').count()).toBe(0);
    expect(await page.getByTestId('address-lookup-down').count()).toBe(0);

    const street = page.locator('#address-street');
    await street.pressSequentially('12 cours panne', { delay: 20 });
    const notice = page.getByTestId('address-lookup-down');
    await notice.waitFor({ timeout: 10_000 });
    expect(await notice.textContent()).toContain('ne répond pas : saisissez l’adresse vous-même');
    expect(await street.getAttribute('aria-describedby')).toContain('address-lookup-down');
    expect(await page.locator('.bp6-toast').count()).toBe(0);
    // Typing on searches nothing more; the street stays as typed.
    await street.fill('12 cours Napoléon');
    await page.waitForTimeout(800);
    expect(await page.getByTestId('address-proposals').isHidden()).toBe(true);
    expect(await street.inputValue()).toBe('12 cours Napoléon');
    // A French postal code is still checked; the department comes from it (the list is down).
    await page.locator('#address-postalCode').fill('2009');
    await page.getByTestId('new-deposit-next').click();
    expect(await page.getByTestId('address-postalCode-error').textContent()).toBeTruthy();
    expect(await page.getByTestId('address-street-error').count()).toBe(0);
    await page.locator('#address-postalCode').fill('20090');
    await page.getByText('Département : 2A', { exact: true }).waitFor();
    await finishWithTypedAddress(page, customer);
    await close();
  });

  it('stops waiting for a hanging address service after a few seconds and sends a typed address', async () => {
    const { page, close } = await openPhone('/nouveau-depot-seconde-main');
    const customer = await reachInfoStep(page);
    const street = page.locator('#address-street');
    await street.pressSequentially('5 rue du silence', { delay: 20 });
    const began = Date.now();
    await page
      .getByRole('img', { name: 'Recherche…' })
      .or(page.locator('.bp6-spinner'))
      .first()
      .waitFor();
    const notice = page.getByTestId('address-lookup-down');
    await notice.waitFor({ timeout: 10_000 });
    expect(Date.now() - began).toBeLessThan(7000);
    expect(await notice.textContent()).toContain('met trop de temps à répondre');
    expect(await page.locator('.bp6-spinner').count()).toBe(0);
    expect(await street.inputValue()).toBe('5 rue du silence');
    await street.fill('5 rue Fesch');
    // The department list answered: its name shows beside the code.
    await page.locator('#address-postalCode').fill('20090');
    await page.getByText('Département : 2A – Corse-du-Sud').waitFor();
    await finishWithTypedAddress(page, customer);
    await close();
  });
});
