import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatMonth } from '../../src/domain/dates.ts';
import { SessionService } from '../../src/rpc/gen/seconde/v1/session_pb.ts';
import { StatsService, type GetStatsResponse } from '../../src/rpc/gen/seconde/v1/stats_pb.ts';
import { seriousViolations } from '../helpers/axe.ts';
import { openAs, rpcAs } from '../helpers/browserPage.ts';

const WAIT = { timeout: 30_000 };
const GET_STATS = '/seconde.v1.StatsService/GetStats';

/** Text as shown, with the narrow and non-breaking spaces of French numbers made plain. */
const plain = (text: string | null) => (text ?? '').replace(/[\s\u202f\u00a0]+/g, ' ').trim();
const euros = (cents: bigint | number, lang: 'fr' | 'en') =>
  plain(
    new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'fr-FR', {
      style: 'currency',
      currency: 'EUR',
    }).format(Number(cents) / 100),
  );

/** The last day of last month, `YYYY-MM-DD`: a period other test files' sales of today miss. */
function endOfLastMonth(): string {
  const now = new Date();
  const last = new Date(now.getFullYear(), now.getMonth(), 0);
  return `${last.getFullYear()}-${String(last.getMonth() + 1).padStart(2, '0')}-${String(last.getDate()).padStart(2, '0')}`;
}

/** The rows of a chart's table (shown by its button): data-key → the cells after the label. */
async function chartTable(page: Page, id: string): Promise<Map<string, string[]>> {
  const toggle = page.getByTestId(`chart-${id}-toggle`);
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await page.getByTestId(`chart-${id}-table`).waitFor(WAIT);
  const rows = await page
    .getByTestId(`chart-${id}-table`)
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => [
        tr.getAttribute('data-key') ?? '',
        Array.from(tr.querySelectorAll('th, td')).map((c) => c.textContent ?? ''),
      ]),
    );
  return new Map(rows.map(([key, cells]) => [key as string, (cells as string[]).map(plain)]));
}

/** Each chart's table holds the server's figures, formatted in `lang`. */
async function expectTablesMatch(page: Page, figures: GetStatsResponse, lang: 'fr' | 'en') {
  const months = await chartTable(page, 'months');
  expect([...months.keys()]).toEqual(figures.months.map((m) => m.month));
  for (const m of figures.months) {
    expect(months.get(m.month)).toEqual([
      plain(formatMonth(m.month, lang)),
      euros(m.turnoverCents, lang),
      euros(m.split!.vendorCents, lang),
      euros(m.split!.depositorsCents, lang),
      euros(m.split!.platformCents, lang),
      String(m.soldCount),
    ]);
  }
  const split = await chartTable(page, 'split');
  expect(split.get('vendor')?.[1]).toBe(euros(figures.split!.vendorCents, lang));
  expect(split.get('depositors')?.[1]).toBe(euros(figures.split!.depositorsCents, lang));
  expect(split.get('platform')?.[1]).toBe(euros(figures.split!.platformCents, lang));
  const channels = await chartTable(page, 'channels');
  expect([...channels.keys()]).toEqual(figures.byChannel.map((c) => c.key));
  for (const c of figures.byChannel)
    expect(channels.get(c.key)?.slice(1)).toEqual([String(c.count), euros(c.amountCents, lang)]);
  const categories = await chartTable(page, 'categories');
  expect([...categories.keys()]).toEqual(figures.byCategory.map((c) => c.key));
}

