/** Sponsorship texts (fr); the same keys must exist in the other language. */
export const referralFr = {
  referral: {
    reasonSponsorCodeEmpty: 'Saisissez un code de parrainage, ou laissez le champ vide.',
    reasonSponsorCodeUnknown:
      'Aucun vendeur n’a ce code de parrainage. Vérifiez-le : il compte 8 caractères, sans O ni I.',
    reasonSponsorCodeOwn:
      'C’est votre propre code : saisissez celui du vendeur qui vous a recommandé Seconde.',
    reasonSponsorCodeMutual: 'Vous avez parrainé ce vendeur : il ne peut pas être votre parrain.',
    reasonAlreadySponsored: 'Vous avez déjà un parrain : on n’est parrainé qu’une fois.',
    reasonReferralTooLate: 'Le code de parrainage se saisit avant le premier abonnement.',
    reasonReferralVendorsOnly: 'Seuls les vendeurs peuvent être parrainés.',
    title: 'Parrainage',
    intro:
      'Partagez votre code : le vendeur que vous parrainez a son premier mois d’abonnement offert, et vous gagnez un mois offert dès qu’il paie son premier mois.',
    codeLabel: 'Votre code de parrainage',
    copy: 'Copier le code',
    copied: 'Code copié',
    copyFailed: 'La copie a échoué : sélectionnez le code pour le copier.',
    sponsoredBy: 'Vous avez été parrainé par {{name}}.',
    listTitle: 'Vos filleuls',
    empty: 'Vous n’avez encore parrainé personne.',
    columnWho: 'Vendeur',
    columnWhen: 'Parrainé le',
    columnReward: 'Votre mois offert',
    statusPending: 'En attente de son premier paiement',
    statusEarned: 'Gagné, appliqué à votre prochain abonnement',
    statusApplied: 'Appliqué à votre abonnement',
    loading: 'Chargement du parrainage…',
    loadFailed: 'Le parrainage n’a pas pu être chargé',
    retry: 'Réessayer',
  },
};
