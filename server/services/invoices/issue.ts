import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import type {
  DocumentLanguage,
  DocumentLine,
  DocumentParty,
  InvoiceDocument,
  VatRegime,
} from '../../documents/model.ts';
import { renderInvoicePdf } from '../../documents/invoicePdf.ts';
import { documentKey, type DocumentStore } from '../../documents/store.ts';
import { rowToMessage } from '../../crud/rowMapping.ts';
import { tableColumns } from '../deposit/requests/columns.ts';
import { parisDay } from '../../../src/domain/calendar.ts';
import { addDays } from '../../../src/domain/dates.ts';
import {
  formatInvoiceNumber,
  vatOf,
  type NumberedKind,
} from '../../../src/domain/invoices/invoiceRules.ts';
import { InvoiceSchema, type Invoice } from '../../../src/rpc/gen/seconde/v1/invoice_pb.ts';
import type { PartySnapshot } from './parties.ts';

/** One line as issued: what the document prints and what the Invoice message lists. */
export interface DraftLine {
  readonly label: string;
  readonly quantity: number;
  readonly unitPriceCents: number;
  readonly netCents: number;
  readonly vatRatePercent: number;
  readonly product?: string;
  /** Statement lines: the sale price and the commission kept. */
  readonly salePriceCents?: number;
  readonly commissionCents?: number;
}

export type IssuedCategory = 'DEPOSIT_CUSTOMER' | 'MONTHLY_VENDOR' | 'PRODUCT_SELL';

/** Everything an invoice or credit note is issued from; amounts positive, as printed. */
export interface Draft {
  readonly category: IssuedCategory;
  readonly issuer: string;
  readonly vendor: string | null;
  readonly customer: string | null;
  readonly buyer: string | null;
  readonly product: string | null;
  readonly vendorParty: PartySnapshot | null;
  readonly customerParty: PartySnapshot | null;
  readonly seller: DocumentParty;
  readonly recipient: DocumentParty;
  readonly language: DocumentLanguage;
  readonly period?: { readonly start: Date; readonly end: Date };
  readonly lines: readonly DraftLine[];
  readonly vat: VatRegime;
  readonly paymentDays: number;
  /** A credit note: the invoice it corrects and why. */
  readonly creditNote?: {
    readonly of: string;
    readonly number: string;
    readonly issueDate: string;
    readonly reason: string;
  };
}

export interface Totals {
  readonly netCents: number;
  readonly vatCents: number;
  readonly grossCents: number;
}

/** Totals of lines under a regime: VAT once, on the total before tax. */
export function totalsOf(lines: readonly DraftLine[], vat: VatRegime): Totals {
  const netCents = lines.reduce((sum, line) => sum + line.netCents, 0);
  const vatCents = vat.kind === 'NORMAL' ? vatOf(netCents, vat.ratePercent) : 0;
  return { netCents, vatCents, grossCents: netCents + vatCents };
}

/**
 * The next number of an issuer's sequence for a year, taken in the caller's transaction: the
 * sequence row stays locked until it commits, so concurrent issuers wait their turn, and a
 * rollback gives the number back. Never a gap, never twice.
 */
export async function nextNumber(
  trx: Kysely<Database>,
  issuer: string,
  year: number,
): Promise<number> {
  const { rows } = await sql<{ last_number: number }>`
    insert into invoice_number_sequence (issuer, year, last_number) values (${issuer}, ${year}, 1)
    on conflict (issuer, year)
      do update set last_number = invoice_number_sequence.last_number + 1
    returning last_number`.execute(trx);
  return Number(rows[0]!.last_number);
}

/** The Paris calendar day of the end of a half-open period (its last instant's day). */
export function lastDayOf(end: Date): string {
  return parisDay(new Date(end.getTime() - 1));
}

/**
 * Issues an invoice (or a credit note) inside the caller's transaction: its number, its row with
 * amounts in cents (negative on a credit note), its lines and the document it is rendered from.
 */
