import { labelKey } from '../people/labels.ts';

/**
 * The invoicing refusals that have a text of their own (`invoices.reason…` in both languages),
 * as the server names them (src/domain/invoices); any other refusal shows its code's text.
 */
export const INVOICE_REASON_TEXTS = [
  'INVOICE_PERIOD_INVALID',
  'INVOICE_STATUS_BACKWARDS',
  'INVOICE_CONFIRMATION_STAFF_ONLY',
  'INVOICE_HAS_NO_DOCUMENT',
  'CREDIT_NOTE_OF_CREDIT_NOTE',
  'CREDIT_NOTE_EXCEEDS_INVOICE',
  'CREDIT_NOTE_ISSUER_ONLY',
  'FORBIDDEN',
] as const;

/** `INVOICE_STATUS_BACKWARDS` → `invoices.reasonInvoiceStatusBackwards`; null for the others. */
export function invoiceReasonKey(reason: string | null | undefined): string | null {
  return reason && (INVOICE_REASON_TEXTS as readonly string[]).includes(reason)
    ? labelKey('invoices.reason', reason)
    : null;
}
