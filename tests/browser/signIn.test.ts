import { describe, expect, it } from 'vitest';
import { SessionService } from '../../src/rpc/gen/seconde/v1/session_pb.ts';
import { VendorService } from '../../src/rpc/gen/seconde/v1/vendor_pb.ts';
import { appUrl, openAs, openPage, rpcAs, submitLogin } from '../helpers/browserPage.ts';

describe('signing in through the real login page', () => {
  it('takes a vendor to the dashboard with their name and role from the server', async () => {
    const { page, close } = await openAs('vendor@seconde.test');
    const dashboard = page.getByTestId('dashboard');
    await dashboard.waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.getByTestId('user-name').textContent()).toContain('Valérie Vendeuse');
    expect(await page.getByTestId('user-role').textContent()).toMatch(/vendeu/i);
    await close();
  });

  it('keeps a wrong password on the login page with an error, and lets the user retry', async () => {
    const { page, close } = await openPage();
    await submitLogin(page, 'vendor@seconde.test', 'wrong');
    await page.locator('#form-error').waitFor();
    expect(page.url()).toContain('/oidc/');
    await page.getByLabel(/mot de passe|password/i).fill('demo');
    await page.getByRole('button').click();
    await page.getByTestId('dashboard').waitFor({ timeout: 30_000 });
    await close();
  });

  it('signs out through the provider and asks for sign-in again', async () => {
    const { page, close } = await openAs('admin@seconde.test');
    await page.getByTestId('dashboard').waitFor({ timeout: 30_000 });
    await page.getByTestId('sign-out').click();
    // Sign-out goes through the provider's end-session page and back to the app, which asks for
    // the password. (Waiting for the end-session URL itself races with its quick redirect.)
    await page.locator('#password').waitFor({ timeout: 30_000 });
    // The provider's session really ended: opening the app again asks for the password again,
    // where a live provider session would sign the user straight back in.
    await page.goto(appUrl);
    await page.locator('#password').waitFor({ timeout: 30_000 });
    expect(await page.getByLabel(/e-mail/i).isVisible()).toBe(true);
    await close();
  });
});

describe('every demo account', () => {
  it.each([
    ['developer@seconde.test', 'Développeur', 'Dora Développeuse'],
    ['admin@seconde.test', 'Administrateur', 'Adèle Admin'],
    ['company@seconde.test', 'Vendeur', 'Camille Compagnie'],
    ['trial@seconde.test', 'Vendeur', 'Théo Essai'],
    ['customer@seconde.test', 'Client', 'Clara Cliente'],
  ])('%s reaches the dashboard as %s', async (email, role, name) => {
    const { page, close } = await openAs(email);
    await page.getByTestId('dashboard').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('user-role').textContent()).toBe(role);
    expect(await page.getByTestId('user-name').textContent()).toContain(name);
    await close();
  });

  it('nogroup@ is sent to the user-type choice instead of seeing the dashboard', async () => {
    const { page, close } = await openAs('nogroup@seconde.test');
    await page.waitForURL((url) => url.pathname === '/onboarding', { timeout: 30_000 });
    expect(await page.getByTestId('dashboard').count()).toBe(0);
    await close();
  });

  it('switches to English, keeps the choice across a reload and on the vendor’s record', async () => {
    const rpc = await rpcAs('vendor@seconde.test');
    const { vendorUuid } = await rpc(SessionService).getCurrentUser({});
    const saved = async () => (await rpc(VendorService).retrieve({ uuid: vendorUuid })).language;
    const { page, close } = await openAs('vendor@seconde.test');
    await page.getByTestId('dashboard').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'English' }).click();
    await expect.poll(() => page.getByTestId('user-role').textContent()).toBe('Vendor');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    // The vendor's documents follow: the choice is saved on their own record.
    await expect.poll(saved, { timeout: 10_000 }).toBe('en');
    await page.reload();
    await page.getByTestId('dashboard').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('user-role').textContent()).toBe('Vendor');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Dashboard');
    // Back to French, saved too, so other tests find the demo as it was.
    await page.getByRole('button', { name: 'Français' }).click();
    await expect.poll(saved, { timeout: 10_000 }).toBe('fr');
    await close();
  });
});
