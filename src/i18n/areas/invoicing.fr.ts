/**
 * invoicing texts (fr): the server's invoicing refusals, as the error funnel shows them on any
 * screen (src/domain/invoices/invoiceRules.ts). Same keys in English.
 */
export const invoicingFr = {
  invoicing: {
    reasonInvoicePeriodInvalid: 'La fin de la période doit suivre son début.',
    reasonInvoiceStatusBackwards:
      'Le statut de paiement d’une facture ne revient jamais en arrière.',
    reasonInvoiceConfirmationStaffOnly: 'Seule l’équipe Seconde confirme un paiement.',
    reasonInvoiceHasNoDocument: 'Cette facture n’a pas été émise ici : elle n’a pas de document.',
    reasonCreditNoteOfCreditNote: 'Un avoir ne se corrige pas par un autre avoir.',
    reasonCreditNoteExceedsInvoice:
      'Un avoir ne peut dépasser ce qu’il reste à créditer sur la facture.',
    reasonCreditNoteIssuerOnly: 'Seul l’émetteur d’une facture peut émettre un avoir sur elle.',
    reasonInvoiceNotSold: 'Seul un article vendu, avec son prix de vente, peut être facturé.',
    reasonInvoiceBuyerRequired: 'Aucun acheteur n’est enregistré pour cet article : indiquez-le.',
  },
};
