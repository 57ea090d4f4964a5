// Stock list on 100k products: interaction-to-next-paint of the /stock page (Event Timing entries,
// durationThreshold 16, grouped per interaction) for keyboard scrolling, typing a filter, a
// status filter and view switches, plus the longest frame gap while wheel-scrolling (wheel events
// are not interactions). The same interactions on a bare control page give the baseline.
import type { Browser, Page } from 'playwright-core';
import { submitLogin } from '../tests/helpers/loginForm.ts';
import { benchPage, printTable, writeResults } from './harness.ts';

const ADMIN = 'admin@seconde.test';
const WAIT = { timeout: 120_000 };

/** Interaction durations per kind, read from the page's Event Timing observer. */
const INP_SCRIPT = `(() => {
  const seen = new Map();
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (!e.interactionId) continue;
      seen.set(e.interactionId, Math.max(seen.get(e.interactionId) ?? 0, e.duration));
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: false });
  window.__inp = {
    take() { const values = [...seen.values()]; seen.clear(); return values; },
  };
})();`;

interface Figures {
  readonly interactions: number;
  readonly worstMs: number;
  readonly p98Ms: number;
}
type Kind = 'keyboardScroll' | 'typeFilter' | 'statusFilter' | 'switchView';

function summarise(values: readonly number[]): Figures {
  const sorted = [...values].sort((a, b) => a - b);
  const p98 = sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.98) - 1)]!
    : 0;
  // Interactions under the threshold have no entry: they count as within 16 ms.
  return { interactions: sorted.length, worstMs: sorted.at(-1) ?? 0, p98Ms: p98 };
}

const settle = (page: Page, ms = 120) => page.waitForTimeout(ms);
const take = async (page: Page) => {
  await settle(page, 400);
  return page.evaluate(() => (window as unknown as { __inp: { take(): number[] } }).__inp.take());
};

/** The same interactions on a page given its element selectors. */
async function interact(
  page: Page,
  el: { frame: string; search: string; status: string; views: readonly string[] },
): Promise<Record<Kind, Figures> & { wheelFrameGapMs: number }> {
  await take(page);
  await page.locator(el.frame).focus();
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('PageDown');
    await settle(page, 60);
  }
  await page.keyboard.press('End');
  await settle(page, 600);
  await page.keyboard.press('Home');
  const keyboardScroll = summarise(await take(page));

  await page.locator(el.frame).hover();
  await page.evaluate(() => window.__bench.start());
  for (let i = 0; i < 40; i++) {
    await page.mouse.wheel(0, 900);
    await settle(page, 30);
  }
  const wheel = await page.evaluate(() => window.__bench.stop());
  await take(page);

  await page.locator(el.search).click();
  await page.keyboard.type('robe bleue', { delay: 90 });
  await settle(page, 900);
  for (let i = 0; i < 10; i++) await page.keyboard.press('Backspace', { delay: 90 });
  const typeFilter = summarise(await take(page));

  for (let i = 0; i < 6; i++) {
    await page.locator(el.status).click();
    await settle(page, 700);
  }
  const statusFilter = summarise(await take(page));

  for (let i = 0; i < 3; i++)
    for (const view of el.views) {
      await page.locator(view).click();
      await settle(page, 500);
    }
  const switchView = summarise(await take(page));
  return {
    keyboardScroll,
    typeFilter,
    statusFilter,
    switchView,
    wheelFrameGapMs: wheel.longestFrameGapMs,
  };
}

const CONTROL_HTML = `<!doctype html><html><body>
<input id="q" aria-label="q"><label><input type="checkbox" id="s">s</label>
<button id="a">a</button><button id="b">b</button><button id="c">c</button>
<div id="f" tabindex="0" style="height:500px;overflow:auto">${'<div style="height:44px">line</div>'.repeat(2000)}</div>
</body></html>`;

export async function benchStockList(browser: Browser, url: string): Promise<void> {
  console.log('Stock list: /stock on 100k products…');
  const page = await benchPage(browser);
  await page.addInitScript(INP_SCRIPT);
  await page.goto(`${url}/stock`);
  await submitLogin(page, ADMIN);
  await page.waitForURL((u) => u.pathname === '/stock', WAIT);
  await page.getByTestId('stock-row').first().waitFor(WAIT);
  const stock = await interact(page, {
    frame: '[data-testid="stock-frame"]',
    search: '[data-testid="stock-search"]',
    status: 'label:has([data-testid="stock-status-ONLINE"])',
    views: [
      '[data-testid="stock-view-card"]',
      '[data-testid="stock-view-pictures"]',
      '[data-testid="stock-view-list"]',
    ],
  });
  const rows = await page.getByTestId('stock-count').textContent();
  await page.context().close();

  const control = await benchPage(browser);
  await control.addInitScript(INP_SCRIPT);
  await control.goto(`${url}/bench/page/bench.html`);
  await control.setContent(CONTROL_HTML);
  await control.evaluate(INP_SCRIPT);
  const baseline = await interact(control, {
    frame: '#f',
    search: '#q',
    status: '#s',
    views: ['#a', '#b', '#c'],
  });
  await control.context().close();

  const kinds: Kind[] = ['keyboardScroll', 'typeFilter', 'statusFilter', 'switchView'];
  // A kind whose interactions all stayed under 16 ms counts as 16 ms, so ratios stay finite.
  const floor = (v: number) => Math.max(v, 16);
  const ratios = Object.fromEntries(
    kinds.map((k) => [
      k,
      {
        worst: floor(stock[k].worstMs) / floor(baseline[k].worstMs),
        p98: floor(stock[k].p98Ms) / floor(baseline[k].p98Ms),
      },
    ]),
  );
  await writeResults('stockList', {
    products: rows,
    aimMs: 100,
    stock,
    baseline,
    ratios: {
      ...ratios,
      wheelFrameGap: floor(stock.wheelFrameGapMs) / floor(baseline.wheelFrameGapMs),
    },
  });
  printTable('Stock list on 100k products: interaction to next paint (ms)', {
    ...Object.fromEntries(
      kinds.map((k) => [
        k,
        {
          worst: Math.round(stock[k].worstMs),
          p98: Math.round(stock[k].p98Ms),
          baselineWorst: Math.round(baseline[k].worstMs),
          ratioWorst: Math.round(ratios[k]!.worst * 100) / 100,
        },
      ]),
    ),
    wheelFrameGap: {
      worst: Math.round(stock.wheelFrameGapMs),
      baselineWorst: Math.round(baseline.wheelFrameGapMs),
    },
  });
}
