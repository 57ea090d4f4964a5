import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../helpers/axe.ts';
import { openAs } from '../helpers/browserPage.ts';

/**
 * A vendor of its own for these tests (the company's), so connecting channels here never changes
 * what the other files see of the main demo vendor.
 */
const VENDOR = 'company@seconde.test';
const PAGE = '/edit-profile/connectors';
const T = { timeout: 30_000 };

const pathAndQuery = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

describe('connectors page', () => {
  it('shows a refusal sent back in the address once, then takes it out of the address', async () => {
    const { page, close } = await openAs(VENDOR, `${PAGE}?error_message=OAUTH_STATE_INVALID`);
    try {
      const callout = page.getByTestId('connector-error');
      await callout.waitFor(T);
      expect(await callout.textContent()).toContain('L’autorisation a expiré');
      expect(await callout.getAttribute('role')).toBe('alert');
      await page.waitForURL((url) => !url.search.includes('error_message'), T);
      await page.getByTestId('connector-SECONDE_STOREFRONT').waitFor(T);
      expect(await seriousViolations(page)).toEqual([]);
      await page.reload();
      await page.getByTestId('connector-SECONDE_STOREFRONT').waitFor(T);
      expect(await page.getByTestId('connector-error').count()).toBe(0);
    } finally {
      await close();
    }
  });

  it('connects the storefront, keeps a sync type across a reload, then disconnects', async () => {
    const { page, close } = await openAs(VENDOR, PAGE);
    try {
      const card = page.getByTestId('connector-SECONDE_STOREFRONT');
      await card.waitFor(T);
      // The marketplace has a listing kit, not a connection.
      const kit = page.getByTestId('connector-MAIN_MARKETPLACE');
      expect(await kit.textContent()).toContain('Kit d’annonce');
      expect(await kit.getByRole('button').count()).toBe(0);

      await card.getByRole('button', { name: 'Connecter Boutique Seconde' }).click();
      await page.getByTestId('connector-success').waitFor(T);
      await card
        .getByTestId('connector-state')
        .filter({ hasText: /^Connecté$/ })
        .waitFor(T);
      expect(pathAndQuery(page.url())).toBe(PAGE);
      const link = card.getByTestId('connector-shop-link');
      await link.waitFor(T);
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('href')).toContain('/shop/');
      expect(await seriousViolations(page)).toEqual([]);

      // The sync type is kept by the server.
      const select = card.getByLabel('Synchronisation');
      await select.selectOption('IMPORT_AND_EXPORT');
      await page.getByTestId('connector-status').filter({ hasText: 'Canal mis à jour' }).waitFor(T);
      await page.reload();
      await card.getByLabel('Synchronisation').waitFor(T);
      expect(await card.getByLabel('Synchronisation').inputValue()).toBe('IMPORT_AND_EXPORT');

      // Synchronise now answers with a date or an error, never nothing.
      await card
        .getByRole('button', { name: 'Synchroniser maintenant (Boutique Seconde)' })
        .click();
      await page
        .getByTestId('connector-status')
        .filter({ hasText: /Synchronisation terminée|erreur/ })
        .waitFor(T);

      // Disconnecting asks first.
      await card.getByRole('button', { name: 'Déconnecter Boutique Seconde' }).click();
      const alert = page.getByRole('alertdialog');
      await alert.waitFor(T);
      await alert.getByRole('button', { name: 'Déconnecter' }).click();
      await page.getByTestId('connector-status').filter({ hasText: 'Canal déconnecté' }).waitFor(T);
      await card.getByTestId('connector-state').filter({ hasText: 'Non connecté' }).waitFor(T);
    } finally {
      await close();
    }
  });

  it('checks the Shopify shop name and connects through the consent page', async () => {
    const { page, close } = await openAs(VENDOR, PAGE, { viewport: { width: 390, height: 844 } });
    try {
      const card = page.getByTestId('connector-SHOPIFY');
      await card.waitFor(T);
      const shop = card.getByLabel('Boutique Shopify');
      await shop.fill('ma boutique');
      await card.getByRole('button', { name: 'Connecter Shopify' }).click();
      await card.getByText(/Saisissez le nom de votre boutique/).waitFor(T);
      expect(await shop.getAttribute('aria-invalid')).toBe('true');

      await shop.fill(`boutique-${Date.now()}`);
      await card.getByRole('button', { name: 'Connecter Shopify' }).click();
      // The channel's consent page (the built-in sandbox on a local install).
      await page.waitForURL((url) => url.pathname !== PAGE, T);
      const authorize = page.getByRole('button', { name: /authori[sz]e|autoriser/i });
      await authorize.waitFor(T);
      await authorize.click();
      await page.waitForURL((url) => url.pathname === PAGE, T);
      await page.getByTestId('connector-success').waitFor(T);
      await page.waitForURL((url) => !url.search.includes('successfull_message'), T);
      await card
        .getByTestId('connector-state')
        .filter({ hasText: /^Connecté$/ })
        .waitFor(T);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await close();
    }
  });
});
