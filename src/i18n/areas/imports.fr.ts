/** imports texts (fr). Same keys in the other language. */
export const importsFr = {
  imports: {},
};
