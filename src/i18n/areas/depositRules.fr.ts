/**
 * depositRules texts (fr): one text per refusal code of src/domain/deposit/rules.ts under
 * `ruleI18nKey(code)`, and the labels of deposit statuses, sale statuses and abandon / cancel
 * reasons. The same keys must exist in the other language.
 */
export const depositRulesFr = {
  depositRule: {
    statusUnchanged: 'Le dépôt a déjà ce statut.',
    statusFinal: 'Ce dépôt est clos : son statut ne peut plus changer.',
    requiredStepSkipped: 'Une étape obligatoire ne peut pas être sautée.',
    requiredStepSkippedNamed: 'Étape obligatoire : passez d’abord par « {{step}} ».',
    statusTooEarlyProductsOnlineOrSold:
      'Impossible de revenir à ce statut : des articles sont en ligne ou vendus.',
    abandonWithProductsOnline:
      'Impossible d’abandonner un dépôt avec des articles en ligne : utilisez la restitution.',
    abandonWithProductsSold: 'Impossible d’abandonner un dépôt dont des articles sont vendus.',
    abandonReasonRequired: 'Indiquez la raison de l’abandon.',
    cancelWithProductsOnline: 'Impossible d’annuler un dépôt avec des articles en ligne.',
    cancelWithProductsSold: 'Impossible d’annuler un dépôt dont des articles sont vendus.',
    cancelReasonRequired: 'Indiquez la raison de l’annulation.',
    restitutionBeforeReceived: 'Un dépôt ne peut être restitué qu’après sa réception.',
    restitutionWithSalesNotInvoiced:
      'Des ventes ne sont pas encore facturées : facturez-les avant la restitution.',
    productInvoiced: 'Un article facturé ne peut plus être modifié.',
    depositClosed: 'Le dépôt est clos : ses articles ne peuvent plus changer.',
    saleBeforeInline: 'Un article ne peut être vendu ou payé que si le dépôt est en ligne.',
    onlineBeforeValidation:
      'Un article ne peut être mis en ligne qu’une fois l’inventaire du dépôt validé.',
    publicDraftNotSent:
      'Le visiteur n’a pas encore envoyé cette demande : son statut ne peut pas changer avant l’envoi.',
    idDocumentRequired:
      'Pièce d’identité du déposant requise avant la réception (type, numéro, autorité, date de délivrance) : le registre de police l’exige.',
  },
  depositStatus: {
    draft: 'Brouillon',
    waitingForVendor: 'En attente de vendeur',
    customerPreparing: 'Préparation client',
    waitingForSending: 'En attente d’envoi',
    send: 'Envoyé',
    received: 'Reçu',
    todo: 'À traiter',
    progress: 'En cours',
    customerWaiting: 'En attente du client',
    depositValidated: 'Inventaire validé',
    inline: 'En ligne',
    restitued: 'Restitué',
    abandoned: 'Abandonné',
    canceled: 'Annulé',
  },
  saleStatus: {
    factured: 'Facturé',
    payed: 'Payé',
    sell: 'Vendu',
    online: 'En ligne',
    ready: 'Prêt',
    offline: 'Hors ligne',
    reserved: 'Réservé',
    refused: 'Refusé',
    restitued: 'Restitué',
  },
  abandonReason: {
    notSet: 'Non renseignée',
    dontAnswer: 'Le client ne répond pas',
    homeTakeAwayNotPossible: 'Enlèvement à domicile impossible',
    customerCancel: 'Annulation par le client',
    vendorDoesNotWantDepositAnymore: 'Le vendeur ne souhaite plus ce dépôt',
    doesNotMatchCriteria: 'Ne correspond pas aux critères',
  },
  cancelReason: {
    notSet: 'Non renseignée',
    tooLong: 'Trop long',
    noLongerWantsDeposit: 'Ne souhaite plus déposer',
    doesNotWantToSendByPost: 'Ne souhaite pas envoyer par la poste',
    clothesNotGoodEnoughQuality: 'Vêtements de qualité insuffisante',
    badFeelingWithVendor: 'Mauvais contact avec le vendeur',
    other: 'Autre',
  },
};
