import { encodeStockLabels, type LabelKind } from '../../../src/domain/stock/stockWire.ts';
import type { PageRow } from './stockQuery.ts';

const COLUMN: Readonly<Record<LabelKind, keyof PageRow>> = {
  category: 'label_category',
  brand: 'label_brand',
  size: 'label_size',
  deposit: 'label_deposit',
  vendor: 'label_vendor',
};

/** The `stock-labels` header of a page; vendors' names only for staff (a vendor knows theirs). */
export function encodeLabels(rows: readonly PageRow[], withVendors: boolean): string {
  const texts: string[] = [];
  const index = new Map<string, number>();
  const at = (text: unknown) => {
    if (typeof text !== 'string' || text === '') return -1;
    let i = index.get(text);
    if (i === undefined) {
      i = texts.push(text) - 1;
      index.set(text, i);
    }
    return i;
  };
  const kinds = (Object.keys(COLUMN) as LabelKind[]).filter((k) => withVendors || k !== 'vendor');
  const lines = rows.map((row) => kinds.map((kind) => at(row[COLUMN[kind]])));
  return encodeStockLabels({ texts, lines });
}
