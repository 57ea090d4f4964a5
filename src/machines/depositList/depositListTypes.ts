import type { DepositStatus } from '../../domain/deposit/statuses.ts';
import type { AppErrorCode } from '../../rpc/errors.ts';
import type { DepositFilters, ListQuery, SortKey } from './depositListQuery.ts';

/** Deposits per page of the list (the spec leaves it open; the server's default page). */
export const DEPOSIT_PAGE_SIZE = 25;

/** Wait after the last filter change before asking the server (2-business-data.md §9). */
export const FILTER_DEBOUNCE_MS = 500;

/** One line of the list, as plain data. */
export interface DepositRow {
  readonly uuid: string;
  readonly name: string;
  readonly status: DepositStatus | null;
  readonly family: string;
  readonly gamme: string;
  readonly productNumber: number;
  readonly createdAt: string | null;
  readonly vendor: string;
  readonly customer: string;
}

export interface Option {
  readonly uuid: string;
  readonly label: string;
}

export interface ListOptions {
  readonly vendors: readonly Option[];
  readonly customers: readonly Option[];
}

export interface ListViewer {
  readonly isAdminLevel: boolean;
  readonly isCustomer: boolean;
}

export interface ListPage {
  readonly rows: readonly DepositRow[];
  readonly count: number;
  /** Deposits per status under the other filters. */
  readonly statusCounts: Partial<Record<DepositStatus, number>>;
}

export interface ListContext extends ListQuery {
  readonly viewer: ListViewer;
  readonly pageSize: number;
  readonly rows: readonly DepositRow[];
  readonly count: number;
  readonly statusCounts: Partial<Record<DepositStatus, number>>;
  readonly options: ListOptions;
  /** Set exactly while the machine is in a state tagged `error`. */
  readonly errorCode: AppErrorCode | null;
}

export interface ListInput {
  readonly viewer: ListViewer;
  /** The URL's query string the list starts from. */
  readonly search: string;
}

export type ListEvent =
  | { type: 'list.setFilters'; filters: Partial<DepositFilters> }
  | { type: 'list.clearFilters' }
  | { type: 'list.sort'; key: SortKey }
  | { type: 'list.page'; page: number }
  | { type: 'list.retry' }
  | { type: 'list.locationChanged'; search: string };

/** Emitted whenever the list's state should be written back to the URL. */
export interface QueryChanged {
  type: 'list.queryChanged';
  query: string;
}
