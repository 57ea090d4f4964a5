import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DashboardService } from '../../src/rpc/gen/seconde/v1/dashboard_pb.ts';
import { appUrl, openAs, rpcAs, type PageOptions } from '../helpers/browserPage.ts';
import { seriousViolations } from '../helpers/axe.ts';

const PHONE: PageOptions = { viewport: { width: 360, height: 740 }, mobile: true };
const DESKTOP: PageOptions = { viewport: { width: 1280, height: 800 } };

/** The dashboard with its figures loaded. */
async function dashboardOf(email: string, options: PageOptions = DESKTOP) {
  const opened = await openAs(email, '/', options);
  await opened.page.getByTestId('panel-deposits').waitFor({ timeout: 30_000 });
  return opened;
}

/**
 * Chromium's `beforeinstallprompt`, as the browser sends it when the app may be installed: its
 * prompt() is counted on the window and its userChoice answers `outcome`.
 */
async function offerInstall(page: Page, outcome: 'accepted' | 'dismissed'): Promise<boolean> {
  return page.evaluate((answer) => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    const w = window as unknown as { prompted: number };
    w.prompted = 0;
    Object.assign(event, {
      prompt: () => {
        w.prompted += 1;
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: answer, platform: 'web' }),
    });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  }, outcome);
}

const prompted = (page: Page) =>
  page.evaluate(() => (window as unknown as { prompted: number }).prompted);

describe('dashboard figures', () => {
  it('shows a vendor their own figures, each status leading to its deposits', async () => {
    const expected = await (await rpcAs('vendor@seconde.test'))(DashboardService).get({});
    const { page, close } = await dashboardOf('vendor@seconde.test');
    const shown = expected.depositsByStatus.filter((c) => c.count > 0);
    expect(shown.length).toBeGreaterThan(1);
    for (const { key, count } of shown)
      expect(await page.getByTestId(`deposit-status-${key}`).textContent()).toMatch(
        new RegExp(`${count}$`),
      );
    for (const { key, count } of expected.productsBySaleStatus.filter((c) => c.count > 0))
      expect(await page.getByTestId(`sale-status-${key}`).textContent()).toMatch(
        new RegExp(`${count}$`),
      );
    expect(await page.getByTestId('figure-turnover-value').textContent()).toBe(
      new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(
        expected.soldTurnover,
      ),
    );
    expect(await page.getByTestId('figure-requests').count()).toBe(0);
    expect(await page.getByTestId('trial-days-left').count()).toBe(0);

    const { key } = shown[0]!;
    await page.getByTestId(`deposit-status-${key}`).getByRole('link').click();
    await page.waitForURL((url) => url.pathname === '/deposits');
    expect(new URL(page.url()).searchParams.get('status')).toBe(key);
    await close();
  });

  it('counts down the trial of a vendor on trial, on a phone, in an accessible page', async () => {
    const { page, close } = await dashboardOf('trial@seconde.test', PHONE);
    // The demo trial started 4 days ago: 10 of its 14 days are left.
    expect(await page.getByTestId('trial-days-left').textContent()).toContain(
      'il vous reste 10 jours',
    );
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    expect(await seriousViolations(page)).toEqual([]);
    await close();
  });

  it('gives an admin the global figures with the open requests and tickets', async () => {
    const expected = await (await rpcAs('admin@seconde.test'))(DashboardService).get({});
    const { page, close } = await dashboardOf('admin@seconde.test');
    expect(await page.getByTestId('figure-requests-value').textContent()).toBe(
      String(expected.openDepositRequests),
    );
    expect(await page.getByTestId('figure-vendors-value').textContent()).toBe(
      String(expected.vendorCount),
    );
    expect(await page.getByTestId('figure-tickets-value').textContent()).toBe(
      String(expected.openSupportTickets),
    );
    await page.getByRole('link', { name: 'Demandes de dépôt ouvertes' }).click();
    await page.waitForURL((url) => url.pathname === '/deposit-requests');
    await close();
  });

  it('gives a customer their deposits and the way to their dressing', async () => {
    const { page, close } = await dashboardOf('customer@seconde.test');
    await page.getByTestId('dashboard-customer').waitFor();
    expect(await page.getByTestId('figure-turnover').count()).toBe(0);
    expect(await page.getByTestId('dressing-link').getAttribute('href')).toBe('/dressing');
    await close();
  });
});

describe('mobile install prompt', () => {
  it('offers installation on a phone, and Install opens the browser’s dialog', async () => {
    const { page, close } = await dashboardOf('vendor@seconde.test', PHONE);
    expect(await page.getByTestId('install-prompt').count()).toBe(0);
    expect(await offerInstall(page, 'accepted')).toBe(true);
    const prompt = page.getByRole('region', { name: 'Installer Seconde' });
    await prompt.waitFor();
    expect(await prompt.getByRole('button', { name: 'Fermer' }).isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await prompt.getByRole('button', { name: 'Installer' }).click();
    await prompt.waitFor({ state: 'detached' });
    expect(await prompted(page)).toBe(1);
    await close();
  });

  it('remembers Close, so the next visit does not ask again', async () => {
    const { page, close } = await dashboardOf('vendor@seconde.test', PHONE);
    await offerInstall(page, 'accepted');
    const prompt = page.getByTestId('install-prompt');
    await prompt.waitFor();
    await prompt.getByRole('button', { name: 'Fermer' }).click();
    await prompt.waitFor({ state: 'detached' });
    expect(await prompted(page)).toBe(0);

    await page.reload();
    await page.getByTestId('panel-deposits').waitFor({ timeout: 30_000 });
    // The offer is still taken (the browser's own banner held back), just not shown.
    expect(await offerInstall(page, 'accepted')).toBe(true);
    await page.waitForTimeout(300);
    expect(await page.getByTestId('install-prompt').count()).toBe(0);
    await close();
  });

  it('stays away on a desktop even when the browser offers installation', async () => {
    const { page, close } = await dashboardOf('vendor@seconde.test', DESKTOP);
    expect(await offerInstall(page, 'accepted')).toBe(true);
    await page.waitForTimeout(300);
    expect(await page.getByTestId('install-prompt').count()).toBe(0);
    await close();
  });

  it('links the manifest and runs the service worker of the production build', async () => {
    const { page, close } = await dashboardOf('vendor@seconde.test', PHONE);
    const manifestUrl = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = (await (await fetch(`${appUrl}${manifestUrl}`)).json()) as {
      name: string;
      icons: { sizes: string }[];
    };
    expect(manifest.name).toBe('Seconde');
    expect(manifest.icons.map((i) => i.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    );
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active?.scriptURL ?? null;
    });
    expect(worker).toBe(`${appUrl}/sw.js`);
    // With the worker in charge, pages and calls still come from the server.
    await page.reload();
    await page.getByTestId('panel-deposits').waitFor({ timeout: 30_000 });
    await close();
  });
});
