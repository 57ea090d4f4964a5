/** announcements texts (en). Same keys in the other language. */
export const announcementsEn = {
  announcements: {
    placeholder: '…',
  },
};
