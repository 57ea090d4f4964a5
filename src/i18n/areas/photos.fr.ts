/** photos texts (fr): image tiles, sortable photo lists, deposit photos and clusters. Same keys in the other language. */
export const photosFr = {
  photos: {
    placeholder: 'photos',
  },
};
