/** returnLabel texts (fr): sending a deposit back to its depositor by post. Same keys in English. */
export const returnLabelFr = {
  returnLabel: {
    title: 'Restitution par la poste',
    help: 'Une étiquette pour renvoyer les articles à l’adresse du déposant, depuis votre lieu de dépôt. Créez-la avant de passer le dépôt en « Restitué » : il ne sera plus visible ensuite.',
    make: 'Créer l’étiquette de retour',
    loading: 'Chargement…',
    loadFailed: 'L’étiquette de retour n’a pas pu être chargée',
    retry: 'Réessayer',
    carrier: 'Transporteur',
    trackingNumber: 'Numéro de suivi',
    deliveryStatus: 'Statut',
    statusWithDate: '{{status}} ({{date}})',
    download: 'Télécharger l’étiquette de retour (PDF)',
    reasonDepositNotReturnable:
      'Une étiquette de retour se crée pour un dépôt reçu, avant sa restitution.',
    reasonPostalSendingRefused:
      'Le déposant n’a pas accepté l’envoi par la poste : convenez d’une restitution en main propre.',
  },
};
