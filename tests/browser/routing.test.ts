import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SessionService } from '../../src/rpc/gen/seconde/v1/session_pb.ts';
import { openAs, openPage, rpcAs } from '../helpers/browserPage.ts';

const AXE = path.resolve('node_modules/axe-core/axe.min.js');

/** Path and query the page is on. */
const here = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/** Follows an in-app link the way the router does (history entry, then popstate). */
async function navigate(page: Page, to: string): Promise<void> {
  await page.evaluate((url) => {
    window.history.pushState(window.history.state, '', url);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, to);
}

async function landsOn(page: Page, expected: string): Promise<void> {
  await expect.poll(() => here(page), { timeout: 30_000 }).toBe(expected);
}

async function titled(page: Page, expected: string): Promise<void> {
  await expect.poll(() => page.title(), { timeout: 30_000 }).toBe(expected);
}

/** axe-core's serious and critical violations on the page as it is now (none expected). */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run()).violations;
  });
  return (violations as { id: string; impact: string | null; nodes: unknown[] }[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} on ${v.nodes.length} node(s)`);
}

describe('the route guard, signed in through the real login page', () => {
  it('nogroup@ only reaches the user-type choice, the query kept', async () => {
    const { page, close } = await openAs('nogroup@seconde.test', '/deposits?ref=mail');
    await landsOn(page, '/onboarding?ref=mail');
    await titled(page, 'Bienvenue · Seconde');
    await navigate(page, '/onboarding/vendor-onboarding?step=2');
    await landsOn(page, '/onboarding?step=2');
    await navigate(page, '/vendors');
    await landsOn(page, '/onboarding');
    await close();
  });

  it('customer@ reaches their dressing and is sent to the dashboard from vendor screens', async () => {
    const { page, close } = await openAs('customer@seconde.test', '/dressing');
    await landsOn(page, '/dressing');
    await titled(page, 'Mon dressing · Seconde');
    await navigate(page, '/vendors?page=2');
    await landsOn(page, '/?page=2');
    await titled(page, 'Tableau de bord · Seconde');
    await navigate(page, '/contacts');
    await landsOn(page, '/');
    await navigate(page, '/customers?q=a');
    await landsOn(page, '/?q=a');
    await navigate(page, '/deposits');
    await landsOn(page, '/deposits');
    await close();
  });

  it('developer@ reaches every screen, whatever its groups', async () => {
    const { page, close } = await openAs('developer@seconde.test', '/vendors');
    await landsOn(page, '/vendors');
    await page.getByTestId('vendor-list').waitFor({ timeout: 30_000 });
    for (const [to, title] of [
      ['/contacts', 'Contacts'],
      ['/dressing', 'Mon dressing'],
      ['/stock', 'Stock'],
      ['/stats', 'Statistiques'],
      ['/deposit-requests', 'Demandes de dépôt'],
      ['/onboarding/customer-onboarding', 'Vos préférences de dépôt'],
    ]) {
      await navigate(page, to!);
      await landsOn(page, to!);
      await titled(page, `${title} · Seconde`);
    }
    await close();
  });

  it('admin@ (Admin and Vendor) opens the contacts and the vendors; vendor@ not the vendors', async () => {
    const admin = await openAs('admin@seconde.test', '/contacts');
    await admin.page.getByTestId('customer-list').waitFor({ timeout: 30_000 });
    await navigate(admin.page, '/vendors');
    await admin.page.getByTestId('vendor-list').waitFor({ timeout: 30_000 });
    expect(here(admin.page)).toBe('/vendors');
    await admin.close();

    const vendor = await openAs('vendor@seconde.test', '/vendors?page=3');
    await landsOn(vendor.page, '/?page=3');
    expect(await vendor.page.getByTestId('vendor-list').count()).toBe(0);
    await vendor.close();
  });

  it('the old vendor link leads to /?user_type=vendor, then the guard asks for sign-in', async () => {
    const { page, close } = await openAs(
      'vendor@seconde.test',
      '/nouveau-vendeur-seconde-main?ref=ad',
    );
    await landsOn(page, '/?user_type=vendor&ref=ad');
    await titled(page, 'Tableau de bord · Seconde');
    await close();
  });
});

describe('aliases, titles and scrolling', () => {
  it('French and English paths reach the same screen, parameters and query kept', async () => {
    const customerUuid = (
      await (await rpcAs('customer@seconde.test'))(SessionService).getCurrentUser({})
    ).customerUuid;
    const { page, close } = await openAs('vendor@seconde.test', '/customers?page=2');
    await landsOn(page, '/contacts?page=2');
    await page.getByTestId('customer-list').waitFor({ timeout: 30_000 });
    await titled(page, 'Contacts · Seconde');
    for (const [alias, canonical] of [
      ['/inventory?sort=price', '/stock?sort=price'],
      ['/deposits-available?city=Lyon', '/marketplace?city=Lyon'],
      [
        `/customer/${customerUuid}/invoices?year=2024`,
        `/contact/${customerUuid}/invoices?year=2024`,
      ],
    ]) {
      await navigate(page, alias!);
      await landsOn(page, canonical!);
    }
    await page.getByTestId('customer-page').waitFor({ timeout: 30_000 });
    await titled(page, 'Fiche contact · Seconde');

    for (const flow of ['/new-deposit?ref=qr', '/nouveau-depot-seconde-main?ref=qr']) {
      await navigate(page, flow);
      await page.getByTestId('new-deposit-step').waitFor({ timeout: 30_000 });
      expect(here(page)).toBe(flow);
      await titled(page, 'Déposer des articles · Seconde');
    }
    await close();
  });

  it('titles follow the route and the language', async () => {
    const { page, close } = await openAs('vendor@seconde.test', '/marketplace');
    await titled(page, 'Dépôts disponibles · Seconde');
    await page.evaluate(() => localStorage.setItem('seconde.language', 'en'));
    await page.reload();
    await titled(page, 'Available deposits · Seconde');
    await navigate(page, '/inventory');
    await titled(page, 'Inventory · Seconde');
    await navigate(page, '/nowhere-at-all');
    await titled(page, 'Page not found · Seconde');
    await close();
  });

  it('scrolls to the top when the screen changes, not when its query does', async () => {
    const { page, close } = await openAs('vendor@seconde.test', '/contacts');
    await page.getByTestId('customer-list').waitFor({ timeout: 30_000 });
    await page.evaluate(() => {
      document.body.style.paddingBottom = '4000px';
      window.scrollTo(0, 1500);
    });
    await navigate(page, '/contacts?page=2');
    await landsOn(page, '/contacts?page=2');
    expect(await page.evaluate(() => window.scrollY)).toBe(1500);
    await navigate(page, '/deposits');
    await landsOn(page, '/deposits');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await close();
  });

  it('a page chunk that fails to load offers a translated retry, and the retry loads it', async () => {
    const { page, close } = await openAs('vendor@seconde.test', '/');
    await titled(page, 'Tableau de bord · Seconde');
    await page.route('**/assets/VendorListView-*.js', (route) => route.abort());
    await page.route('**/assets/MarketplaceView-*.js', (route) => route.abort());
    await navigate(page, '/marketplace');
    const failed = page.getByTestId('chunk-failed');
    await failed.waitFor({ timeout: 30_000 });
    expect(await failed.textContent()).toContain('La page n’a pas pu être chargée');
    await page.unroute('**/assets/MarketplaceView-*.js');
    await page.getByRole('button', { name: 'Réessayer' }).click();
    await page.getByTestId('marketplace').waitFor({ timeout: 30_000 });
    await close();
  });
});

describe('public pages', () => {
  it('the 404 page, without sign-in, in French then English', async () => {
    const { page, close } = await openPage('/no/such/page?x=1');
    await page.getByTestId('not-found').waitFor({ timeout: 30_000 });
    expect(page.url()).not.toContain('/oidc');
    await titled(page, 'Page introuvable · Seconde');
    expect(await seriousViolations(page)).toEqual([]);
    await close();
    const english = await openPage('/no/such/page', { locale: 'en-GB' });
    await english.page.evaluate(() => localStorage.setItem('seconde.language', 'en'));
    await english.page.reload();
    await english.page.getByText('This page does not exist').waitFor({ timeout: 30_000 });
    await english.close();
  });

  it('/unrecognized-user and /no-group explain themselves without sign-in', async () => {
    const { page, close } = await openPage('/unrecognized-user');
    await page.getByText('Nous ne retrouvons pas votre compte').waitFor({ timeout: 30_000 });
    await titled(page, 'Utilisateur non reconnu · Seconde');
    expect(await seriousViolations(page)).toEqual([]);
    await navigate(page, '/no-group');
    await page.getByText('Votre compte n’a pas encore de profil').waitFor();
    expect(await page.getByRole('link', { name: 'Choisir mon type de compte' }).count()).toBe(1);
    await close();
  });

  it('/subscription-confirmed: two columns on a computer, the picture hidden on a phone', async () => {
    const wide = await openPage('/subscription-confirmed', {
      viewport: { width: 1280, height: 800 },
    });
    await wide.page.getByTestId('subscription-no-session').waitFor({ timeout: 30_000 });
    await titled(wide.page, 'Abonnement confirmé · Seconde');
    expect(await wide.page.getByTestId('public-picture').isVisible()).toBe(true);
    expect(await wide.page.getByRole('img', { name: /merci/i }).count()).toBe(1);
    expect(await wide.page.getByRole('link', { name: 'Seconde, accueil' }).count()).toBe(1);
    expect(await seriousViolations(wide.page)).toEqual([]);
    await wide.close();

    const phone = await openPage('/subscription-confirmed', {
      viewport: { width: 360, height: 740 },
      mobile: true,
    });
    await phone.page.getByTestId('subscription-no-session').waitFor({ timeout: 30_000 });
    expect(await phone.page.getByTestId('public-picture').isVisible()).toBe(false);
    const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await phone.close();
  });

  it('the link of the confirmation page leads to the dashboard through sign-in', async () => {
    const { page, close } = await openPage('/subscription-confirmed');
    await page.getByTestId('subscription-confirmed-dashboard').click();
    await page.waitForURL(/\/oidc\//, { timeout: 30_000 });
    await close();
  });
});
