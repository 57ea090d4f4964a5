import type { StockLayout } from '../../domain/stock/stockWire.ts';
import { LAYOUT_VALUES, layoutFromValue, layoutStorageKey } from './stockQuery.ts';

/**
 * The stock view each user last chose, kept on the device (list until they choose): the value is
 * the person records' StockView number (card 1, list 2, pictures 3).
 */
export function readLayout(user: string): StockLayout {
  try {
    return layoutFromValue(globalThis.localStorage?.getItem(layoutStorageKey(user)) ?? null);
  } catch {
    return 'list';
  }
}

export function rememberLayout(user: string, layout: StockLayout): void {
  try {
    globalThis.localStorage?.setItem(layoutStorageKey(user), String(LAYOUT_VALUES[layout]));
  } catch {
    // Private browsing without storage: the choice lasts for the page only.
  }
}
