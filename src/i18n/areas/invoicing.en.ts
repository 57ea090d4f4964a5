import type { invoicingFr } from './invoicing.fr.ts';

/** invoicing texts (en): the server's invoicing refusals, on any screen. */
export const invoicingEn: typeof invoicingFr = {
  invoicing: {
    reasonInvoicePeriodInvalid: 'The period must end after it starts.',
    reasonInvoiceStatusBackwards: 'An invoice’s payment status never goes back.',
    reasonInvoiceConfirmationStaffOnly: 'Only the Seconde team confirms a payment.',
    reasonInvoiceHasNoDocument: 'This invoice was not issued here: it has no document.',
    reasonCreditNoteOfCreditNote: 'A credit note is not corrected by another credit note.',
    reasonCreditNoteExceedsInvoice:
      'A credit note cannot exceed what is left to credit on the invoice.',
    reasonCreditNoteIssuerOnly: 'Only the issuer of an invoice can issue a credit note on it.',
    reasonInvoiceNotSold: 'Only a sold item, with its sale price, can be invoiced.',
    reasonInvoiceBuyerRequired: 'No buyer is recorded for this item: name one.',
  },
};
