import { filtersHeader } from '../depositList/depositListActors.ts';
import type { DepositFilters } from '../depositList/depositListQuery.ts';
import { LISTED_CATEGORIES, type InvoiceFilters } from '../invoices/invoiceLogic.ts';
import type { StockFilters } from '../stock/stockLogic.ts';
import type { ExportRequest } from './exportTypes.ts';

/**
 * Which rows each page's export holds: the filters header its list sends, plus the filters the
 * list sends as request fields (deposit statuses and people), which an export can only carry in
 * the header, and the search box's words, which the export calls take as a request field like
 * the lists. An export orders by one field: the list's first ordering key.
 */

const firstKey = (ordering: string | readonly string[]) =>
  (typeof ordering === 'string' ? ordering : ordering.join(',')).split(',')[0]!.trim();

export function stockExport(filters: StockFilters, ordering: string): ExportRequest {
  return {
    kind: 'products',
    ordering: firstKey(ordering),
    search: filters.search.trim(),
    filters: {
      ...(filters.saleStatuses.length > 0 && { sale_status: filters.saleStatuses }),
    },
  };
}

export function depositExport(filters: DepositFilters, ordering: readonly string[]): ExportRequest {
  return {
    kind: 'deposits',
    ordering: firstKey(ordering),
    search: '',
    filters: {
      ...filtersHeader(filters),
      ...(filters.statuses.length > 0 && { status: filters.statuses }),
      ...(filters.vendor && { vendor: filters.vendor }),
      ...(filters.customer && { customer: filters.customer }),
    },
  };
}

/** The contacts the list shows, by last name as the list orders them (it filters by search only). */
export function customerExport(search: string): ExportRequest {
  return { kind: 'customers', ordering: 'last_name', filters: {}, search: search.trim() };
}

export function invoiceExport(filters: InvoiceFilters, ordering: string): ExportRequest {
  return {
    kind: 'invoices',
    ordering: firstKey(ordering),
    search: '',
    filters: {
      category: LISTED_CATEGORIES,
      ...(filters.status && { invoice_status: filters.status }),
    },
  };
}
