/** publishing texts (en): completeness, the publish dialog, listings and the product timeline. */
export const publishingEn = {
  publishingMissing: {
    mainImage: 'Main photo missing',
    manualCategory: 'Category typed by hand: choose a category from the catalogue',
    category: 'Category missing',
    unknownCategory: 'Category not in the catalogue',
    brand: 'Brand missing',
    size: 'Size missing',
    isbn: 'ISBN missing',
    videoGameRating: 'Video game rating missing',
    quality: 'Condition missing',
    suggestedPrice: 'Suggested price missing',
    priceQualityTooLow:
      'Price and condition too low: this item cannot be marketed, please contact support',
  },
  publishing: {
    placeholder: '…',
  },
};
