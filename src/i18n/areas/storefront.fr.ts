/** storefront texts (fr). Same keys in the other language. */
export const storefrontFr = {
  storefront: {
    placeholder: '…',
  },
};
