/** depositRates texts (fr): the commission rates tab of a deposit. */
export const depositRatesFr = {
  depositRates: {
    tab: 'Commissions',
    title: 'Tranches de commission du dépôt',
    hint: 'Pour les prix qu’elles couvrent, les tranches de ce dépôt remplacent celles du vendeur et de son entreprise ; ailleurs, les tranches du vendeur s’appliquent, sinon le pourcentage négocié.',
    previewHint:
      'L’aperçu applique les seules tranches de ce dépôt (sinon le pourcentage négocié).',
  },
};
