/** privacy texts (fr): a customer's own data, downloaded or erased. Same keys in English. */
export const privacyFr = {
  privacy: {
    title: 'Mes données personnelles',
    intro:
      'Téléchargez tout ce que Seconde conserve sur vous (fichier JSON lisible par une machine), ou demandez leur effacement (RGPD, articles 15, 17 et 20).',
    export: 'Télécharger mes données',
    exported: '{{filename}} enregistré.',
    erase: 'Effacer mes données',
    confirmTitle: 'Effacer vos données personnelles ?',
    confirmText:
      "Votre nom, vos coordonnées, votre adresse et votre IBAN seront effacés partout, et votre compte ne pourra plus se connecter. C'est définitif. Ce que la loi oblige à garder le sera, et vous saurez quoi.",
    confirm: 'Effacer définitivement',
    cancel: 'Annuler',
    erasedTitle: 'Vos données ont été effacées',
    alreadyErased: 'Vos données avaient déjà été effacées : rien de plus n’a changé.',
    maskedIntro: 'Effacé :',
    keptIntro: 'Conservé, parce que la loi l’exige :',
    keptNone: 'Rien n’avait à être conservé.',
    keptLine: '{{what}} ({{count}}) : {{why}}',
    maskedCustomer: 'votre nom, e-mail, téléphone, adresse et coordonnées bancaires',
    maskedSignIn: 'le lien avec votre compte de connexion',
    maskedDeposits: 'les copies de vos coordonnées sur vos dépôts',
    maskedBuyers: 'vos fiches d’acheteur',
    maskedMails: 'les e-mails qui vous ont été envoyés',
    maskedSupportTickets: 'votre nom sur vos demandes au support',
    keptInvoices: 'Factures et relevés',
    keptPayouts: 'Reçus de versement',
    keptLedger: 'Écritures de votre compte déposant',
    keptPoliceRegister: 'Registre de police',
    whyAccountingRecords:
      'pièces comptables à conserver 10 ans (Code de commerce, art. L123-22 ; livre des procédures fiscales, art. L102 B)',
    whyPoliceRegister:
      'registre des objets mobiliers que tout dépôt-vente doit tenir et conserver (Code pénal, art. 321-7 et R321-3 et suivants)',
    reasonContractOpen:
      'Un dépôt est encore en cours ou de l’argent vous est encore dû : l’effacement sera possible une fois le dépôt clos et réglé.',
  },
  // The same card on a customer's page, for staff answering a request the customer sent in.
  privacyStaff: {
    title: 'Données personnelles du client',
    intro:
      'À la demande du client (RGPD, articles 15, 17 et 20) : téléchargez tout ce que Seconde conserve sur lui (fichier JSON), ou effacez ses données.',
    export: 'Télécharger les données',
    exported: '{{filename}} enregistré.',
    erase: 'Effacer les données',
    confirmTitle: 'Effacer les données personnelles de ce client ?',
    confirmText:
      'Son nom, ses coordonnées, son adresse et son IBAN seront effacés partout, et son compte ne pourra plus se connecter. C’est définitif. Ce que la loi oblige à garder le sera, et la réponse dira quoi.',
    confirm: 'Effacer définitivement',
    cancel: 'Annuler',
    erasedTitle: 'Les données du client ont été effacées',
    alreadyErased: 'Ses données avaient déjà été effacées : rien de plus n’a changé.',
    maskedIntro: 'Effacé :',
    keptIntro: 'Conservé, parce que la loi l’exige :',
    keptNone: 'Rien n’avait à être conservé.',
    keptLine: '{{what}} ({{count}}) : {{why}}',
    maskedCustomer: 'son nom, e-mail, téléphone, adresse et coordonnées bancaires',
    maskedSignIn: 'le lien avec son compte de connexion',
    maskedDeposits: 'les copies de ses coordonnées sur ses dépôts',
    maskedBuyers: 'ses fiches d’acheteur',
    maskedMails: 'les e-mails qui lui ont été envoyés',
    maskedSupportTickets: 'son nom sur ses demandes au support',
    keptInvoices: 'Factures et relevés',
    keptPayouts: 'Reçus de versement',
    keptLedger: 'Écritures de son compte déposant',
    keptPoliceRegister: 'Registre de police',
    whyAccountingRecords:
      'pièces comptables à conserver 10 ans (Code de commerce, art. L123-22 ; livre des procédures fiscales, art. L102 B)',
    whyPoliceRegister:
      'registre des objets mobiliers que tout dépôt-vente doit tenir et conserver (Code pénal, art. 321-7 et R321-3 et suivants)',
    reasonContractOpen:
      'Un dépôt du client est encore en cours ou de l’argent lui est encore dû : l’effacement sera possible une fois le dépôt clos et réglé.',
  },
};
