/**
 * How the stock views and the product list call agree beyond the contract: the view names itself in
 * a request header, and the list answers the names its lines show in a response header (the
 * Product message holds uuids only). Pure data, read by the browser and the server.
 */

/** Request header: which stock view asks (`list`, `card`, `pictures`). */
export const STOCK_VIEW_HEADER = 'stock-view';
/** Response header: the names of the page's lines, URI-encoded JSON of `StockLabels`. */
export const STOCK_LABELS_HEADER = 'stock-labels';

export const STOCK_LAYOUTS = ['list', 'card', 'pictures'] as const;
export type StockLayout = (typeof STOCK_LAYOUTS)[number];

export function isStockLayout(value: unknown): value is StockLayout {
  return typeof value === 'string' && (STOCK_LAYOUTS as readonly string[]).includes(value);
}

/** The names of one line, in the order of `LABEL_KINDS`. */
export const LABEL_KINDS = ['category', 'brand', 'size', 'deposit', 'vendor'] as const;
export type LabelKind = (typeof LABEL_KINDS)[number];

/**
 * Names of a page, compact: each distinct text once in `texts`, and per line (in the order of the
 * results) the index of each kind's text, -1 when the line has none. A page of 100 lines stays
 * a few kilobytes although brands and deposits repeat.
 */
export interface StockLabels {
  readonly texts: readonly string[];
  readonly lines: readonly (readonly number[])[];
}

export function encodeStockLabels(labels: StockLabels): string {
  return encodeURIComponent(JSON.stringify(labels));
}

/** The names of each line of a page, by kind; empty names when the header is missing or broken. */
export function decodeStockLabels(
  header: string | null,
  lines: number,
): Record<LabelKind, string>[] {
  let parsed: StockLabels = { texts: [], lines: [] };
  try {
    if (header) parsed = JSON.parse(decodeURIComponent(header)) as StockLabels;
  } catch {
    parsed = { texts: [], lines: [] };
  }
  return Array.from({ length: lines }, (_, i) => {
    const line = parsed.lines[i] ?? [];
    const text = (k: number) => parsed.texts[line[k] ?? -1] ?? '';
    return Object.fromEntries(LABEL_KINDS.map((kind, k) => [kind, text(k)])) as Record<
      LabelKind,
      string
    >;
  });
}
