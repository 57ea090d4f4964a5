/** stock texts (fr): the stock view of many products. Same keys in the other language. */
export const stockFr = {
  stockView: {
    placeholder: 'stock',
  },
};
