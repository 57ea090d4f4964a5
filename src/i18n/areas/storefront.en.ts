/** storefront texts (en). Same keys in the other language. */
export const storefrontEn = {
  storefront: {
    placeholder: '…',
  },
};
