import {
  DEPOSIT_STATUSES,
  isDepositStatus,
  type DepositStatus,
} from '../../domain/deposit/statuses.ts';

/**
 * The deposit list's filters, ordering and page as the URL carries them, so a reload or a shared
 * link shows the same list. Pure: parsed from and written to a query string.
 */
export interface DepositFilters {
  readonly statuses: readonly DepositStatus[];
  readonly family: string;
  readonly gamme: string;
  readonly season: string;
  readonly vendor: string;
  readonly customer: string;
  /** Creation dates, `YYYY-MM-DD`, both included; '' = open. */
  readonly dateFrom: string;
  readonly dateTo: string;
}

export interface ListQuery {
  readonly filters: DepositFilters;
  /** Ordering keys, most significant first; `-` means descending. */
  readonly ordering: readonly string[];
  readonly page: number;
}

export const EMPTY_FILTERS: DepositFilters = {
  statuses: [],
  family: '',
  gamme: '',
  season: '',
  vendor: '',
  customer: '',
  dateFrom: '',
  dateTo: '',
};

/** Newest first until the user sorts. */
export const DEFAULT_ORDERING: readonly string[] = ['-created_at'];

/** Columns the list may be ordered by (snake_case, as the server's ordering reads them). */
export const SORTABLE_KEYS = ['name', 'status', 'family', 'product_number', 'created_at'] as const;
export type SortKey = (typeof SORTABLE_KEYS)[number];

/** At most this many keys are kept in the ordering. */
const MAX_ORDERING = 3;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TEXT_FILTERS = ['family', 'gamme', 'season', 'vendor', 'customer'] as const;

export function parseQuery(search: string): ListQuery {
  const params = new URLSearchParams(search);
  const text = (name: string) => params.get(name)?.trim() ?? '';
  const date = (name: string) => (DATE.test(text(name)) ? text(name) : '');
  const statuses = text('status')
    .split(',')
    .filter(isDepositStatus)
    .sort((a, b) => DEPOSIT_STATUSES.indexOf(a) - DEPOSIT_STATUSES.indexOf(b));
  const ordering = text('ordering')
    .split(',')
    .filter((key) => (SORTABLE_KEYS as readonly string[]).includes(key.replace(/^-/, '')))
    .slice(0, MAX_ORDERING);
  const page = Number.parseInt(text('page'), 10);
  return {
    filters: {
      ...EMPTY_FILTERS,
      ...Object.fromEntries(TEXT_FILTERS.map((name) => [name, text(name)])),
      statuses: [...new Set(statuses)],
      dateFrom: date('from'),
      dateTo: date('to'),
    },
    ordering: ordering.length > 0 ? ordering : DEFAULT_ORDERING,
    page: Number.isFinite(page) && page > 1 ? page : 1,
  };
}

/** The query string of a list state, leaving defaults out (`?` not included). */
export function toQuery({ filters, ordering, page }: ListQuery): string {
  const params = new URLSearchParams();
  if (filters.statuses.length > 0) params.set('status', filters.statuses.join(','));
  for (const name of TEXT_FILTERS) if (filters[name]) params.set(name, filters[name]);
  if (filters.dateFrom) params.set('from', filters.dateFrom);
  if (filters.dateTo) params.set('to', filters.dateTo);
  if (ordering.join(',') !== DEFAULT_ORDERING.join(',')) params.set('ordering', ordering.join(','));
  if (page > 1) params.set('page', String(page));
  return params.toString();
}

/**
 * A click on a column header: the first key flips direction; another column becomes the first key,
 * ascending, the earlier keys following.
 */
export function toggleOrdering(ordering: readonly string[], key: SortKey): string[] {
  const [first] = ordering;
  if (first === key) return [`-${key}`, ...ordering.slice(1)];
  if (first === `-${key}`) return [key, ...ordering.slice(1)];
  const rest = ordering.filter((k) => k.replace(/^-/, '') !== key);
  return [key, ...rest].slice(0, MAX_ORDERING);
}

/** Where a column stands in the ordering: its direction, or null when unsorted. */
export function sortDirection(ordering: readonly string[], key: SortKey): 'asc' | 'desc' | null {
  if (ordering.includes(key)) return 'asc';
  if (ordering.includes(`-${key}`)) return 'desc';
  return null;
}
