/** Date display (1-app-shell.md §9): DD/MM/YYYY, optionally HH:mm, in Paris time. */
export function formatDate(ms: number | null, language: string, withTime = false): string {
  if (ms === null) return '';
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'fr-FR', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    ...(withTime && { hour: '2-digit', minute: '2-digit' }),
    timeZone: 'Europe/Paris',
  }).format(ms);
}

/** Amounts in euros, in the reader's language. */
export function formatPrice(value: number | null, language: string): string {
  if (value === null) return '';
  return new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'fr-FR', {
    style: 'currency',
    currency: 'EUR',
  }).format(value);
}
