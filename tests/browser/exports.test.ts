import { buffer } from 'node:stream/consumers';
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import XLSX from 'xlsx';
import { fromBinary } from '@bufbuild/protobuf';
import {
  ExportListProductsRequestSchema,
  ProductService,
  SaleStatus,
} from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import { openAs, rpcAs } from '../helpers/browserPage.ts';
import { seriousViolations } from '../helpers/axe.ts';

const WAIT = { timeout: 30_000 };
const EXPORT_CALL = '**/seconde.v1.ProductService/ExportList';
const plain = (text: string | null) => (text ?? '').replace(/[\s\u202f\u00a0]+/g, ' ').trim();

/** The Connect envelopes of a streamed body: flags, big-endian length, payload. */
function envelopes(body: Buffer): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0; at < body.length;) {
    const length = body.readUInt32BE(at + 1);
    out.push(body.subarray(at, at + 5 + length));
    at += 5 + length;
  }
  return out;
}

/**
 * Takes hold of the export stream (the worker's fetches go through the page's routes): each
 * request waits until the test lets it go. The first answer can be cut after its first batch
 * of rows, the way a dropped connection ends, so the worker must resume from its cursor.
 */
function holdExports(page: Page, options: { cutFirst?: boolean } = {}) {
  const held: Route[] = [];
  const requests: { cursor: boolean; authorization: string | null }[] = [];
  const ready: Array<() => void> = [];
  void page.route(EXPORT_CALL, (route) => {
    const body = route.request().postDataBuffer() ?? Buffer.alloc(5);
    // The request message is one envelope; a resumed one carries a cursor.
    const request = fromBinary(ExportListProductsRequestSchema, body.subarray(5));
    requests.push({
      cursor: request.cursor !== '',
      authorization: route.request().headers()['authorization'] ?? null,
    });
    held.push(route);
    ready.splice(0).forEach((wake) => wake());
  });
  const next = async () => {
    while (held.length === 0) await new Promise<void>((wake) => ready.push(wake));
    return held.shift()!;
  };
  let first = true;
  return {
    requests,
    /** Lets the next waiting request reach the server (cut short the first time if asked). */
    async release(): Promise<void> {
      const route = await next();
      const response = await route.fetch();
      const cut = first && options.cutFirst;
      first = false;
      if (!cut) return route.fulfill({ response });
      const [count, batch] = envelopes(await response.body());
      await route.fulfill({ response, body: Buffer.concat([count!, batch!]) });
    },
    /** Waits for a request to be held, leaving it waiting. */
    async waiting(): Promise<void> {
      const route = await next();
      held.unshift(route);
    },
  };
}

/** The phases the export window goes through, as the page shows them. */
async function recordPhases(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { phases: string[] }).phases = seen;
    new MutationObserver(() => {
      const status = document.querySelector('[data-testid="export-status"]');
      const phase = status?.getAttribute('data-phase');
      const text = `${phase}:${status?.textContent ?? ''}`;
      if (phase && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
  });
}

const phases = (page: Page) =>
  page.evaluate(() => (window as unknown as { phases: string[] }).phases);

