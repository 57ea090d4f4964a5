/** tasks texts (fr). Same keys in the other language. */
export const tasksFr = {
  tasks: {},
};
