/** tasks texts (fr): the background task panel and the wardrobe import. Same keys in English. */
export const tasksFr = {
  tasks: {
    panelTitle: 'Tâches en arrière-plan',
    close: 'Fermer et effacer les tâches',
    closeHint: 'Le panneau se ferme une fois toutes les tâches terminées.',
    closeFailed: 'Les tâches n’ont pas pu être effacées : réessayez.',
    reconnecting: 'Connexion perdue, nouvelle tentative…',
    nameOther: 'Tâche',
    nameMarketplaceProfile: 'Import du vestiaire Vinted',
    nameShopPlatform: 'Import de la boutique en ligne',
    nameSheetFile: 'Import d’un fichier d’articles',
    nameCustomers: 'Import de contacts',
    statusWaiting: 'En attente',
    statusRunning: 'En cours',
    statusCompleted: 'Terminé',
    statusError: 'Erreur',
    count: '{{current}} / {{total}}',
    progressLabel: '{{name}} : {{current}} sur {{total}}',
    errorContact:
      'Une erreur est survenue, contactez-nous en cliquant sur « Nous contacter » dans la barre de navigation',
    contactUs: 'Nous contacter',
    open: 'Ouvrir',
    wardrobeOpen: 'Importer mon vestiaire Vinted',
    wardrobeTitle: 'Importer un vestiaire Vinted',
    wardrobeIntro:
      'Collez l’adresse de votre profil Vinted : ses articles arrivent dans un dépôt à son nom. L’import se poursuit en arrière-plan.',
    wardrobeUrlLabel: 'Adresse du profil Vinted',
    wardrobeUrlPlaceholder: 'https://www.vinted.fr/member/12345-pseudo',
    wardrobeRequiredTag: '(obligatoire)',
    wardrobeRequiredUrl: 'Ce champ est obligatoire',
    wardrobeInvalidUrl:
      'Cette adresse n’est pas celle d’un profil Vinted (par exemple https://www.vinted.fr/member/12345-pseudo).',
    wardrobeStart: 'Lancer l’import',
    wardrobeCancel: 'Annuler',
    wardrobeStarted: 'Import lancé : suivez-le dans le panneau des tâches.',
  },
};
