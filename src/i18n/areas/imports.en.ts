/** imports texts (en). Same keys in the other language. */
export const importsEn = {
  imports: {},
};
