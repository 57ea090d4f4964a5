import { beforeAll, describe, expect, it } from 'vitest';
import { CustomerService } from '../../src/rpc/gen/seconde/v1/customer_pb.ts';
import { SessionService } from '../../src/rpc/gen/seconde/v1/session_pb.ts';
import { appUrl, openAs, rpcAs } from '../helpers/browserPage.ts';

/** A customer of our own (created by vendor@), so editing never touches shared demo rows. */
const OWN_LAST_NAME = `Navigateur${Date.now()}`;
let ownCustomer = '';
let claraUuid = '';

beforeAll(async () => {
  const vendor = await rpcAs('vendor@seconde.test');
  const created = await vendor(CustomerService).create({
    customer: {
      firstName: 'Nina',
      lastName: OWN_LAST_NAME,
      email: `nina.${Date.now()}@exemple.fr`,
      postalCode: '75011',
      city: 'Paris',
    },
  });
  ownCustomer = created.uuid;
  const customer = await rpcAs('customer@seconde.test');
  claraUuid = (await customer(SessionService).getCurrentUser({})).customerUuid;
});

describe('contacts, as vendor@', () => {
  it('lists customers in pages and opens a customer page with the dressing', async () => {
    const { page, close } = await openAs('vendor@seconde.test', '/customers');
    await page.waitForURL(/\/contacts$/);
    const rows = page.getByTestId('customer-row');
    await rows.first().waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('pager-status').textContent()).toMatch(/Page 1 sur \d+/);
    await page.getByTestId('customer-list-search').fill('Cliente');
    await page.getByRole('link', { name: 'Clara Cliente', exact: true }).click();
    await page.waitForURL(/\/contact\/[0-9a-f-]+$/);
    await page.getByTestId('customer-info').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Clara Cliente');

    await page.getByRole('link', { name: 'Dressing' }).click();
    const deposit = page.getByTestId('dressing-deposit').first();
    await deposit.waitFor({ timeout: 30_000 });
    await deposit.getByRole('link').click();
    await page.waitForURL(/\/dressing\/[0-9a-f-]+$/);
    const opened = page.getByTestId('dressing-open');
    await opened.waitFor();
    await expect
      .poll(
        async () =>
          (await opened.getByTestId('dressing-item').count()) +
          (await opened.getByTestId('dressing-no-items').count()),
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);

    await page
      .getByRole('navigation', { name: 'Sections de la fiche contact' })
      .getByRole('link', { name: 'Factures' })
      .click();
    await page.locator('[data-testid^="invoice-list"]').first().waitFor({ timeout: 30_000 });
    await close();
  });

  it('edits a customer with field rules in both languages, then saves', async () => {
    const { page, close } = await openAs('vendor@seconde.test', `/contact/${ownCustomer}`);
    await page.getByTestId('customer-edit').click();
    const lastName = page.getByLabel(/^Nom/);
    await lastName.fill('');
    await page.getByText('Ce champ est obligatoire').waitFor();
    expect(await lastName.getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel(/^Code postal/).fill('750');
    await page.getByText('Le code postal doit comporter 5 chiffres').waitFor();
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByText('This field is required').waitFor();
    await page.getByRole('button', { name: 'Français' }).click();
    await lastName.fill(OWN_LAST_NAME);
    await page.getByLabel(/^Code postal/).fill('69003');
    await page.getByLabel(/^Ville/).fill('Lyon');
    await page.getByLabel(/^Téléphone/).fill('06 12 34 56 78');
    // Their statements and receipts in English; French until chosen.
    const documents = page.getByLabel('Langue des documents');
    expect(await documents.inputValue()).toBe('fr');
    await documents.selectOption({ label: 'English' });
    await page.getByTestId('customer-save').click();
    await page.getByText('Informations mises à jour').waitFor({ timeout: 30_000 });
    const info = page.getByTestId('customer-info');
    await info.waitFor();
    expect(await info.textContent()).toContain('69003 Lyon');
    expect(await info.textContent()).toContain('0612345678');
    const vendor = await rpcAs('vendor@seconde.test');
    expect((await vendor(CustomerService).retrieve({ uuid: ownCustomer })).language).toBe('en');
    await close();
  });
});

describe('vendors, as admin@', () => {
  it('lists vendors and shows a vendor page with company and deposits', async () => {
    const { page, close } = await openAs('admin@seconde.test', '/vendors');
    await page.getByRole('link', { name: /Camille Compagnie/ }).click();
    await page.getByTestId('vendor-info').waitFor({ timeout: 30_000 });
    await page
      .getByRole('navigation', { name: 'Sections de la fiche vendeur' })
      .getByRole('link', { name: 'Société' })
      .click();
    await page.getByTestId('vendor-company').waitFor({ timeout: 30_000 });
    const tabs = page.getByRole('navigation', { name: 'Sections de la fiche vendeur' });
    await tabs.getByRole('link', { name: 'Dépôts' }).click();
    await page.getByTestId('deposit-row').first().waitFor({ timeout: 30_000 });
    await close();
  });
});

describe('customer@', () => {
  it('sees their own dressing and information, and nobody else’s', async () => {
    const { page, close } = await openAs('customer@seconde.test', '/dressing');
    // Their items, narrowed to one deposit by its link.
    const deposits = page.getByRole('navigation', { name: 'Vos dépôts' }).getByRole('link');
    await deposits.nth(1).waitFor({ timeout: 30_000 });
    await deposits.nth(1).click();
    await page.waitForURL(/\/dressing\/[0-9a-f-]+$/);
    await page.getByTestId('dressing-card').first().waitFor();
    await page
      .getByRole('navigation', { name: 'Mon espace' })
      .getByRole('link', { name: 'Informations' })
      .click();
    const info = page.getByTestId('customer-info');
    await info.waitFor({ timeout: 30_000 });
    expect(await info.textContent()).toContain('customer@seconde.test');

    // The route guard sends a customer from the vendor screens to the dashboard (§6 step 6).
    await page.goto(`${appUrl}/contacts`);
    await page.getByTestId('dashboard').waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/');
    await page.goto(`${appUrl}/contact/${claraUuid}`);
    await page.getByTestId('dashboard').waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/');
    await close();
  });
});
