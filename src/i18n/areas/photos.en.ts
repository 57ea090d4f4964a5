/** photos texts (en): image tiles, sortable photo lists, deposit photos and clusters. Same keys in the other language. */
export const photosEn = {
  photos: {
    placeholder: 'photos',
  },
};
