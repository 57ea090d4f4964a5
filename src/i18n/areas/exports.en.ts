/** exports texts (en). Same keys in the other language. */
export const exportsEn = {
  exports: {},
};
