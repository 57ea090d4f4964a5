import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage } from '../helpers/browserPage.ts';

/** A phone: 360 x 740, French, touch, nobody signed in. */
const openPhone = (path: string) =>
  openPage(path, { viewport: { width: 360, height: 740 }, mobile: true });

const step = (page: Page) => page.getByTestId('new-deposit-step');

async function onStep(page: Page, title: string): Promise<void> {
  await expect.poll(() => step(page).textContent(), { timeout: 30_000 }).toBe(title);
}

/** Reloads once what was typed last had time to be kept (the form waits 400 ms after typing). */
async function reloadOn(page: Page, title: string): Promise<void> {
  await page.waitForTimeout(700);
  await page.reload();
  await onStep(page, title);
}

const stored = (page: Page) => page.evaluate(() => localStorage.getItem('seconde.newDeposit'));

describe('the public form on a phone, reloaded on every step', () => {
  it('keeps what was typed on the step on screen, and forgets it once the request is sent', async () => {
    const { page, close } = await openPhone('/nouveau-depot-seconde-main');
    await onStep(page, 'Vos coordonnées');

    // Step 1, not sent yet.
    const email = `rechargement.${Date.now()}@exemple.fr`;
    await page.locator('#contact-firstName').fill('Anne');
    await page.locator('#contact-lastName').fill('Rechargée');
    await page.locator('#contact-email').fill(email);
    await page.locator('#contact-phoneNumber').fill('0622334455');
    await page.getByRole('radio', { name: 'E-mail' }).check({ force: true });
    await reloadOn(page, 'Vos coordonnées');
    expect(await page.locator('#contact-firstName').inputValue()).toBe('Anne');
    expect(await page.locator('#contact-lastName').inputValue()).toBe('Rechargée');
    expect(await page.locator('#contact-email').inputValue()).toBe(email);
    expect(await page.locator('#contact-phoneNumber').inputValue()).toBe('0622334455');
    expect(await page.getByRole('radio', { name: 'E-mail' }).isChecked()).toBe(true);
    await page.getByLabel('Dès maintenant').check({ force: true });
    await page.getByTestId('new-deposit-next').click();
    await onStep(page, 'Vos articles');

    // Step 2, not sent yet.
    await page.locator('#criteria-family').selectOption('WOMAN');
    await page.locator('#criteria-gamme').selectOption('HIGH');
    await page.locator('#criteria-ageRange').selectOption('ADULT_25_45');
    await page.getByLabel('Hiver').check({ force: true });
    await page.getByLabel('Automne').check({ force: true });
    await page.getByTestId('criteria-categories').getByLabel('Robes').check({ force: true });
    await page.getByPlaceholder('Filtrer les marques').fill('zara');
    await page.getByTestId('criteria-brands').getByLabel('Zara').check({ force: true });
    await page.locator('#criteria-productNumber').fill('17');
    await page.getByLabel('Triés et de saison').check({ force: true });
    await page.getByLabel('Rachat immédiat').check({ force: true });
    await reloadOn(page, 'Vos articles');
    expect(await page.locator('#criteria-family').inputValue()).toBe('WOMAN');
    expect(await page.locator('#criteria-gamme').inputValue()).toBe('HIGH');
    expect(await page.locator('#criteria-ageRange').inputValue()).toBe('ADULT_25_45');
    expect(await page.getByLabel('Hiver').isChecked()).toBe(true);
    expect(await page.getByLabel('Automne').isChecked()).toBe(true);
    expect(await page.getByLabel('Été').isChecked()).toBe(false);
    expect(await page.getByTestId('criteria-categories').getByLabel('Robes').isChecked()).toBe(
      true,
    );
    await page.getByPlaceholder('Filtrer les marques').fill('zara');
    expect(await page.getByTestId('criteria-brands').getByLabel('Zara').isChecked()).toBe(true);
    expect(await page.locator('#criteria-productNumber').inputValue()).toBe('17');
    expect(await page.getByLabel('Triés et de saison').isChecked()).toBe(true);
    expect(await page.getByLabel('Rachat immédiat').isChecked()).toBe(true);
    await page.getByTestId('new-deposit-next').click();
    await onStep(page, 'Remise des articles');

    // Step 3, not sent yet: the address picked, the hand-over and the description.
    const street = page.locator('#address-street');
    await street.pressSequentially('3 place bellecour', { delay: 20 });
    const proposals = page.getByRole('listbox', { name: 'Adresses proposées' });
    await proposals.getByRole('option').first().click({ timeout: 10_000 });
    expect(await page.locator('#address-city').inputValue()).toBe('Lyon');
    await page.locator('#address-complement').fill('Bâtiment B');
    await page.getByLabel('Point relais').check({ force: true });
    await page.locator('#info-description').fill('Manteaux et robes, bon état');
    await reloadOn(page, 'Remise des articles');
    expect(await street.inputValue()).toBe('3 Place Bellecour');
    expect(await page.locator('#address-complement').inputValue()).toBe('Bâtiment B');
    expect(await page.locator('#address-postalCode').inputValue()).toBe('69002');
    expect(await page.locator('#address-city').inputValue()).toBe('Lyon');
    expect(await page.getByLabel('Point relais').isChecked()).toBe(true);
    expect(await page.locator('#info-description').inputValue()).toBe(
      'Manteaux et robes, bon état',
    );
    // The picked address is still a pick: the request goes through.
    await page.getByTestId('new-deposit-next').click();
    await page.getByTestId('new-deposit-validation').waitFor({ timeout: 20_000 });
    expect(await stored(page)).toBeNull();
    await page.waitForTimeout(700);
    expect(await stored(page)).toBeNull();
    await close();
  });
});
