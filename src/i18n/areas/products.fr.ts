/** products texts (fr): product page and form. Same keys in the other language. */
export const productsFr = {
  products: {
    placeholder: 'products',
  },
};
