/**
 * Intl formatters cost far more to build than to use (long lists build hundreds per screen):
 * one per language, built once. Dates are shown by `formatDate` in src/domain/dates.ts.
 */
const formatters = new Map<string, Intl.NumberFormat>();

function cached<F extends Intl.NumberFormat>(key: string, build: () => F): F {
  let formatter = formatters.get(key) as F | undefined;
  if (!formatter) {
    formatter = build();
    formatters.set(key, formatter);
  }
  return formatter;
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
