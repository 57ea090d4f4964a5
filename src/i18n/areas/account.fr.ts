/** account texts (fr); the same keys must exist in the other language. */
export const accountFr = {
  account: {
    trialTitle: 'Essai gratuit',
    trialDaysLeftOne: 'Il vous reste 1 jour d’essai gratuit.',
    trialDaysLeftMany: 'Il vous reste {{count}} jours d’essai gratuit.',
    trialText:
      'Profitez de Seconde sans frais pendant 14 jours. Terminez l’essai quand vous voulez pour passer à votre abonnement.',
    trialSeeSubscription: 'Voir mon abonnement',
    terminateTrial: 'Terminer l’essai maintenant',
    terminateTrialTitle: 'Terminer l’essai gratuit ?',
    terminateTrialText:
      'Votre abonnement démarre tout de suite et le moyen de paiement enregistré est débité. Vous accédez alors à tout ce que permettent les abonnements payants, comme les mandats de 3 mois de la place de marché.',
    terminateTrialConfirm: 'Terminer l’essai',
    terminateTrialFailed: 'L’essai n’a pas pu être terminé.',
    trialTerminated: 'Essai terminé : votre abonnement est actif.',
    cancel: 'Annuler',
    subscriptionTitle: 'Abonnement à mettre à jour',
    subscriptionText:
      'Cette action demande un abonnement actif. Mettez votre abonnement à jour pour continuer ; rien de ce que vous avez saisi n’est perdu.',
    serverMessage: 'Message du service',
    seeSubscription: 'Voir mon abonnement',
    close: 'Fermer',
    legalTitle: 'Conditions générales d’utilisation',
    legalIntro:
      'Pour utiliser Seconde, lisez et acceptez nos conditions générales d’utilisation. Elles ont pu changer depuis votre dernière visite.',
    legalSummary:
      'En bref : vous restez propriétaire de vos vêtements et de vos données ; les dépôts et les ventes suivent les règles de la plateforme ; vos données servent uniquement au service et vous pouvez en demander la suppression.',
    legalRead: 'Lire les conditions complètes',
    legalHide: 'Masquer les conditions complètes',
    legalText:
      '1. Objet. Seconde met en relation des personnes qui confient des vêtements et objets de seconde main (les déposants) avec des vendeurs qui les remettent en vente.\n2. Compte. Vous êtes responsable des informations de votre compte et de la confidentialité de vos identifiants.\n3. Dépôts. Chaque dépôt est décrit par le vendeur ; les articles restent la propriété du déposant jusqu’à leur vente. Les articles invendus sont rendus ou donnés selon le choix du déposant.\n4. Ventes et rémunération. Le prix de vente et la part de chacun sont ceux affichés dans le dépôt ; la part du déposant lui est versée après la vente.\n5. Abonnements des vendeurs. Les vendeurs utilisent Seconde avec un abonnement ; un essai gratuit de 14 jours peut le précéder.\n6. Données personnelles. Vos données servent à fournir le service, ne sont jamais vendues, et vous pouvez y accéder, les corriger ou en demander la suppression en nous écrivant.\n7. Modifications. Nous vous demandons d’accepter à nouveau ces conditions lorsqu’elles changent.',
    legalAccept: 'J’accepte les conditions',
    legalAcceptFailed: 'Votre acceptation n’a pas pu être enregistrée. Réessayez.',
    notifications: 'Notifications',
  },
};
