/** payments texts (fr): the waiting screen of a payment through the payment provider. Same keys in English. */
export const paymentsFr = {
  payments: {
    pageTitle: 'Paiement',
    loading: 'Chargement du paiement…',
    amount: 'Montant : {{amount}}',
    waitingTitle: 'En attente de votre paiement',
    waitingText:
      'Payez sur la page sécurisée du prestataire de paiement ; cette page se met à jour dès que le paiement est confirmé. Vous pouvez la fermer et y revenir.',
    pay: 'Payer {{amount}}',
    confirmedTitle: 'Paiement confirmé',
    confirmedText: 'Le prestataire de paiement a confirmé votre paiement de {{amount}}. Merci !',
    expiredTitle: 'Paiement expiré',
    expiredText:
      'La page de paiement a expiré avant que le paiement soit confirmé. Ouvrez une nouvelle page pour payer.',
    waitExpiredTitle: 'Confirmation toujours attendue',
    waitExpiredText:
      'Nous n’avons pas reçu de confirmation du prestataire. Si vous avez payé, le paiement apparaîtra ici dès sa confirmation ; sinon, ouvrez une nouvelle page de paiement.',
    refresh: 'Ouvrir une nouvelle page de paiement',
    cancelledTitle: 'Paiement annulé',
    cancelledText: 'Ce paiement a été annulé : rien ne vous est demandé.',
    refundedTitle: 'Paiement remboursé',
    refundedText: 'Ce paiement vous a été remboursé.',
    failedTitle: 'Impossible de suivre ce paiement',
    retry: 'Réessayer',
    backToItem: 'Voir l’article et son étiquette',
    backToDashboard: 'Retour au tableau de bord',
    reasonAmountInvalid: 'Le montant doit être un nombre de centimes positif',
    reasonProviderRefused: 'Le prestataire de paiement a refusé d’ouvrir la page de paiement',
    viewInvoice: 'Voir',
    // The accessible name starts with the button's visible text (PDF).
    providerPdfLabel: 'PDF de la facture {{number}}',
    viewInvoiceLabel: 'Voir la facture {{number}} chez le prestataire de paiement',
    reasonAlreadySettled: 'Ce paiement est déjà payé, annulé ou remboursé',
  },
};
