/** dashboard texts (fr); the same keys must exist in the other language. */
export const dashboardFr = {};
