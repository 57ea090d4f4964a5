/** products texts (en): product page and form. Same keys in the other language. */
export const productsEn = {
  products: {
    placeholder: 'products',
  },
};
