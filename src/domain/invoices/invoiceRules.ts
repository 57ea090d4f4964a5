/**
 * The invoicing rules both sides need (docs/decisions.md, "Invoices"). Pure: the server refuses
 * with them, the invoices page enables its buttons with the same answers.
 *
 * - an invoice's payment status only moves forward: NOT_PAYED → PAYED → PAYEMENT_CONFIRMED, and
 *   only staff confirm a payment;
 * - numbers are `<prefix>-<year>-<six digits>`, one unbroken sequence per issuer and year (CGI art.
 *   242 nonies A), the prefix naming the kind of document;
 * - amounts are integer cents; VAT is computed once on the total before tax.
 */

export const INVOICE_STATUSES = ['NOT_PAYED', 'PAYED', 'PAYEMENT_CONFIRMED'] as const;
export type InvoiceStatusName = (typeof INVOICE_STATUSES)[number];

/** Why an invoicing call is refused; each has an FR and EN text in the invoicing area. */
export const INVOICE_REASONS = [
  'INVOICE_PERIOD_INVALID',
  'INVOICE_STATUS_BACKWARDS',
  'INVOICE_CONFIRMATION_STAFF_ONLY',
  'INVOICE_NOT_SOLD',
  'INVOICE_BUYER_REQUIRED',
  'INVOICE_HAS_NO_DOCUMENT',
  'CREDIT_NOTE_OF_CREDIT_NOTE',
  'CREDIT_NOTE_EXCEEDS_INVOICE',
  'CREDIT_NOTE_ISSUER_ONLY',
] as const;
export type InvoiceReason = (typeof INVOICE_REASONS)[number];

export type StatusVerdict = { ok: true } | { ok: false; reason: InvoiceReason };

/** May an invoice go from one payment status to another, for this caller? */
export function checkStatusChange(
  from: InvoiceStatusName,
  to: InvoiceStatusName,
  isStaff: boolean,
): StatusVerdict {
  const rank = (s: InvoiceStatusName) => INVOICE_STATUSES.indexOf(s);
  if (rank(to) < rank(from)) return { ok: false, reason: 'INVOICE_STATUS_BACKWARDS' };
  if (to === 'PAYEMENT_CONFIRMED' && from !== to && !isStaff)
    return { ok: false, reason: 'INVOICE_CONFIRMATION_STAFF_ONLY' };
  return { ok: true };
}

/** What the prefix of a number says: a sale invoice, a statement, a commission, a credit note. */
export const NUMBER_PREFIXES = {
  PRODUCT_SELL: 'FA',
  DEPOSIT_CUSTOMER: 'RV',
  MONTHLY_VENDOR: 'FC',
  CREDIT_NOTE: 'AV',
} as const;
export type NumberedKind = keyof typeof NUMBER_PREFIXES;

/** `FA-2026-000042`: the prefix, the year, the number in the issuer's sequence of that year. */
export function formatInvoiceNumber(kind: NumberedKind, year: number, number: number): string {
  return `${NUMBER_PREFIXES[kind]}-${year}-${String(number).padStart(6, '0')}`;
}

/** VAT on a total before tax, rounded to the cent (half away from zero). */
export function vatOf(netCents: number, ratePercent: number): number {
  const vat = Math.round((Math.abs(netCents) * ratePercent) / 100);
  return netCents < 0 ? -vat : vat;
}

/**
 * The amount before tax whose total with VAT is `grossCents` (a price paid VAT included). When no
 * such amount exists to the cent, the nearest one: its total then differs by one cent.
 */
export function netOfGross(grossCents: number, ratePercent: number): number {
  const guess = Math.round((grossCents * 100) / (100 + ratePercent));
  for (const candidate of [guess, guess - 1, guess + 1])
    if (candidate + vatOf(candidate, ratePercent) === grossCents) return candidate;
  return guess;
}

/** Is `end` after `start` (a period of at least one instant)? */
export function isPeriodValid(start: Date | undefined, end: Date | undefined): boolean {
  return (
    start !== undefined &&
    end !== undefined &&
    Number.isFinite(start.getTime()) &&
    Number.isFinite(end.getTime()) &&
    end.getTime() > start.getTime()
  );
}
