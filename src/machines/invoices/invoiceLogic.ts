import { fromPromise } from 'xstate';
import type { ClientFactory } from '../../rpc/clients.ts';
import {
  InvoiceCategory,
  InvoiceCategorySchema,
  InvoiceService,
  InvoiceStatusSchema,
  type Invoice,
  type InvoiceParty,
} from '../../rpc/gen/seconde/v1/invoice_pb.ts';
import { withFilters } from '../../rpc/interceptors/filters.ts';
import { enumLabel, toMs } from '../people/labels.ts';
import type { Page } from '../shared/pagedListMachine.ts';
import { createQueryListMachine, type ListQuery } from '../shared/queryListMachine.ts';

export interface InvoiceLine {
  readonly uuid: string;
  readonly number: string;
  readonly createdAt: number | null;
  readonly dueDate: number | null;
  /** Category label (MONTHLY_VENDOR...) or null. */
  readonly category: string | null;
  /** Status label (NOT_PAYED, PAYED, PAYEMENT_CONFIRMED) or null. */
  readonly status: string | null;
  readonly total: number;
  /** The parties as the invoice recorded them when issued; '' when absent. */
  readonly vendorName: string;
  readonly customerName: string;
  /** Where the invoice's PDF can be downloaded; null when no file exists. */
  readonly downloadUrl: string | null;
}

export interface InvoiceFilters {
  /** Status label, '' for every status. */
  readonly status: string;
}

export const INVOICE_FILTERS: InvoiceFilters = { status: '' };
export const INVOICE_ORDERING = '-created_at';
export const INVOICE_SORTABLE = ['full_invoice_number', 'created_at', 'total_price'] as const;
export const INVOICE_STATUSES = ['NOT_PAYED', 'PAYED', 'PAYEMENT_CONFIRMED'] as const;

/** The default list leaves product-sale invoices out (2-business-data.md §4). */
export const LISTED_CATEGORIES: readonly string[] = InvoiceCategorySchema.values
  .filter((v) => v.number !== 0 && v.number !== InvoiceCategory.PRODUCT_SELL)
  .map((v) => v.localName);

export const invoicesMachine = createQueryListMachine<InvoiceLine, InvoiceFilters>('invoices');

const partyName = (p: InvoiceParty | undefined) =>
  p ? `${p.firstName} ${p.lastName}`.trim() || p.email : '';

/**
 * A download link only for a file that exists: the payment provider's PDF (an https address).
 * The app stores no invoice PDF of its own yet (its storage takes images only), so a `pdf_file`
 * key would lead nowhere and is not offered.
 */
export function downloadUrlOf(invoice: Invoice): string | null {
  return /^https:\/\//.test(invoice.paymentProviderPdfUrl) ? invoice.paymentProviderPdfUrl : null;
}

export function invoiceLine(i: Invoice): InvoiceLine {
  return {
    uuid: i.uuid,
    number: i.fullInvoiceNumber,
    createdAt: toMs(i.createdAt),
    dueDate: toMs(i.dueDate),
    category: enumLabel(InvoiceCategorySchema, i.category),
    status: enumLabel(InvoiceStatusSchema, i.invoiceStatus),
    total: i.totalPrice,
    vendorName: partyName(i.vendorParty),
    customerName: partyName(i.customerParty),
    downloadUrl: downloadUrlOf(i),
  };
}

/**
 * The signed-in user's invoices: the server's read scope decides whose (a vendor's own, a
 * customer's own, every invoice for staff); categories and status travel in the filters header.
 */
export function invoicesLogic(clients: ClientFactory) {
  const invoices = clients.get(InvoiceService);
  return invoicesMachine.provide({
    actors: {
      fetchPage: fromPromise<Page<InvoiceLine>, ListQuery<InvoiceFilters>>(
        async ({ input, signal }) => {
          const answer = await invoices.list(
            {
              pagination: { page: input.page, pageSize: input.pageSize },
              ordering: input.ordering,
            },
            withFilters(
              {
                category: LISTED_CATEGORIES,
                ...(input.filters.status && { invoice_status: input.filters.status }),
              },
              { signal },
            ),
          );
          return { rows: answer.results.map(invoiceLine), count: answer.count };
        },
      ),
    },
  });
}
