/** stock texts (en): the stock view of many products. Same keys in the other language. */
export const stockEn = {
  stockView: {
    placeholder: 'stock',
  },
};
