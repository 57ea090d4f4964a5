/** upload texts (en): photo upload component and image messages. Same keys in the other language. */
export const uploadEn = {
  upload: {
    placeholder: 'upload',
  },
};
