/** exports texts (fr). Same keys in the other language. */
export const exportsFr = {
  exports: {},
};
