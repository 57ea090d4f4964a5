import path from 'node:path';
import { create, toBinary } from '@bufbuild/protobuf';
import { sql } from 'kysely';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { SUBSCRIPTION_UPDATE_MESSAGE } from '../../server/services/account/subscriptionGate.ts';
import { CreateCustomerRequestSchema } from '../../src/rpc/gen/seconde/v1/customer_pb.ts';
import { openAs, submitLogin } from '../helpers/browserPage.ts';
import { seriousViolations } from '../helpers/axe.ts';

/** The subscription modal and the trial, on the shared server (nothing written there). */
describe('the expired vendor (company@)', () => {
  it('gets the subscription modal on a gated call, with the server’s message, and stays put', async () => {
    // On a phone: the modal fits 360 px.
    const { page, close } = await openAs('company@seconde.test', '/contacts', {
      viewport: { width: 360, height: 740 },
    });
    await page.waitForURL(/\/contacts$/);
    // No screen creates contacts yet: the contacts list's call is sent as the gated
    // CustomerService.Create instead, with the page's own credentials, to the real server;
    // the app gets the server's real refusal through its own transport.
    const body = toBinary(
      CreateCustomerRequestSchema,
      create(CreateCustomerRequestSchema, {
        customer: { firstName: 'Gina', lastName: 'Garde', email: `gina.${Date.now()}@ex.fr` },
      }),
    );
    await page.route('**/seconde.v1.CustomerService/List', async (route) => {
      const url = route.request().url().replace('/List', '/Create');
      await route.fulfill({ response: await route.fetch({ url, postData: Buffer.from(body) }) });
    });
    await page.reload();
    const dialog = page.getByRole('dialog', { name: 'Abonnement à mettre à jour' });
    await dialog.waitFor({ timeout: 30_000 });
    expect(await dialog.getByTestId('subscription-gate-message').textContent()).toBe(
      SUBSCRIPTION_UPDATE_MESSAGE,
    );
    expect(await dialog.getByRole('button', { name: 'Voir mon abonnement' }).isVisible()).toBe(
      true,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/contacts');
    await close();
  });

  it('goes to the subscription page from the modal', async () => {
    const { page, close } = await openAs('company@seconde.test', '/contacts');
    await page.route('**/seconde.v1.CustomerService/List', async (route) => {
      const url = route.request().url().replace('/List', '/Create');
      const postData = Buffer.from(
        toBinary(CreateCustomerRequestSchema, create(CreateCustomerRequestSchema, {})),
      );
      await route.fulfill({ response: await route.fetch({ url, postData }) });
    });
    await page.reload();
    const dialog = page.getByRole('dialog', { name: 'Abonnement à mettre à jour' });
    await dialog.getByRole('button', { name: 'Voir mon abonnement' }).click();
    await page.waitForURL(/\/edit-profile\/subscription$/);
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('subscription-summary').waitFor({ timeout: 30_000 });
    await close();
  });
});

describe('the vendor on trial (trial@)', () => {
  it('sees the days left in a banner and on the subscription page', async () => {
    const { page, close } = await openAs('trial@seconde.test', '/');
    const banner = page.getByTestId('trial-banner');
    await banner.waitFor({ timeout: 30_000 });
    // Seeded 4 days into the 14-day trial.
    expect(await banner.textContent()).toContain('Il vous reste 10 jours d’essai gratuit.');
    await banner.getByRole('link', { name: 'Voir mon abonnement' }).click();
    await page.waitForURL(/\/edit-profile\/subscription$/);
    const callout = page.getByTestId('trial-callout');
    await callout.waitFor();
    expect(await callout.getByTestId('trial-days-left').textContent()).toBe(
      'Il vous reste 10 jours d’essai gratuit.',
    );
    expect(await page.getByTestId('trial-banner').count()).toBe(0);
    await close();
  });

  it('is not shown to a vendor outside a trial', async () => {
    const { page, close } = await openAs('vendor@seconde.test', '/edit-profile/subscription');
    await page.getByTestId('subscription-summary').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('trial-callout').count()).toBe(0);
    expect(await page.getByTestId('trial-banner').count()).toBe(0);
    await close();
  });
});

/**
 * Flows that write (legal terms, ending the trial) run on a server of their own, whose database
 * the test reaches, so the shared demo accounts stay as other tests expect them.
 */
describe('on a server of our own', () => {
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

  async function signIn(
    email: string,
    to: string,
    viewport?: { width: number; height: number },
  ): Promise<{ page: Page; close(): Promise<void> }> {
    const context = await browser.newContext({ locale: 'fr-FR', ...(viewport && { viewport }) });
    const page = await context.newPage();
    await page.goto(`${server.url}${to}`);
    await submitLogin(page, email);
    await page.waitForURL((url) => !url.pathname.startsWith('/oidc'), { timeout: 30_000 });
    return { page, close: () => context.close() };
  }

  const acceptedAt = async (email: string) => {
    const { rows } = await sql<{ at: Date | null }>`
      select accepted_legal_term_at as at from customer where email = ${email}`.execute(server.db);
    return rows[0]!.at;
  };

  it('blocks the page with the legal terms until accepted; they do not come back', async () => {
    const email = 'customer@seconde.test';
    const before = await acceptedAt(email);
    await sql`update customer set accepted_legal_term_at = null where email = ${email}`.execute(
      server.db,
    );
    try {
      // On a phone: the dialog fits 360 px.
      const { page, close } = await signIn(email, '/', { width: 360, height: 740 });
      const dialog = page.getByRole('dialog', { name: 'Conditions générales d’utilisation' });
      await dialog.waitFor({ timeout: 30_000 });
      expect(await dialog.getByRole('button').allTextContents()).toEqual([
        'Lire les conditions complètes',
        'J’accepte les conditions',
      ]);
      // Neither Escape nor a click beside it closes it.
      await page.keyboard.press('Escape');
      await page.mouse.click(5, 5);
      expect(await dialog.isVisible()).toBe(true);
      await dialog.getByRole('button', { name: 'Lire les conditions complètes' }).click();
      expect(await dialog.getByText(/1\. Objet\./).isVisible()).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);

      await dialog.getByRole('button', { name: 'J’accepte les conditions' }).click();
      await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
      await expect.poll(() => acceptedAt(email)).not.toBeNull();
      await page.reload();
      await page.getByRole('main').waitFor({ timeout: 30_000 });
      await page.waitForTimeout(1_500);
      expect(await dialog.count()).toBe(0);
      await close();
    } finally {
      await sql`update customer set accepted_legal_term_at = ${before} where email = ${email}`.execute(
        server.db,
      );
    }
  });

  it('ends the trial after a confirmation; its success notification closes after 3 s', async () => {
    const { page, close } = await signIn('trial@seconde.test', '/edit-profile/subscription');
    const callout = page.getByTestId('trial-callout');
    await callout.waitFor({ timeout: 30_000 });
    await callout.getByRole('button', { name: 'Terminer l’essai maintenant' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Terminer l’essai gratuit ?').waitFor();
    await confirm.getByRole('button', { name: 'Terminer l’essai', exact: true }).click();

    const toast = page.locator('.bp6-toast', { hasText: 'Essai terminé' });
    await toast.waitFor({ timeout: 30_000 });
    const shownAt = Date.now();
    await page.getByTestId('subscription-summary').getByText('Actif').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('trial-callout').count()).toBe(0);
    await page.waitForTimeout(Math.max(0, 2_000 - (Date.now() - shownAt)));
    expect(await toast.isVisible()).toBe(true);
    await toast.waitFor({ state: 'detached', timeout: 5_000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(2_500);
    await close();
  });
});
