/** announcements texts (fr). Same keys in the other language. */
export const announcementsFr = {
  announcements: {
    placeholder: '…',
  },
};
