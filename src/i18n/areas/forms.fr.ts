/** forms texts (fr): the shared form pieces. Same keys in English. */
export const formsFr = {
  forms: {
    required: 'Ce champ est obligatoire',
    optional: 'facultatif',
    dateInvalid: 'Date invalide (JJ/MM/AAAA)',
    dateOutOfRange: 'Date hors des limites permises',
    dateNotAllowed: 'Cette date ne peut pas être choisie',
    dateOverlapping: 'La date de fin précède la date de début',
    clear: 'Effacer',
    today: 'Aujourd’hui',
    rangeStart: 'Date de début',
    rangeEnd: 'Date de fin',
    lastSevenDays: '7 derniers jours',
    lastThirtyDays: '30 derniers jours',
    lastSixMonths: '6 derniers mois',
    sinceStartOfYear: 'Depuis le début de l’année',
    chosenOfMax: '{{count}} sur {{max}}',
    kilobytes: '{{size}} Ko',
    megabytes: '{{size}} Mo',
    removeFile: 'Retirer {{name}}',
  },
};