describe('statistics with charts', () => {
  it('vendor@ opens their statistics: the charts’ tables hold the server’s figures, in French and English, axe clean', async () => {
    const rpc = await rpcAs('vendor@seconde.test');
    const vendor = (await rpc(SessionService).getCurrentUser({})).vendorUuid;
    const { page, close } = await openAs('vendor@seconde.test', '/');
    try {
      // The vendor's menu leads to the page.
      await page.getByRole('link', { name: 'Mes statistiques' }).first().click();
      await page.waitForURL(/\/my-stats$/, WAIT);
      await page.getByTestId('stats-figures').waitFor(WAIT);
      // A past period: other test files' sales of today do not move its figures.
      const to = endOfLastMonth();
      const answered = page.waitForResponse((r) => r.url().endsWith(GET_STATS), WAIT);
      await page.locator('#my-stats-to').fill(to);
      await answered;
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="my-stats"]')?.getAttribute('aria-busy') === 'false',
        undefined,
        WAIT,
      );
      const figures = await rpc(StatsService).getStats({ period: { from: '', to }, vendor });
      expect(figures.turnoverCents).toBeGreaterThan(0n);
      expect(
        Number(figures.split!.vendorCents) +
          Number(figures.split!.depositorsCents) +
          Number(figures.split!.platformCents),
      ).toBe(Number(figures.turnoverCents));
      expect(plain(await page.getByTestId('figure-turnover-value').textContent())).toBe(
        euros(figures.turnoverCents, 'fr'),
      );
      await expectTablesMatch(page, figures, 'fr');
      // Each chart is an image named by its caption.
      const canvas = page.getByTestId('chart-months-canvas');
      expect(await canvas.getAttribute('role')).toBe('img');
      expect(
        await page
          .getByRole('img', { name: 'Chiffre d’affaires par mois et sa répartition' })
          .count(),
      ).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);

      await page.evaluate(() => localStorage.setItem('seconde.language', 'en'));
      await page.reload();
      await page.getByRole('heading', { name: 'My statistics' }).waitFor(WAIT);
      await page.getByTestId('stats-figures').waitFor(WAIT);
      const answeredEn = page.waitForResponse((r) => r.url().endsWith(GET_STATS), WAIT);
      await page.locator('#my-stats-to').fill(to);
      await answeredEn;
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="my-stats"]')?.getAttribute('aria-busy') === 'false',
        undefined,
        WAIT,
      );
      expect(plain(await page.getByTestId('figure-turnover-value').textContent())).toBe(
        euros(figures.turnoverCents, 'en'),
      );
      await expectTablesMatch(page, figures, 'en');
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await close();
    }
  });

  it('admin@ changes the period on /stats: one call to the statistics service, no other', async () => {
    const { page, close } = await openAs('admin@seconde.test', '/stats');
    try {
      await page.getByTestId('stats-figures').waitFor(WAIT);
      await page.getByTestId('chart-plans').waitFor(WAIT);
      const calls: string[] = [];
      page.on('request', (r) => {
        const path = new URL(r.url()).pathname;
        if (path.startsWith('/seconde.v1.')) calls.push(path);
      });
      const statsCalls = () => calls.filter((c) => c === GET_STATS).length;
      /** Makes one change of period and counts the statistics calls it makes, once settled. */
      const callsFor = async (change: () => Promise<unknown>) => {
        const before = statsCalls();
        const answered = page.waitForResponse((r) => r.url().endsWith(GET_STATS), WAIT);
        await change();
        await answered;
        // Past the 500 ms debounce, for any late call.
        await page.waitForTimeout(1500);
        await page.waitForFunction(
          () =>
            document.querySelector('[data-testid="stats"]')?.getAttribute('aria-busy') === 'false',
          undefined,
          WAIT,
        );
        return statsCalls() - before;
      };
      const typed = await callsFor(() => page.locator('#stats-from').fill('2025-01-01'));
      expect(typed).toBeGreaterThanOrEqual(1);
      expect(typed).toBeLessThanOrEqual(2);
      // A shortcut changes both ends at once.
      const shortcut = await callsFor(() =>
        page.locator('#stats-shortcut').selectOption('lastSixMonths'),
      );
      expect(shortcut).toBeGreaterThanOrEqual(1);
      expect(shortcut).toBeLessThanOrEqual(2);
      // The page composes nothing from the deposit or vendor lists any more.
      expect(
        calls.filter((c) => /DepositService|VendorService|SubscriptionService/.test(c)),
      ).toEqual([]);
      const first = page.getByTestId('chart-months-row').first();
      await page.getByTestId('chart-months-toggle').click();
      await first.waitFor(WAIT);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await close();
    }
  });
});
