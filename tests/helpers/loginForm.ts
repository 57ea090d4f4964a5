import type { Page } from 'playwright-core';

/** Fills and sends the provider's login form the page was sent to. */
export async function submitLogin(page: Page, email: string, password = 'demo'): Promise<void> {
  await page.waitForURL(/\/oidc\//, { timeout: 30_000 });
  await page.getByLabel(/e-mail/i).fill(email);
  await page.getByLabel(/mot de passe|password/i).fill(password);
  await page.getByRole('button').click();
}
