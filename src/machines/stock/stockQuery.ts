import { addDays } from '../../domain/dates.ts';
import { SALE_STATUSES, isSaleStatus, type SaleStatus } from '../../domain/deposit/statuses.ts';
import type { StockLayout } from '../../domain/stock/stockWire.ts';
import type { ExportRequest } from '../export/exportTypes.ts';
import { STOCK_ORDERING, STOCK_SORTABLE, type StockFilters } from './stockLogic.ts';

/** Every filter of the stock page; the first two are the older list's, so exports read them as is. */
export interface StockQueryFilters extends StockFilters {
  /** Deposit uuid, '' for every deposit. */
  readonly deposit: string;
  /** Category uuid, '' for every category. */
  readonly category: string;
  /** Brand uuid, '' for every brand. */
  readonly brand: string;
  /** Stock entry from this day (yyyy-mm-dd), '' for no bound. */
  readonly from: string;
  /** Stock entry up to and including this day (yyyy-mm-dd), '' for no bound. */
  readonly to: string;
}

export const NO_FILTERS: StockQueryFilters = {
  search: '',
  saleStatuses: [],
  deposit: '',
  category: '',
  brand: '',
  from: '',
  to: '',
};

export { STOCK_ORDERING, STOCK_SORTABLE };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The filters header of the list (and of the export): known columns only, empty ones left out. */
export function stockFiltersHeader(f: StockQueryFilters): Record<string, unknown> {
  const entry: Record<string, string> = {};
  if (DAY.test(f.from)) entry.gte = f.from;
  // The day after, so "up to the 3rd" includes the whole 3rd.
  if (DAY.test(f.to)) entry.lt = addDays(f.to, 1);
  return {
    ...(f.saleStatuses.length > 0 && { sale_status: f.saleStatuses }),
    ...(f.deposit && { deposit: f.deposit }),
    ...(f.category && { category: f.category }),
    ...(f.brand && { brand: f.brand }),
    ...(Object.keys(entry).length > 0 && { stock_entry_datetime: entry }),
  };
}

/** What the export of the page holds: the same filters and search as the list, its first key. */
export function stockQueryExport(f: StockQueryFilters, ordering: string): ExportRequest {
  return {
    kind: 'products',
    ordering: ordering.split(',')[0]!.trim(),
    search: f.search.trim(),
    filters: stockFiltersHeader(f),
  };
}

/** URL parameter of each filter; `order` for the ordering (other parameters are left alone). */
const PARAMS = {
  search: 'q',
  saleStatuses: 'status',
  deposit: 'deposit',
  category: 'category',
  brand: 'brand',
  from: 'from',
  to: 'to',
} as const;
export const ORDER_PARAM = 'order';

/** Filters and ordering read from the address, anything unknown or malformed ignored. */
export function queryFromUrl(params: URLSearchParams): {
  filters: StockQueryFilters;
  ordering: string;
} {
  const text = (key: string) => params.get(key) ?? '';
  const uuid = (key: string) => (UUID.test(text(key)) ? text(key) : '');
  const day = (key: string) => (DAY.test(text(key)) ? text(key) : '');
  const statuses = text(PARAMS.saleStatuses)
    .split(',')
    .filter((s): s is SaleStatus => isSaleStatus(s));
  const order = text(ORDER_PARAM);
  const sortable = (STOCK_SORTABLE as readonly string[]).includes(order.replace(/^-/, ''));
  return {
    filters: {
      search: text(PARAMS.search),
      saleStatuses: SALE_STATUSES.filter((s) => statuses.includes(s)),
      deposit: uuid(PARAMS.deposit),
      category: uuid(PARAMS.category),
      brand: uuid(PARAMS.brand),
      from: day(PARAMS.from),
      to: day(PARAMS.to),
    },
    ordering: sortable ? order : STOCK_ORDERING,
  };
}

/** The address parameters of a query: `params` with the stock's own ones replaced. */
export function queryToUrl(
  params: URLSearchParams,
  filters: StockQueryFilters,
  ordering: string,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string) => (value ? next.set(key, value) : next.delete(key));
  set(PARAMS.search, filters.search);
  set(PARAMS.saleStatuses, filters.saleStatuses.join(','));
  set(PARAMS.deposit, filters.deposit);
  set(PARAMS.category, filters.category);
  set(PARAMS.brand, filters.brand);
  set(PARAMS.from, filters.from);
  set(PARAMS.to, filters.to);
  set(ORDER_PARAM, ordering === STOCK_ORDERING ? '' : ordering);
  return next;
}

/** Where the chosen view is kept on this device, per signed-in user. */
export const layoutStorageKey = (user: string) => `seconde.stockView.${user}`;

/**
 * The person records' StockView enum (CARD = 1, LIST = 2, PICTURES = 3) and the page's views:
 * the value stored is the enum's number.
 */
export const LAYOUT_VALUES: Readonly<Record<StockLayout, number>> = {
  card: 1,
  list: 2,
  pictures: 3,
};

export function layoutFromValue(value: string | null): StockLayout {
  const found = Object.entries(LAYOUT_VALUES).find(([, v]) => String(v) === value);
  return (found?.[0] as StockLayout | undefined) ?? 'list';
}
