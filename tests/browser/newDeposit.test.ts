import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage } from '../helpers/browserPage.ts';

/** A phone: 360 x 740, French, touch, nobody signed in. */
const openPhone = (path: string) =>
  openPage(path, { viewport: { width: 360, height: 740 }, mobile: true });

const step = (page: Page) => page.getByTestId('new-deposit-step');

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
}

describe('the public new-deposit flow on a phone', () => {
  it('is completed with the keyboard, survives a reload, proposes addresses and ends on the validation page', async () => {
    const { page, close } = await openPhone('/nouveau-depot-seconde-main');
    await expect.poll(() => step(page).textContent(), { timeout: 30_000 }).toBe('Vos coordonnées');
    await expectNoSidewaysScroll(page);

    // Continuing with nothing shows each field's message.
    await page.getByTestId('new-deposit-next').click();
    expect(await page.getByTestId('contact-firstName-error').textContent()).toBe(
      'Ce champ est obligatoire',
    );

    // Step 1 by keyboard alone: Tab between fields, Space and arrows for the radios, Enter to go on.
    const email = `visiteur.${Date.now()}@exemple.fr`;
    await page.locator('#contact-firstName').focus();
    await page.keyboard.type('Léa');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Martin');
    await page.keyboard.press('Tab');
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type('06 12 34 56 78');
    expect(await page.locator('#contact-phoneNumber').inputValue()).toBe('0612345678');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');

    await expect.poll(() => step(page).textContent(), { timeout: 15_000 }).toBe('Vos articles');
    const customerUuid = /deposit-criteria\/([0-9a-f-]{36})$/.exec(page.url())?.[1];
    expect(customerUuid).toBeDefined();

    // Step 2 with the reference lists from the server (public for the form).
    await page.locator('#criteria-family').selectOption('WOMAN');
    await page.locator('#criteria-gamme').selectOption('AVERAGE');
    await page.locator('#criteria-ageRange').selectOption('ADULT_25_45');
    await page.getByLabel('Hiver').check({ force: true });
    await page.getByTestId('criteria-categories').getByLabel('Robes').check({ force: true });
    await page.getByPlaceholder('Filtrer les marques').fill('zara');
    await page.getByTestId('criteria-brands').getByLabel('Zara').check({ force: true });
    await page.locator('#criteria-productNumber').fill('25');
    await page.getByLabel('Triés et de saison').check({ force: true });
    await page.getByLabel('Dépôt-vente').check({ force: true });
    await page.getByTestId('new-deposit-next').click();
    await expect
      .poll(() => step(page).textContent(), { timeout: 15_000 })
      .toBe('Remise des articles');
    expect(page.url()).toContain(`/deposit-info/${customerUuid}`);

    // A reload (or a phone that slept) loses nothing: same step, and the earlier steps are kept.
    await page.reload();
    await expect
      .poll(() => step(page).textContent(), { timeout: 30_000 })
      .toBe('Remise des articles');
    await page.getByRole('button', { name: 'Retour' }).click();
    await expect.poll(() => step(page).textContent()).toBe('Vos articles');
    expect(await page.locator('#criteria-family').inputValue()).toBe('WOMAN');
    expect(await page.locator('#criteria-productNumber').inputValue()).toBe('25');
    expect(await page.getByTestId('criteria-brands').getByLabel('Zara').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Retour' }).click();
    await expect.poll(() => step(page).textContent()).toBe('Vos coordonnées');
    expect(await page.locator('#contact-email').inputValue()).toBe(email);
    await page.getByTestId('new-deposit-next').click();
    await expect.poll(() => step(page).textContent(), { timeout: 15_000 }).toBe('Vos articles');
    await page.getByTestId('new-deposit-next').click();
    await expect
      .poll(() => step(page).textContent(), { timeout: 15_000 })
      .toBe('Remise des articles');
    await expectNoSidewaysScroll(page);

    // A failing address service is said under the street; the visitor may search again.
    const street = page.locator('#address-street');
    await street.fill('panne totale');
    await page.getByTestId('address-lookup-down').waitFor();
    expect(await page.getByTestId('address-lookup-down').textContent()).toContain(
      'Le service d’adresses de l’État ne répond pas',
    );
    await page.getByRole('button', { name: 'Réessayer la recherche' }).click();
    expect(await page.getByTestId('address-lookup-down').count()).toBe(0);

    // While the service answers, an address typed but not picked among the proposals is refused.
    await street.fill('');
    await street.pressSequentially('1 chemin inconnu', { delay: 20 });
    await page.locator('#address-postalCode').fill('75002');
    await page.locator('#address-city').fill('Paris');
    await page.getByLabel('À domicile').check({ force: true });
    await page.getByTestId('new-deposit-next').click();
    expect(await page.getByTestId('address-street-error').textContent()).toContain(
      'Adresse non trouvée',
    );

    // Proposals from the address double; picking one by keyboard fills the address.
    await page.getByRole('button', { name: 'Effacer l’adresse' }).click();
    await street.pressSequentially('8 rue de la paix', { delay: 20 });
    const proposals = page.getByRole('listbox', { name: 'Adresses proposées' });
    await proposals.getByRole('option').first().waitFor({ timeout: 10_000 });
    expect(await proposals.getByRole('option').allTextContents()).toEqual([
      '8 Rue de la Paix 75002 Paris',
    ]);
    await street.press('ArrowDown');
    await street.press('Enter');
    expect(await street.inputValue()).toBe('8 Rue de la Paix');
    expect(await page.locator('#address-city').inputValue()).toBe('Paris');
    expect(await page.locator('#address-postalCode').inputValue()).toBe('75002');
    await page.getByText('Département : 75 – Paris').waitFor();
    expect(await page.getByTestId('address-street-error').count()).toBe(0);

    await page.locator('#info-description').fill('Robes d’hiver, très bon état');
    await page.getByTestId('new-deposit-next').click();

    await page.getByTestId('new-deposit-validation').waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe('/nouveau-depot-seconde-main-validation');
    await page.getByText('Votre demande de dépôt est envoyée').waitFor();
    await expectNoSidewaysScroll(page);
    await close();
  });

  it('answers on the English alias too', async () => {
    const { page, close } = await openPhone('/new-deposit');
    await expect.poll(() => step(page).textContent(), { timeout: 30_000 }).toBe('Vos coordonnées');
    expect(new URL(page.url()).pathname).toBe('/new-deposit');
    await close();
  });
});
