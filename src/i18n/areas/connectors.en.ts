/** connectors texts (en). Same keys in the other language. */
export const connectorsEn = {
  connectors: {
    placeholder: '…',
  },
};
