/**
 * Intl formatters cost far more to build than to use (long lists build hundreds per screen):
 * one per language and options, built once.
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function cached<F extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, build: () => F): F {
  let formatter = formatters.get(key) as F | undefined;
  if (!formatter) {
    formatter = build();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Date display (1-app-shell.md §9): DD/MM/YYYY, optionally HH:mm, in Paris time. */
export function formatDate(ms: number | null, language: string, withTime = false): string {
  if (ms === null) return '';
  const locale = language === 'en' ? 'en-GB' : 'fr-FR';
  return cached(
    `date:${locale}:${withTime}`,
    () =>
      new Intl.DateTimeFormat(locale, {
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        ...(withTime && { hour: '2-digit', minute: '2-digit' }),
        timeZone: 'Europe/Paris',
      }),
  ).format(ms);
}

/** Amounts in euros, in the reader's language. */
export function formatPrice(value: number | null, language: string): string {
  if (value === null) return '';
  const locale = language === 'en' ? 'en-GB' : 'fr-FR';
  return cached(
    `price:${locale}`,
    () => new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }),
  ).format(value);
}
