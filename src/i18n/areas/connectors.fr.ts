/** connectors texts (fr). Same keys in the other language. */
export const connectorsFr = {
  connectors: {
    placeholder: '…',
  },
};
