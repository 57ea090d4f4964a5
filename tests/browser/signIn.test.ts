import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

let browser: Browser;
const appUrl = inject('appUrl');

beforeAll(async () => {
  browser = await chromium.connect(inject('browserEndpoint'));
});

afterAll(async () => {
  await browser?.close();
});

/** A fresh browser context per user, so sessions never leak between tests. */
async function openApp(locale = 'fr-FR'): Promise<Page> {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  await page.goto(appUrl);
  return page;
}

async function signIn(page: Page, email: string, password = 'demo'): Promise<void> {
  await page.waitForURL(/\/oidc\//);
  await page.getByLabel(/e-mail/i).fill(email);
  await page.getByLabel(/mot de passe|password/i).fill(password);
  await page.getByRole('button').click();
}

describe('signing in through the real login page', () => {
  it('takes a vendor to the dashboard with their name and role from the server', async () => {
    const page = await openApp();
    await signIn(page, 'vendor@seconde.test');
    const dashboard = page.getByTestId('dashboard');
    await dashboard.waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.getByTestId('user-name').textContent()).toContain('Valérie Vendeuse');
    expect(await page.getByTestId('user-role').textContent()).toMatch(/vendeu/i);
    await page.context().close();
  });

  it('keeps a wrong password on the login page with an error, and lets the user retry', async () => {
    const page = await openApp();
    await signIn(page, 'vendor@seconde.test', 'wrong');
    await page.locator('#form-error').waitFor();
    expect(page.url()).toContain('/oidc/');
    await page.getByLabel(/mot de passe|password/i).fill('demo');
    await page.getByRole('button').click();
    await page.getByTestId('dashboard').waitFor({ timeout: 30_000 });
    await page.context().close();
  });

  it('signs out through the provider and asks for sign-in again', async () => {
    const page = await openApp();
    await signIn(page, 'admin@seconde.test');
    await page.getByTestId('dashboard').waitFor({ timeout: 30_000 });
    await page.getByTestId('sign-out').click();
    // The provider ended the session: opening the app asks for the password again.
    await page.waitForURL(/\/oidc\/session\/end/, { timeout: 30_000 });
    await page.waitForURL((url) => !url.pathname.includes('/session/end'), { timeout: 30_000 });
    await page.goto(appUrl);
    await page.locator('#password').waitFor({ timeout: 30_000 });
    expect(await page.getByLabel(/e-mail/i).isVisible()).toBe(true);
    await page.context().close();
  });
});
