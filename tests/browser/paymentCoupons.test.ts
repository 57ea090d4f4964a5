import path from 'node:path';
import { sql } from 'kysely';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { seriousViolations } from '../helpers/axe.ts';
import { submitLogin } from '../helpers/browserPage.ts';

/**
 * A promotion code on the plans page, on a server of our own whose built-in payment sandbox knows
 * BIENVENUE20 (20 % off) and ETE2025 (past its date).
 */
describe('a promotion code at checkout', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({
      port: 0,
      host: '127.0.0.1',
      staticDir: path.resolve(process.env.BROWSER_TEST_DIST ?? 'dist'),
      seed: 'demo',
      demoProducts: 0,
      config: loadConfig({}),
    });
    browser = await chromium.connect(inject('browserEndpoint'));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('trial@ is told when a code is unknown or expired, then subscribes 20 % off', async () => {
    const context = await browser.newContext({ locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto(`${server.url}/edit-profile/plans`);
    await submitLogin(page, 'trial@seconde.test');
    await page.waitForURL((url) => !url.pathname.startsWith('/oidc'), { timeout: 30_000 });
    const pro = page.getByTestId('plan-PRO');
    await pro.waitFor({ timeout: 30_000 });
    const code = page.getByLabel('Code promo (facultatif)');
    const subscribe = pro.getByRole('button', { name: 'S’abonner à Pro (Mensuel)' });
    const error = page.getByTestId('plans-error');

    await code.fill('NOPE');
    await subscribe.click();
    await error.waitFor({ timeout: 30_000 });
    expect(await error.textContent()).toContain('Ce code promo n’existe pas');
    expect(await seriousViolations(page)).toEqual([]);

    await code.fill('ETE2025');
    await subscribe.click();
    await expect
      .poll(() => error.textContent(), { timeout: 30_000 })
      .toContain('Ce code promo n’est plus valable');
    expect(page.url()).toContain('/edit-profile/plans');

    // Any case: the provider matches codes without regard to it.
    await code.fill('bienvenue20');
    await subscribe.click();
    await page.waitForURL(/\/_sandbox\/stripe\/checkout\/cs_test_/, { timeout: 30_000 });
    expect(await page.getByTestId('checkout-amount').textContent()).toContain('49,00 EUR');
    expect(await page.getByTestId('checkout-discount').textContent()).toContain(
      '−9,80 EUR, soit 39,20 EUR',
    );
    await page.getByRole('button', { name: 'S’abonner' }).click();
    await page.waitForURL(/\/subscription-confirmed\?session_id=cs_test_/, { timeout: 30_000 });
    await page.getByTestId('subscription-confirmed').waitFor({ timeout: 30_000 });

    const { rows } = await sql<{ percent: number; valid: boolean }>`
      select s.discount_coupon_percent_off as percent, s.discount_coupon_valid as valid
      from vendor v join subscription s on s.uuid = v.subscription
      where v.email = 'trial@seconde.test'`.execute(server.db);
    expect(rows[0]).toEqual({ percent: 20, valid: true });

    await page.goto(`${server.url}/edit-profile/subscription`);
    const summary = page.getByTestId('subscription-summary');
    await summary.waitFor({ timeout: 30_000 });
    expect(await summary.textContent()).toMatch(/Réduction\s*20\s%\sde réduction/);
    await context.close();
  });
});
