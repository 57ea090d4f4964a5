/** upload texts (fr): photo upload component and image messages. Same keys in the other language. */
export const uploadFr = {
  upload: {
    placeholder: 'upload',
  },
};
