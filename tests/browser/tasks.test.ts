import type { Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { BackgroundImportService } from '../../src/rpc/gen/seconde/v1/background_import_pb.ts';
import { BackgroundTaskService } from '../../src/rpc/gen/seconde/v1/background_task_pb.ts';
import { seriousViolations } from '../helpers/axe.ts';
import { openAs, rpcAs } from '../helpers/browserPage.ts';

const WAIT = { timeout: 30_000 };
const control = (mode: 'ok' | 'fail') =>
  fetch(`${inject('marketplaceControlUrl')}/mode/${mode}`).then((r) => r.json());

/** The panel's line of the task whose label (profile address) is `label`. */
const taskLine = (page: Page, label: string): Locator =>
  page.getByTestId('task-item').filter({ hasText: label });

/** Clears what earlier tests left in vendor@'s panel, once their tasks are over. */
async function clearPanel(): Promise<void> {
  const tasks = (await rpcAs('vendor@seconde.test'))(BackgroundTaskService);
  for (let i = 0; i < 60; i++) {
    try {
      await tasks.dismiss({});
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

afterEach(async () => {
  await control('ok');
});

describe('background tasks, as vendor@', () => {
  it('imports a wardrobe from /stock: progress, done, listed, kept across a reload, cleared by close', async () => {
    await clearPanel();
    const { page, close } = await openAs('vendor@seconde.test', '/stock');
    await page.getByTestId('stock-row').first().waitFor(WAIT);
    expect(await page.getByTestId('task-panel').count()).toBe(0);
    // The panel follows the tasks from the stream worker, not from the page.
    expect(page.workers().some((w) => /stream\.worker/.test(w.url()))).toBe(true);
    // The wardrobe's items are not in the stock yet.
    const stockCount = (count: number) =>
      page.waitForFunction(
        (n) =>
          new RegExp(`^${n}\\s`).test(
            document.querySelector('[data-testid="stock-count"]')?.textContent ?? '',
          ),
        count,
        WAIT,
      );
    await page.getByTestId('stock-search').fill('vestiaire 1003');
    await stockCount(0);

    await page.getByTestId('wardrobe-import-open').click();
    const dialog = page.getByRole('dialog', { name: 'Importer un vestiaire Vinted' });
    const field = dialog.getByLabel('Adresse du profil Vinted');
    // An item page is not a profile: the message shows and nothing starts.
    await field.fill('https://www.vinted.fr/items/12-robe');
    await dialog.getByTestId('wardrobe-import-start').click();
    await dialog
      .getByText('Cette adresse n’est pas celle d’un profil Vinted', { exact: false })
      .waitFor(WAIT);
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByTestId('task-panel').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    const profile = 'https://www.vinted.fr/member/1003-julie';
    await field.fill(profile);
    await field.press('Enter');
    await dialog.waitFor({ state: 'hidden', ...WAIT });

    // 12 items read 4 per page, 700 ms apart: the panel shows the count while it runs.
    const line = taskLine(page, profile);
    await line.and(page.locator('[data-status="running"]')).waitFor(WAIT);
    expect(await line.getByText('Import du vestiaire Vinted').count()).toBe(1);
    expect(await line.getByRole('progressbar').count()).toBe(1);
    expect(await line.getByTestId('task-count').textContent()).toMatch(/^\d+ \/ 12$/);
    // The panel cannot be closed while the import runs.
    expect(await page.getByTestId('task-panel-close').isDisabled()).toBe(true);
    await line.and(page.locator('[data-status="completed"]')).waitFor(WAIT);
    expect(await line.getByTestId('task-count').textContent()).toBe('12 / 12');
    expect(await line.getByText('Terminé').count()).toBe(1);
    const height = await page.getByTestId('task-panel').evaluate((el) => el.clientHeight);
    expect(height).toBe(120 + 80);
    expect(await seriousViolations(page)).toEqual([]);
    // The finished import reloads the stock list by itself: no reload, no new search.
    await stockCount(12);
    expect(await page.getByTestId('stock-row').count()).toBe(12);

    // The tasks come from the server: a reload shows them again.
    await page.reload();
    await line.and(page.locator('[data-status="completed"]')).waitFor(WAIT);

    // Close is reachable by keyboard and clears the panel, for good.
    const closeButton = page.getByTestId('task-panel-close');
    await closeButton.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('task-panel').waitFor({ state: 'detached', ...WAIT });
    await page.reload();
    await page.getByTestId('stock-row').first().waitFor(WAIT);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await page.getByTestId('task-panel').count()).toBe(0);
    await close();
  });

  it('shows a failed import with the contact-support text, which opens the Contact us modal', async () => {
    await clearPanel();
    await control('fail');
    const { page, close } = await openAs('vendor@seconde.test', '/stock', { locale: 'en-GB' });
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByTestId('stock-row').first().waitFor(WAIT);
    const profile = 'https://www.vinted.fr/member/1001-julie';
    await (
      await rpcAs('vendor@seconde.test')
    )(BackgroundImportService).importMarketplaceProfile({
      profileUrl: profile,
    });
    const line = taskLine(page, profile);
    await line.and(page.locator('[data-status="error"]')).waitFor(WAIT);
    expect(await line.getByTestId('task-error').textContent()).toContain(
      'An error happen please contact us by clicking on Contact us in the nav bar',
    );
    const height = await page.getByTestId('task-panel').evaluate((el) => el.clientHeight);
    expect(height).toBe(120 + 150);

    await line.getByTestId('task-contact').click();
    const support = page.getByRole('dialog', { name: 'Contact us' });
    await support.waitFor(WAIT);
    await support.getByRole('button', { name: /close/i }).first().click();
    await support.waitFor({ state: 'hidden', ...WAIT });

    await page.getByTestId('task-panel-close').click();
    await page.getByTestId('task-panel').waitFor({ state: 'detached', ...WAIT });
    await close();
  });
});
