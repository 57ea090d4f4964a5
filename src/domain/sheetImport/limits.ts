/** Largest sheet accepted (a few tens of thousands of lines); the browser checks it first. */
export const MAX_SHEET_BYTES = 5 * 1024 * 1024;