describe('spreadsheet export of the stock, as vendor@', () => {
  it('exports the filtered stock with progress, resumes a dropped stream and keeps the page usable', async () => {
    const vendor = await rpcAs('vendor@seconde.test');
    const all = await vendor(ProductService).list({ pagination: { page: 1, pageSize: 5000 } });
    const online = all.results.filter((p) => p.saleStatus === SaleStatus.ONLINE);
    expect(online.length).toBeGreaterThan(0);

    const { page, close } = await openAs('vendor@seconde.test', '/stock');
    await page.getByTestId('stock-row').first().waitFor(WAIT);
    await page.locator('label', { has: page.getByTestId('stock-status-ONLINE') }).click();
    await page.waitForFunction(() => {
      const rows = Array.from(document.querySelectorAll('[data-testid="stock-row"]'));
      return rows.length > 0 && rows.every((r) => r.getAttribute('data-status') === 'ONLINE');
    }, WAIT);
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid="stock-count"]')?.textContent?.startsWith(`${n}`),
      online.length,
      WAIT,
    );

    const stream = holdExports(page, { cutFirst: true });
    await recordPhases(page);
    await page.getByTestId('export-products').click();
    const dialog = page.getByRole('dialog', { name: 'Export du stock' });
    await dialog.waitFor(WAIT);
    await stream.waiting();
    // Waiting for the first answer: an indeterminate bar, announced politely.
    expect(await page.getByTestId('export-status').getAttribute('data-phase')).toBe('waiting');
    expect(await page.getByTestId('export-progress').getAttribute('aria-valuenow')).toBeNull();
    expect(await dialog.getByRole('status').textContent()).toMatch(/attente/i);
    expect(await seriousViolations(page)).toEqual([]);

    // The window closes, the export goes on, and the page answers meanwhile.
    await page.getByTestId('export-close').click();
    await dialog.waitFor({ state: 'hidden', ...WAIT });
    await page.getByTestId('stock-search').fill('zzz-nothing');
    await page
      .getByText(/aucun article/i)
      .first()
      .waitFor(WAIT);
    await page.getByTestId('stock-search').fill('');
    await page.getByTestId('stock-row').first().waitFor(WAIT);
    // The task panel follows the export and opens its window again, still waiting.
    const task = page.getByTestId('task-item').filter({ hasText: 'Export du stock' });
    await task.waitFor(WAIT);
    await task.getByRole('button', { name: 'Ouvrir' }).click();
    await dialog.waitFor(WAIT);
    expect(await page.getByTestId('export-status').getAttribute('data-phase')).toBe('waiting');
    // Export again while it runs: the same export, not a second one.
    await page.getByTestId('export-close').click();
    await page.getByTestId('export-products').click();
    await dialog.waitFor(WAIT);
    expect(stream.requests).toHaveLength(1);

    const downloading = page.waitForEvent('download', WAIT);
    await stream.release(); // cut after the first batch: the worker resumes from its cursor
    await stream.release();
    const download = await downloading;
    expect(stream.requests.map((r) => r.cursor)).toEqual([false, true]);
    expect(stream.requests.every((r) => r.authorization?.startsWith('Bearer '))).toBe(true);
    expect(download.suggestedFilename()).toMatch(/^stock-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const seen = await phases(page);
    expect(seen.map((s) => s.split(':')[0])).toEqual(
      expect.arrayContaining(['waiting', 'fetching', 'building']),
    );
    expect(seen.some((s) => plain(s).includes(`sur ${online.length}`))).toBe(true);
    // Once downloaded, the window closes by itself.
    await dialog.waitFor({ state: 'hidden', ...WAIT });

    const bytes = await buffer(await download.createReadStream());
    const book = XLSX.read(bytes, { type: 'buffer', cellDates: true, cellNF: true });
    expect(book.SheetNames).toEqual(['Stock', 'Filtres']);
    const sheet = book.Sheets.Stock!;
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true });
    expect(rows).toHaveLength(online.length + 1);
    expect(rows[0]!.slice(0, 4)).toEqual(['Référence', 'Nom', 'Catégorie', 'Marque']);
    // Every product once: the resumed stream neither lost nor repeated a row.
    const references = rows.slice(1).map((r) => r[0]);
    expect(new Set(references).size).toBe(online.length);
    expect([...references].sort()).toEqual(online.map((p) => p.reference).sort());
    expect(rows.slice(1).every((r) => r[7] === 'En ligne')).toBe(true);
    const priced = online.findIndex((p) => p.suggestedPrice !== undefined);
    const line = rows.findIndex((r) => r[0] === online[priced]!.reference);
    const price = sheet[XLSX.utils.encode_cell({ r: line, c: 8 })] as XLSX.CellObject;
    expect(price).toMatchObject({ t: 'n', v: online[priced]!.suggestedPrice });
    expect(price.z).toContain('€');
    const dated = online.findIndex((p) => p.stockEntryDatetime !== undefined);
    const entry = rows.findIndex((r) => r[0] === online[dated]!.reference);
    expect((sheet[XLSX.utils.encode_cell({ r: entry, c: 13 })] as XLSX.CellObject).t).toBe('d');
    const about = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Filtres!, { header: 1 });
    expect(about).toContainEqual(['Statut de vente', 'En ligne']);
    expect(about[1]).toEqual(['Lignes', online.length]);
    await close();
  });

  it('cancels an export mid-way: no file, and a new export can start', async () => {
    const { page, close } = await openAs('vendor@seconde.test', '/stock');
    await page.getByTestId('stock-row').first().waitFor(WAIT);
    const stream = holdExports(page, { cutFirst: true });
    await page.getByTestId('export-products').click();
    const dialog = page.getByRole('dialog', { name: 'Export du stock' });
    await dialog.waitFor(WAIT);
    // The first batch arrives, then the connection drops; the reconnection is held.
    await stream.release();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="export-status"]')?.getAttribute('data-phase') ===
        'fetching',
      undefined,
      WAIT,
    );
    await stream.waiting();
    expect(plain(await page.getByTestId('export-status').textContent())).toMatch(
      /^\d+ ligne\(s\) récupérée\(s\) sur \d+$/,
    );
    expect(
      Number(await page.getByTestId('export-progress').getAttribute('aria-valuenow')),
    ).toBeGreaterThan(0);

    await page.getByTestId('export-cancel').click();
    await dialog.waitFor({ state: 'hidden', ...WAIT });
    await expect(page.waitForEvent('download', { timeout: 2_000 })).rejects.toThrow();

    // The page works on, and the next export starts afresh.
    await page.getByTestId('export-products').click();
    await dialog.waitFor(WAIT);
    expect(await page.getByTestId('export-status').getAttribute('data-phase')).toBe('waiting');
    await page.getByTestId('export-cancel').click();
    await close();
  });
});

describe('spreadsheet export of the deposits, as vendor@', () => {
  it('holds the rows the list counts, named by the list’s filters', async () => {
    const { page, close } = await openAs('vendor@seconde.test', '/deposits?status=INLINE');
    const count = page.getByTestId('deposit-count');
    await page.waitForFunction(
      () =>
        /^\d+ dépôt/.test(
          document.querySelector('[data-testid="deposit-count"]')?.textContent ?? '',
        ),
      undefined,
      WAIT,
    );
    const listed = Number.parseInt(plain(await count.textContent()), 10);
    expect(listed).toBeGreaterThan(0);
    const downloading = page.waitForEvent('download', WAIT);
    await page.getByTestId('export-deposits').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^depots-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = XLSX.read(await buffer(await download.createReadStream()), { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets['Dépôts']!, { header: 1 });
    expect(rows).toHaveLength(listed + 1);
    expect(rows.slice(1).every((r) => r[2] === 'En ligne')).toBe(true);
    const about = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Filtres!, { header: 1 });
    expect(about).toContainEqual(['Statuts', 'En ligne']);
    await close();
  });
});
