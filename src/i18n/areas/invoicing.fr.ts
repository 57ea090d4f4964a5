/**
 * invoicing texts (fr): the server's refusals of a sale invoice that the invoices page does not
 * name itself (src/domain/invoices/invoiceRules.ts). Same keys in English.
 */
export const invoicingFr = {
  invoicing: {
    reasonInvoiceNotSold: 'Seul un article vendu, avec son prix de vente, peut être facturé.',
    reasonInvoiceBuyerRequired: 'Aucun acheteur n’est enregistré pour cet article : indiquez-le.',
  },
};
