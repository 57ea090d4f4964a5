/** dashboard texts (en); the same keys must exist in the other language. */
export const dashboardEn = {};
