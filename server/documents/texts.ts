import { documentsEn } from '../../src/i18n/areas/documents.en.ts';
import { documentsFr } from '../../src/i18n/areas/documents.fr.ts';
import type { DocumentLanguage } from './model.ts';

/** An item of the documents area, e.g. `invoiceTitle`. */
export type DocumentTextKey = keyof typeof documentsFr.documents;

/** The key a statement line's `details` name, e.g. `documents.detailSalePrice`. */
export const DETAIL_KEYS = {
  salePrice: 'documents.detailSalePrice',
  commission: 'documents.detailCommission',
} as const;

const areas = { fr: documentsFr.documents, en: documentsEn.documents };
const regionNames = {
  fr: new Intl.DisplayNames(['fr'], { type: 'region' }),
  en: new Intl.DisplayNames(['en'], { type: 'region' }),
};

/** The NBSP keeps `1 234,56 €` on one line; the narrow one Intl uses is missing from the font. */
const NBSP = '\u00a0';

/**
 * The documents texts of one language, read from the same area files the web app translates, so
 * the server needs no i18next instance: `t('dueDate', { date })`.
 */
export function documentTexts(language: DocumentLanguage) {
  const texts = areas[language];
  const t = (key: DocumentTextKey, values: Record<string, string> = {}): string =>
    texts[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
  /** A `documents.item` key as lines' details carry it; an unknown key is shown as is. */
  const detail = (labelKey: string): string => {
    const item = labelKey.replace(/^documents\./, '');
    return item in texts ? texts[item as DocumentTextKey] : labelKey;
  };
  return {
    t,
    detail,
    money: (cents: number) => formatMoney(cents, language),
    date: (iso: string) => formatDate(iso, language),
    percent: (rate: number) => formatPercent(rate, language),
    /** An ISO 3166-1 alpha-2 code as the country's name (`BE` → `Belgique`, `Belgium`). */
    country: (code: string) => regionNames[language].of(code) ?? code,
  };
}

export type DocumentTexts = ReturnType<typeof documentTexts>;

function groupThousands(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/**
 * Integer cents as the language writes money: fr `1 234,56 €`, en `€1,234.56` (integer maths,
 * no floating point).
 */
export function formatMoney(cents: number, language: DocumentLanguage): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not an amount in cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const units = String(Math.trunc(abs / 100));
  const fraction = String(abs % 100).padStart(2, '0');
  return language === 'fr'
    ? `${sign}${groupThousands(units, NBSP)},${fraction}${NBSP}€`
    : `${sign}€${groupThousands(units, ',')}.${fraction}`;
}

const EN_MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];

/** An ISO date (YYYY-MM-DD) as fr `26/11/2026` or en `26 Nov 2026`, with no time zone shift. */
export function formatDate(iso: string, language: DocumentLanguage): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!match) throw new RangeError(`not an ISO date: ${iso}`);
  const [, year, month, day] = match as unknown as [string, string, string, string];
  return language === 'fr'
    ? `${day}/${month}/${year}`
    : `${Number(day)} ${EN_MONTHS[Number(month) - 1] ?? month} ${year}`;
}

/** A VAT rate: fr `20 %`, `5,5 %`; en `20%`, `5.5%`. */
export function formatPercent(rate: number, language: DocumentLanguage): string {
  return language === 'fr' ? `${String(rate).replace('.', ',')}${NBSP}%` : `${rate}%`;
}
