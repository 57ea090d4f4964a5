import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage } from '../helpers/browserPage.ts';

/** A phone: 360 x 740, French, touch, nobody signed in. */
const openPhone = (path: string) =>
  openPage(path, { viewport: { width: 360, height: 740 }, mobile: true });

const step = (page: Page) => page.getByTestId('new-deposit-step');

async function onStep(page: Page, title: string): Promise<void> {
  await expect.poll(() => step(page).textContent(), { timeout: 30_000 }).toBe(title);
}

/** What has the focus: its id, or its test id, or its tag. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el?.id || el?.getAttribute('data-testid') || el?.tagName || '';
  });

/** Presses Tab until `target` has the focus; answers how many presses it took. */
async function tabTo(page: Page, target: string, max = 60): Promise<number> {
  for (let presses = 1; presses <= max; presses += 1) {
    await page.keyboard.press('Tab');
    if ((await focused(page)) === target) return presses;
  }
  throw new Error(`${target} never took the focus in ${max} Tab presses`);
}

/** After a refused Continue: the first wrong field has the focus, marked and described. */
async function expectFocusOnWrong(page: Page, id: string): Promise<void> {
  await expect.poll(() => focused(page)).toBe(id);
  const field = page.locator(`#${id}`);
  expect(await field.getAttribute('aria-invalid')).toBe('true');
  const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
  expect(describedBy).toContain(`${id}-error`);
  expect(await page.locator(`#${id}-error`).textContent()).toBeTruthy();
  expect(await page.getByTestId('new-deposit-fix-fields').getAttribute('aria-live')).toBe('polite');
}

describe('the public form with the keyboard alone, on a phone', () => {
  it('goes through every step, lands on the first wrong field, and crosses long lists in one stop', async () => {
    const { page, close } = await openPhone('/nouveau-depot-seconde-main');
    await onStep(page, 'Vos coordonnées');

    // Continue with nothing typed: the focus goes to the first field, with its message.
    await tabTo(page, 'new-deposit-next');
    await page.keyboard.press('Enter');
    await expectFocusOnWrong(page, 'contact-firstName');

    await page.keyboard.type('Hugo');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Clavier');
    await page.keyboard.press('Tab');
    await page.keyboard.type('pas-un-email');
    await page.keyboard.press('Tab');
    await page.keyboard.type('0633445566');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    // A wrong e-mail only: Continue brings the focus back to it.
    await tabTo(page, 'new-deposit-next');
    await page.keyboard.press('Enter');
    await expectFocusOnWrong(page, 'contact-email');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(`hugo.clavier.${Date.now()}@exemple.fr`);
    await page.keyboard.press('Enter');
    await onStep(page, 'Vos articles');

    // Criteria: Continue first lands on the first choice to make.
    await tabTo(page, 'new-deposit-next');
    await page.keyboard.press('Enter');
    await expectFocusOnWrong(page, 'criteria-family');
    await page.keyboard.press('ArrowDown');
    const presses: number[] = [];
    presses.push(await tabTo(page, 'criteria-gamme'));
    await page.keyboard.press('ArrowDown');
    presses.push(await tabTo(page, 'criteria-ageRange'));
    await page.keyboard.press('ArrowDown');
    // Seasons: four boxes, one stop each.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    // The long category list is one stop: arrows move inside it, Space ticks.
    let tabs = 0;
    while (
      !(await page.evaluate(() =>
        document.activeElement?.closest('[data-testid="criteria-categories"]'),
      ))
    ) {
      await page.keyboard.press('Tab');
      tabs += 1;
      expect(tabs).toBeLessThan(5);
    }
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    const ticked = await page
      .getByTestId('criteria-categories')
      .locator('input:checked')
      .evaluateAll((boxes) => boxes.length);
    expect(ticked).toBe(1);
    // One Tab leaves the whole list, to the brand filter; one more crosses every brand.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).type)).toBe(
      'search',
    );
    presses.push(await tabTo(page, 'criteria-productNumber', 3));
    await page.keyboard.type('8');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    const toContinue = await tabTo(page, 'new-deposit-next', 3);
    expect(presses.reduce((a, b) => a + b, 0) + tabs + toContinue).toBeLessThan(20);
    await page.keyboard.press('Enter');
    await onStep(page, 'Remise des articles');

    // Info: Continue first lands on the street; a proposal is picked with the arrows.
    await tabTo(page, 'new-deposit-next');
    await page.keyboard.press('Enter');
    await expectFocusOnWrong(page, 'address-street');
    await page.keyboard.type('8 rue de la paix', { delay: 20 });
    await page
      .getByRole('listbox', { name: 'Adresses proposées' })
      .getByRole('option')
      .first()
      .waitFor({ timeout: 10_000 });
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await page.locator('#address-city').inputValue()).toBe('Paris');
    await tabTo(page, 'info-depositRecovery-GET_HOME');
    await page.keyboard.press('Space');
    await tabTo(page, 'info-description');
    expect(
      await page
        .locator('#info-description')
        .evaluate((el) => getComputedStyle(el).fontFamily.toLowerCase()),
    ).not.toMatch(/mono/);
    await page.keyboard.type('Pulls et jeans');
    await tabTo(page, 'new-deposit-next');
    await page.keyboard.press('Enter');

    // The confirmation shows alone, nothing over it.
    await page.getByTestId('new-deposit-validation').waitFor({ timeout: 20_000 });
    await page.locator('.bp6-toast').first().waitFor();
    expect(await page.locator('.bp6-toast').count()).toBe(1);
    expect(await page.locator('.bp6-toast.bp6-intent-success').count()).toBe(1);
    await close();
  });
});
