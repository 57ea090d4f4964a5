/** upload texts (fr): photo upload component and image messages. Same keys in the other language. */
export const uploadFr = {
  upload: {
    notAnImage:
      "Le fichier {{filename}} n'est pas une image. Veuillez n'envoyer que des fichiers image (JPG, PNG, GIF, HEIC, etc.).",
    noImages:
      "Aucun des fichiers sélectionnés n'est une image. Veuillez n'envoyer que des fichiers image (JPG, PNG, GIF, HEIC, etc.).",
    someIgnored:
      "{{count}} fichier(s) n'étaient pas des images et ont été ignorés. {{validCount}} image(s) valide(s) seront envoyées.",
    zoneLabel: 'Ajouter des photos',
    dropHere: 'Déposez vos photos ici',
    choose: 'Choisir des photos',
    camera: 'Prendre une photo',
    listLabel: 'Photos en cours d’envoi',
    progress: '{{done}} photo(s) enregistrée(s) sur {{total}}',
    statusQueued: 'En attente',
    statusResizing: 'Préparation',
    statusResized: 'Prête à envoyer',
    statusUploading: 'Envoi',
    statusRetrying: 'Connexion perdue, nouvel essai…',
    statusDone: 'Enregistrée',
    statusFailed: 'Non enregistrée',
    statusCancelled: 'Annulée',
    cancel: 'Annuler',
    cancelAll: 'Tout annuler',
    retry: 'Réessayer',
    retryFailed: 'Réessayer les photos en échec',
    remove: 'Retirer de la liste',
    clear: 'Vider la liste',
    thumbAlt: 'Aperçu de {{filename}}',
    errorCorrupt: 'Le fichier {{filename}} est endommagé et ne peut pas être lu.',
    errorTooLarge: 'Le fichier {{filename}} est trop volumineux ({{limit}} Mo au maximum).',
    errorNetwork:
      "Pas de connexion : {{filename}} n'a pas été envoyé. Réessayez une fois la connexion revenue.",
    errorOther: "Le fichier {{filename}} n'a pas pu être enregistré.",
  },
};
