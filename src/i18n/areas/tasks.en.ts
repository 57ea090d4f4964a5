/** tasks texts (en). Same keys in the other language. */
export const tasksEn = {
  tasks: {},
};
