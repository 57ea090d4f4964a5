import type { StockLayout } from '../../domain/stock/stockWire.ts';
import type { StockRow } from './stockLogic.ts';

/** One product line of the stock views: a stock row, names already resolved, and more. */
export interface StockLine extends StockRow {
  /** Listed on an invoice: never modified. */
  readonly invoiced: boolean;
  /** Thumbnail address (card and pictures views), '' when none was asked or there is none. */
  readonly thumbnail: string;
}

/** A cached page: its lines, and whether they carry thumbnails. */
export interface CachedPage {
  readonly lines: readonly StockLine[];
  readonly photos: boolean;
}

/** First and last line index on screen (inclusive). */
export interface VisibleRange {
  readonly start: number;
  readonly end: number;
}

export const needsPhotos = (layout: StockLayout) => layout !== 'list';

/**
 * The pages (0-based) the visible lines need, half a page of margin on both sides, nearest to the
 * middle of the screen first. Until the count is known only the page of the first line.
 */
export function wantedPages(
  visible: VisibleRange,
  count: number | null,
  pageSize: number,
): number[] {
  if (count === null) return [Math.floor(Math.max(0, visible.start) / pageSize)];
  if (count === 0) return [];
  const margin = Math.floor(pageSize / 2);
  const first = Math.floor(Math.max(0, visible.start - margin) / pageSize);
  const last = Math.floor(
    Math.min(count - 1, Math.max(visible.end, visible.start) + margin) / pageSize,
  );
  const middle = (visible.start + visible.end) / 2 / pageSize;
  const pages = [];
  for (let p = first; p <= last; p++) pages.push(p);
  return pages.sort((a, b) => Math.abs(a + 0.5 - middle) - Math.abs(b + 0.5 - middle));
}

/** The first wanted page the cache lacks (or holds without the thumbnails the view shows). */
export function missingPage(
  pages: Readonly<Record<number, CachedPage>>,
  visible: VisibleRange,
  count: number | null,
  pageSize: number,
  layout: StockLayout,
): number | undefined {
  return wantedPages(visible, count, pageSize).find((p) => {
    const page = pages[p];
    return !page || (needsPhotos(layout) && !page.photos);
  });
}

/** Pages kept around the screen; farther ones are dropped so 100k lines never pile up. */
export const KEPT_PAGES_AROUND = 2;

export function dropFarPages(
  pages: Readonly<Record<number, CachedPage>>,
  visible: VisibleRange,
  pageSize: number,
): Record<number, CachedPage> {
  const low = Math.floor(visible.start / pageSize) - KEPT_PAGES_AROUND;
  const high = Math.floor(visible.end / pageSize) + KEPT_PAGES_AROUND;
  return Object.fromEntries(
    Object.entries(pages).filter(([p]) => Number(p) >= low && Number(p) <= high),
  );
}

/** The line at `index`, or null while its page is not loaded. */
export function lineAt(
  pages: Readonly<Record<number, CachedPage>>,
  index: number,
  pageSize: number,
): StockLine | null {
  return pages[Math.floor(index / pageSize)]?.lines[index % pageSize] ?? null;
}