export async function issueInvoice(
  trx: Kysely<Database>,
  draft: Draft,
  now: Date,
): Promise<{ uuid: string; number: string; year: number }> {
  const totals = totalsOf(draft.lines, draft.vat);
  const issueDate = parisDay(now);
  const year = Number(issueDate.slice(0, 4));
  const kind: NumberedKind = draft.creditNote ? 'CREDIT_NOTE' : draft.category;
  const number = formatInvoiceNumber(kind, year, await nextNumber(trx, draft.issuer, year));
  const dueDate = addDays(issueDate, draft.paymentDays);
  const document: InvoiceDocument = {
    kind: draft.creditNote ? 'CREDIT_NOTE' : draft.category,
    language: draft.language,
    number,
    issueDate,
    dueDate,
    ...(draft.period && {
      period: { start: parisDay(draft.period.start), end: lastDayOf(draft.period.end) },
    }),
    ...(draft.creditNote && {
      corrects: { number: draft.creditNote.number, issueDate: draft.creditNote.issueDate },
    }),
    seller: draft.seller,
    buyer: draft.recipient,
    lines: draft.lines.map((line): DocumentLine => ({
      label: line.label,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      netCents: line.netCents,
      vatRatePercent: line.vatRatePercent,
      ...(line.salePriceCents !== undefined && {
        details: [
          { labelKey: 'documents.detailSalePrice', cents: line.salePriceCents },
          { labelKey: 'documents.detailCommission', cents: line.commissionCents ?? 0 },
        ],
      }),
    })),
    vat: draft.vat,
    totalNetCents: totals.netCents,
    totalVatCents: totals.vatCents,
    totalGrossCents: totals.grossCents,
    paidCents: 0,
    dueCents: totals.grossCents,
    currency: 'EUR',
  };
  const sign = draft.creditNote ? -1 : 1;
  const uuid = randomUUID();
  const lines = draft.lines.map((line) => ({
    label: line.label,
    quantity: line.quantity,
    unitPriceCents: sign * line.unitPriceCents,
    netCents: sign * line.netCents,
    vatRatePercent: line.vatRatePercent,
    ...(line.product && { product: line.product }),
    ...(line.salePriceCents !== undefined && {
      salePriceCents: line.salePriceCents,
      commissionCents: line.commissionCents ?? 0,
    }),
  }));
  await sql`
    insert into invoice (uuid, category, issuer, invoice_year, invoice_number, full_invoice_number,
      invoice_status, total_cents, total_before_tax_cents, tax_cents, remaining_cents, tax_eligible,
      tax_percent, date_start, date_end, due_date, vendor, customer, buyer, product, vendor_party,
      customer_party, lines, document, language, credit_note_of, credit_note_reason, created_at,
      updated_at)
    values (${uuid}, ${draft.category}, ${draft.issuer}, ${year},
      ${Number(number.slice(-6))}, ${number}, 'NOT_PAYED', ${sign * totals.grossCents},
      ${sign * totals.netCents}, ${sign * totals.vatCents},
      ${draft.creditNote ? 0 : totals.grossCents}, ${draft.vat.kind === 'NORMAL'},
      ${draft.vat.kind === 'NORMAL' ? draft.vat.ratePercent : null},
      ${draft.period?.start ?? null}, ${draft.period?.end ?? null},
      ${new Date(`${dueDate}T12:00:00Z`)}, ${draft.vendor}, ${draft.customer}, ${draft.buyer},
      ${draft.product}, ${draft.vendorParty ? JSON.stringify(draft.vendorParty) : null}::jsonb,
      ${draft.customerParty ? JSON.stringify(draft.customerParty) : null}::jsonb,
      ${JSON.stringify(lines)}::jsonb, ${JSON.stringify(document)}::jsonb, ${draft.language},
      ${draft.creditNote?.of ?? null}, ${draft.creditNote?.reason ?? null}, ${now}, ${now})`.execute(
    trx,
  );
  return { uuid, number, year };
}

/**
 * Renders an issued invoice from the document it was issued with, stores the PDF and records its
 * key; answers the bytes. Rendering again gives the same invoice: the document never changes.
 */
export async function renderAndStore(
  db: Kysely<Database>,
  store: DocumentStore,
  uuid: string,
): Promise<Uint8Array | null> {
  const { rows } = await sql<{ document: InvoiceDocument | null; invoice_year: number | null }>`
    select document, invoice_year from invoice where uuid = ${uuid}`.execute(db);
  const row = rows[0];
  if (!row?.document || !row.invoice_year) return null;
  const pdf = await renderInvoicePdf(row.document);
  const key = documentKey('invoices', row.invoice_year, uuid);
  await store.put(key, pdf);
  await sql`
    update invoice set pdf_file = ${key} where uuid = ${uuid} and pdf_file is null`.execute(db);
  return pdf;
}

/** Renders, logging rather than failing: the PDF is made again on its first download. */
export async function renderQuietly(
  db: Kysely<Database>,
  store: DocumentStore,
  uuid: string,
): Promise<void> {
  try {
    await renderAndStore(db, store, uuid);
  } catch (error) {
    console.error(`invoice ${uuid}: the PDF could not be rendered`, error);
  }
}

/** An invoice row as the Invoice message. */
export async function invoiceMessage(db: Kysely<Database>, uuid: string): Promise<Invoice> {
  const { rows } = await sql<Record<string, unknown>>`
    select * from invoice where uuid = ${uuid}`.execute(db);
  return rowToMessage(InvoiceSchema, await tableColumns(db, 'invoice'), rows[0]!);
}
