import { describe, expect, it } from 'vitest';
import type { DepositStatus } from '../../src/domain/deposit/statuses.ts';
import { depositStatusValue } from '../../src/machines/deposit/enums.ts';
import { DepositService } from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { ProductService } from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import { appUrl, openAs, rpcAs } from '../helpers/browserPage.ts';
import { seriousViolations } from '../helpers/axe.ts';

const WAIT = { timeout: 30_000 };
const countOf = async (text: string | null) =>
  Number((text ?? '').replace(/\D+/g, ' ').trim().split(' ')[0]);

describe('stock of many products, as admin@', () => {
  it('shows three views, filters from the address, loads further rows, and is reachable by keyboard', async () => {
    const admin = await rpcAs('admin@seconde.test');
    const total = (await admin(ProductService).list({ pagination: { page: 1, pageSize: 1 } }))
      .count;
    const { page, close } = await openAs('admin@seconde.test', '/stock');
    await page.getByTestId('stock-row').first().waitFor(WAIT);
    expect(await countOf(await page.getByTestId('stock-count').textContent())).toBe(total);
    expect(await page.getByTestId('stock-vendor').count()).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);

    // Virtualised: far fewer rows in the page than products; scrolling loads the next pages.
    const rendered = await page.getByTestId('stock-row').count();
    expect(rendered).toBeLessThan(80);
    await page.getByTestId('stock-frame').evaluate((el) => el.scrollTo({ top: 44 * 250 }));
    await page.locator('#stock-line-260[data-testid="stock-row"]').waitFor(WAIT);

    // Keyboard: focus the frame, move down, select with Space.
    await page.getByTestId('stock-frame').evaluate((el) => el.scrollTo({ top: 0 }));
    await page.getByTestId('stock-frame').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await page.getByTestId('stock-frame').getAttribute('aria-activedescendant')).toBe(
      'stock-line-2',
    );
    await page.keyboard.press(' ');
    await page.getByTestId('stock-selected').getByText(/1/).waitFor(WAIT);
    expect(await page.locator('#stock-line-2').getAttribute('aria-selected')).toBe('true');

    // Card and pictures views, with thumbnails; the choice is remembered.
    await page.getByTestId('stock-view-pictures').click();
    await page.locator('.seconde-stock-picture img').first().waitFor(WAIT);
    await page.getByTestId('stock-view-card').click();
    await page.locator('.seconde-stock-card').first().waitFor(WAIT);
    expect(await seriousViolations(page)).toEqual([]);

    // A status filter reduces the count, lands in the address and survives a reload.
    await page.locator('label', { has: page.getByTestId('stock-status-SELL') }).click();
    await page.waitForURL(/status=SELL/, WAIT);
    await page.waitForFunction(
      (n) => {
        const text = document.querySelector('[data-testid="stock-count"]')?.textContent ?? '';
        const value = Number(text.replace(/\D+/g, ' ').trim().split(' ')[0]);
        return value > 0 && value < n;
      },
      total,
      WAIT,
    );
    const filtered = await countOf(await page.getByTestId('stock-count').textContent());
    await page.reload();
    await page.getByTestId('stock-row').first().waitFor(WAIT);
    expect(await countOf(await page.getByTestId('stock-count').textContent())).toBe(filtered);
    expect(await page.getByTestId('stock-status-SELL').isChecked()).toBe(true);
    expect(await page.locator('.seconde-stock-card').count()).toBeGreaterThan(0);
    await page.getByTestId('stock-view-list').click();
    await close();
  });
});

describe('bulk sale status, as vendor@', () => {
  it('refuses an illegal status per product with its reason, and skips invoiced items', async () => {
    // A deposit not online yet: no product of it may be sold, so nothing changes on the server.
    const vendor = await rpcAs('vendor@seconde.test');
    const deposits = await vendor(DepositService).list({
      pagination: { page: 1, pageSize: 500 },
      statuses: ['RECEIVED', 'PROGRESS', 'DEPOSIT_VALIDATED'].map((s) =>
        depositStatusValue(s as DepositStatus),
      ),
    });
    let deposit = '';
    for (const d of deposits.results) {
      const products = await vendor(ProductService).list({
        pagination: { page: 1, pageSize: 1 },
        deposit: d.uuid,
      });
      if (products.count > 0) {
        deposit = d.uuid;
        break;
      }
    }
    expect(deposit).not.toBe('');
    const run = async (path: string) => {
      const { page, close } = await openAs('vendor@seconde.test', path);
      await page.getByTestId('stock-row').first().waitFor(WAIT);
      await page.getByTestId('stock-select-all').click();
      await page.getByTestId('stock-bulk-open').click();
      await page.getByTestId('stock-bulk-target').selectOption('PAYED');
      await page.getByTestId('stock-bulk-apply').click();
      await page.locator('[data-testid="stock-bulk-report"][data-finished="true"]').waitFor(WAIT);
      return { page, close };
    };
    const refused = await run(`/stock?deposit=${deposit}&status=OFFLINE,READY,ONLINE`);
    const texts = await refused.page.getByTestId('stock-bulk-refused').allTextContents();
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.join(' ')).toMatch(/refusé/);
    expect(await refused.page.getByTestId('stock-bulk-updated').textContent()).toMatch(/^0 /);
    expect((await seriousViolations(refused.page)).join('\n')).toBe('');
    await refused.page.getByTestId('stock-bulk-close').click();
    await refused.close();

    const invoiced = await run('/stock?status=FACTURED');
    expect(
      await invoiced.page
        .locator('[data-testid="stock-bulk-skipped"][data-reason="PRODUCT_INVOICED"]')
        .count(),
    ).toBe(1);
    expect(await invoiced.page.getByTestId('stock-bulk-refused').count()).toBe(0);
    await invoiced.close();
  });

  it('fits a phone: no sideways scrolling of the page, in every view', async () => {
    const { page, close } = await openAs('vendor@seconde.test', '/stock', {
      viewport: { width: 360, height: 740 },
      mobile: true,
    });
    await page.getByTestId('stock-row').first().waitFor(WAIT);
    for (const view of ['list', 'card', 'pictures']) {
      await page.getByTestId(`stock-view-${view}`).click();
      await page.getByTestId('stock-row').first().waitFor(WAIT);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, view).toBeLessThanOrEqual(0);
    }
    await page.getByTestId('stock-view-list').click();
    expect(appUrl).toBeTruthy();
    await close();
  });
});
