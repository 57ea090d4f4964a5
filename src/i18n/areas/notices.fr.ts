/**
 * notices texts (fr): the live notices shown in the notification stack, and the depositor's mails
 * on a sale and a payout, which the server writes from these same texts in the depositor's language.
 */
export const noticesFr = {
  notices: {
    itemSoldTitle: 'Article vendu',
    itemSoldDepositor: '« {{item}} » est vendu : votre part est de {{amount}}.',
    itemSoldVendor: '« {{item}} » est vendu ({{amount}}).',
    itemReservedTitle: 'Article réservé',
    itemReserved: '« {{item}} » vient d’être réservé sur votre boutique.',
    depositAssignedTitle: 'Dépôt attribué',
    depositAssigned: 'Le dépôt « {{deposit}} » vous a été attribué.',
    payoutSentTitle: 'Versement effectué',
    payoutSent: 'Un versement de {{amount}} vous a été fait ({{method}}, reçu {{receipt}}).',
    taskDoneTitle: 'Tâche terminée',
    taskDone: '« {{task}} » est terminée.',
    taskFailedTitle: 'Tâche en échec',
    taskFailed: '« {{task}} » a échoué.',
    untitledItem: 'Article sans nom',
    untitledDeposit: 'sans nom',
    untitledTask: 'Tâche de fond',
    open: 'Voir',
    inboxTitle: 'Avis',
    inboxButton: 'Avis, {{count}} non lus',
    inboxEmpty: 'Aucun avis pour l’instant',
    inboxFailed: 'Les avis n’ont pas pu être chargés',
    inboxRetry: 'Réessayer',
    unread: 'Non lu',
    markAllRead: 'Tout marquer comme lu',
    methodBankTransfer: 'virement',
    methodCash: 'espèces',
    methodCheque: 'chèque',
    methodStoreCredit: 'avoir en boutique',
    mailHello: 'Bonjour {{name}},',
    mailHelloNoName: 'Bonjour,',
    mailSoldSubject: 'Votre article « {{item}} » est vendu',
    mailSoldBody:
      'Bonne nouvelle : « {{item}} »{{reference}} a été vendu. Votre part est de {{amount}} ; elle vous sera versée selon les conditions de votre dépôt.',
    mailPayoutSubject: 'Versement de {{amount}}',
    mailPayoutBody:
      'Un versement de {{amount}} vous a été fait par {{method}}. Votre reçu porte le numéro {{receipt}}.',
    mailReference: ' (réf. {{reference}})',
    mailFollow: 'Suivez vos articles et vos versements dans votre espace Seconde.',
    mailSignature: 'L’équipe Seconde',
  },
};
