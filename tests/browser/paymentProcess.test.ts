import path from 'node:path';
import { chromium } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { startServer } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import {
  SubscriptionService,
  SubscriptionType,
} from '../../src/rpc/gen/seconde/v1/subscription_pb.ts';
import { demoToken, rpcClient } from '../helpers/demoClient.ts';
import {
  PaymentProcessService,
  PaymentStatus,
} from '../../src/rpc/gen/seconde/v1/payment_process_pb.ts';
import { SessionService } from '../../src/rpc/gen/seconde/v1/session_pb.ts';
import { seriousViolations } from '../helpers/axe.ts';
import { openAs, rpcAs, submitLogin } from '../helpers/browserPage.ts';

const VENDOR = 'vendor@seconde.test';
const WAIT = { timeout: 30_000 };

/** Staff ask vendor@ to pay a one-off amount through the payment provider (the built-in sandbox). */
async function askVendorToPay(description: string) {
  const vendorUuid = (await (await rpcAs(VENDOR))(SessionService).getCurrentUser({})).vendorUuid;
  const admin = await rpcAs('admin@seconde.test');
  return admin(PaymentProcessService).requestPayment({
    vendor: vendorUuid,
    amountCents: 4990n,
    description,
  });
}

describe('a payment through the provider’s checkout page', () => {
  it('waits on its screen, resumes after a reload, and turns to confirmed once paid', async () => {
    const process = await askVendorToPay('Formation photo produit');
    const { page, close } = await openAs(VENDOR, `/payments/${process.uuid}`);
    try {
      const waiting = page.getByTestId('payment-waiting');
      await waiting.waitFor(WAIT);
      await expect
        .poll(() => page.getByTestId('payment-description').textContent())
        .toBe('Formation photo produit');
      expect(await page.getByTestId('payment-amount').textContent()).toMatch(/49,90/);
      expect(await seriousViolations(page)).toEqual([]);

      // Closing the tab and coming back: the wait resumes from the server's state.
      await page.reload();
      await waiting.waitFor(WAIT);

      // Pay through the sandbox's hosted page; it returns to the waiting screen.
      await page.getByTestId('payment-pay').click();
      await page.waitForURL((url) => url.pathname.includes('/checkout/'), WAIT);
      expect(await page.getByTestId('checkout-amount').textContent()).toMatch(/49,90/);
      await page.getByRole('button', { name: /Payer/ }).click();
      await page.waitForURL((url) => url.pathname === `/payments/${process.uuid}`, WAIT);
      await page.getByTestId('payment-confirmed').waitFor(WAIT);
      expect(await seriousViolations(page)).toEqual([]);

      // The server says so too.
      const admin = await rpcAs('admin@seconde.test');
      const paid = await admin(PaymentProcessService).retrieve({ uuid: process.uuid });
      expect(paid.paymentStatus).toBe(PaymentStatus.COMPLETED);
    } finally {
      await close();
    }
  });

  it('a payment open in a waiting tab turns to confirmed when paid elsewhere', async () => {
    const process = await askVendorToPay('Étiquette d’envoi');
    const { page, close } = await openAs(VENDOR, `/payments/${process.uuid}`);
    try {
      await page.getByTestId('payment-waiting').waitFor(WAIT);
      // The same vendor pays from another tab (the provider's page), this one keeps waiting.
      const other = await page.context().newPage();
      await other.goto(process.paymentUrl);
      await other.getByRole('button', { name: /Payer/ }).click();
      await other.waitForURL((url) => url.pathname === `/payments/${process.uuid}`, WAIT);
      await page.getByTestId('payment-confirmed').waitFor(WAIT);
    } finally {
      await close();
    }
  });
});

/**
 * The provider's invoices of a subscription in the invoices screen, on a server of our own (local
 * settings: the built-in sandbox) so the shared server's vendor@ keeps their plan.
 */
describe('the provider’s invoices in the invoices screen', () => {
  it('a subscription paid at the provider shows its invoice with the hosted page and PDF', async () => {
    const server = await startServer({
      port: 0,
      host: '127.0.0.1',
      staticDir: path.resolve(process.env.BROWSER_TEST_DIST ?? 'dist'),
      seed: 'demo',
      demoProducts: 0,
      config: loadConfig({}),
    });
    const browser = await chromium.connect(inject('browserEndpoint'));
    try {
      const token = await demoToken(server, VENDOR);
      const { url } = await rpcClient(server.url, SubscriptionService, token).createCheckoutSession(
        { type: SubscriptionType.STARTER, interval: 'month' },
      );
      // Paid on the provider's hosted page, as its form does.
      const paid = await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
      expect(paid.status).toBe(302);

      const context = await browser.newContext({ locale: 'fr-FR' });
      const page = await context.newPage();
      await page.goto(`${server.url}/invoices`);
      await submitLogin(page, VENDOR);
      await page.waitForURL((u) => u.pathname === '/invoices', WAIT);
      const hosted = page.getByTestId('invoice-hosted').first();
      // The signed webhook may land a moment after the return: the list is read again until then.
      await expect
        .poll(
          async () => {
            if (await hosted.isVisible()) return true;
            await page.reload();
            await page.getByTestId('invoice-count').waitFor(WAIT);
            return hosted.isVisible();
          },
          { timeout: 30_000, interval: 1_000 },
        )
        .toBe(true);
      const row = page.getByTestId('invoice-row').filter({ has: hosted });
      expect(await row.textContent()).toMatch(/SBX-/);
      expect(await hosted.getAttribute('href')).toMatch(/\/_sandbox\/stripe\/invoice\/SBX-/);
      expect(
        await row.getByRole('button', { name: /PDF de la facture SBX-/ }).getAttribute('href'),
      ).toMatch(/\/pdf$/);
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    } finally {
      await browser.close();
      await server.close();
    }
  });
});
