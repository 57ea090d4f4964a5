/** publishing texts (fr): completeness, the publish dialog, listings and the product timeline. */
export const publishingFr = {
  publishingMissing: {
    mainImage: 'Photo principale manquante',
    manualCategory: 'Catégorie saisie à la main : choisissez une catégorie du catalogue',
    category: 'Catégorie manquante',
    unknownCategory: 'Catégorie inconnue du catalogue',
    brand: 'Marque manquante',
    size: 'Taille manquante',
    isbn: 'ISBN manquant',
    videoGameRating: 'Classification du jeu vidéo manquante',
    quality: 'État manquant',
    suggestedPrice: 'Prix conseillé manquant',
    priceQualityTooLow:
      'Prix et état trop bas : l’article ne peut pas être commercialisé, contactez le support',
  },
  publishing: {
    placeholder: '…',
  },
};
