import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl, openAs, openPage } from '../helpers/browserPage.ts';

const PHONE = { viewport: { width: 360, height: 740 }, mobile: true } as const;
const WAIT = { timeout: 30_000 };
const step = (page: Page) => page.getByTestId('new-deposit-step');

/** Counts the JavaScript the page downloads from now on (HTTP cache off), in bytes. */
async function countScripts(page: Page): Promise<() => Promise<number>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const sizes: Promise<number>[] = [];
  page.on('response', (response: Response) => {
    if (response.request().resourceType() === 'script')
      sizes.push(
        response.body().then(
          (body) => body.length,
          () => 0,
        ),
      );
  });
  return async () => (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
}

describe('the public deposit form as its own light page', () => {
  it('gives a visitor the form with a fraction of the app’s JavaScript, in both languages', async () => {
    // A blank start, so that every script of the form's page is counted.
    const { page, close } = await openPage('/healthz', PHONE);
    const visitorBytes = await countScripts(page);
    await page.goto(`${appUrl}/nouveau-depot-seconde-main`);
    await expect.poll(() => step(page).textContent(), WAIT).toBe('Vos coordonnées');
    expect(await page.locator('script[src*="public-deposit"]').count()).toBe(1);
    // Nobody signed in: no profile shortcut, the language switch only.
    expect(await page.getByTestId('topbar-profile').count()).toBe(0);
    await page.getByTestId('language-switch').getByRole('button').nth(1).click();
    await expect.poll(() => step(page).textContent()).toBe('Your contact details');
    expect(await page.title()).toMatch(/Seconde$/);
    const light = await visitorBytes();
    await close();

    const staff = await openAs('admin@seconde.test', '/', PHONE);
    await staff.page.getByTestId('panel-deposits').waitFor(WAIT);
    const appBytes = await countScripts(staff.page);
    await staff.page.reload();
    await staff.page.getByTestId('panel-deposits').waitFor(WAIT);
    const app = await appBytes();
    await staff.close();
    expect(light).toBeGreaterThan(0);
    expect(light / app).toBeLessThan(0.6);
  });

  it('hands a signed-in tab over to the whole app at the same address', async () => {
    const { page, close } = await openAs('admin@seconde.test', '/', PHONE);
    await page.getByTestId('panel-deposits').waitFor(WAIT);
    await page.goto(`${appUrl}/nouveau-depot-seconde-main`);
    await expect.poll(() => step(page).textContent(), WAIT).toBe('Vos coordonnées');
    // The app's own top bar, with the signed-in user's shortcut to the profile.
    await page.getByTestId('topbar-profile').waitFor(WAIT);
    expect(new URL(page.url()).pathname).toBe('/nouveau-depot-seconde-main');
    await close();
  });
});

describe('notifications on a phone', () => {
  it('stack one under the other, never covering each other', async () => {
    const { page, close } = await openAs('admin@seconde.test', '/edit-profile', PHONE);
    await page.getByTestId('profile-form').waitFor(WAIT);
    const available = page.getByRole('checkbox', { name: 'Disponible pour de nouveaux dépôts' });
    const saved = page.locator('.bp6-toast', { hasText: 'Profil enregistré' });
    for (const checked of [false, true]) {
      await available.setChecked(checked, { force: true });
      await page.getByTestId('profile-save').click();
      await expect.poll(() => saved.count(), WAIT).toBeGreaterThanOrEqual(checked ? 2 : 1);
    }
    const [first, second] = await Promise.all([
      saved.nth(0).boundingBox(),
      saved.nth(1).boundingBox(),
    ]);
    expect(first && second).toBeTruthy();
    const [a, b] = [first!, second!].sort((x, y) => x.y - y.y);
    expect(a!.y + a!.height).toBeLessThanOrEqual(b!.y);
    for (const box of [a!, b!]) {
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
    }
    await close();
  });
});
