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
  /** Where the payment provider's PDF can be opened; null when it has none. */
  readonly downloadUrl: string | null;
  /** The payment provider's page of the invoice (PROVIDER_INVOICE); null when it has none. */
  readonly hostedUrl: string | null;
  /** The app issued it (a number in an issuer's sequence): DownloadInvoice has its PDF. */
  readonly hasDocument: boolean;
  /** "platform" or "vendor:<uuid>"; '' for an invoice the app did not issue. */
  readonly issuer: string;
  /** Exact total in cents (negative on a credit note). */
  readonly totalCents: number;
  /** What is left to credit, in cents. */
  readonly remainingCents: number;
  readonly paidAt: number | null;
  readonly isCreditNote: boolean;
  /** For a credit note: the invoice it corrects, and its number ('' until known). */
  readonly creditNoteOf: string;
  readonly correctsNumber: string;
  readonly creditNoteReason: string;
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
 * An address of the payment provider worth a link: https, or the built-in sandbox of a local
 * install (http on this machine); anything else (javascript:, a bare key) is no link.
 */
export function providerUrlOf(url: string): string | null {
  return /^https:\/\//.test(url) || /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?\//.test(url)
    ? url
    : null;
}

/**
 * A download link only for a file that exists: the payment provider's PDF.
 * The app stores no invoice PDF of its own yet (its storage takes images only), so a `pdf_file`
 * key would lead nowhere and is not offered.
 */
export function downloadUrlOf(invoice: Invoice): string | null {
  return providerUrlOf(invoice.paymentProviderPdfUrl);
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
    hostedUrl: providerUrlOf(i.paymentProviderHostedUrl),
    hasDocument: i.issuer !== '' || i.pdfFile !== '',
    issuer: i.issuer,
    totalCents: Number(i.totalCents),
    remainingCents: Number(i.remainingCents),
    paidAt: toMs(i.invoicePayedDatetime),
    isCreditNote: i.creditNoteOf !== '',
    creditNoteOf: i.creditNoteOf,
    correctsNumber: '',
    creditNoteReason: i.creditNoteReason,
  };
}

/**
 * Names the invoice each credit note corrects: from the page itself, else read once (a credit
 * note and its invoice are often on different pages).
 */
export async function withCorrectedNumbers(
  lines: readonly InvoiceLine[],
  retrieve: (uuid: string) => Promise<Invoice>,
): Promise<InvoiceLine[]> {
  const numbers = new Map(lines.map((l) => [l.uuid, l.number]));
  const missing = [
    ...new Set(lines.filter((l) => l.isCreditNote && !numbers.has(l.creditNoteOf))),
  ].map((l) => l.creditNoteOf);
  await Promise.all(
    [...new Set(missing)].map(async (uuid) => {
      const invoice = await retrieve(uuid).catch(() => null);
      if (invoice) numbers.set(uuid, invoice.fullInvoiceNumber);
    }),
  );
  return lines.map((l) =>
    l.isCreditNote ? { ...l, correctsNumber: numbers.get(l.creditNoteOf) ?? '' } : l,
  );
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
          const rows = await withCorrectedNumbers(answer.results.map(invoiceLine), (uuid) =>
            invoices.retrieve({ uuid }, { signal }),
          );
          return { rows, count: answer.count };
        },
      ),
    },
  });
}
