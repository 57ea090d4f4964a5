import type { invoicingFr } from './invoicing.fr.ts';

/** invoicing texts (en): the server's refusals of a sale invoice the invoices page does not name. */
export const invoicingEn: typeof invoicingFr = {
  invoicing: {
    reasonInvoiceNotSold: 'Only a sold item, with its sale price, can be invoiced.',
    reasonInvoiceBuyerRequired: 'No buyer is recorded for this item: name one.',
  },
};
