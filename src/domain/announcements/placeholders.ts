/**
 * Announcement placeholders: `{marque}`, `{taille}`… in a template's title and description, filled
 * from one product. Pure and shared: the server fills and checks templates with it, the editor
 * lists the placeholders, inserts them and previews a template on a sample product with it.
 */

/** What a placeholder stands for, whatever language the vendor writes it in. */
export const PLACEHOLDER_FIELDS = [
  'title',
  'brand',
  'size',
  'colors',
  'condition',
  'price',
  'category',
  'reference',
  'measurements',
  'author',
] as const;
export type PlaceholderField = (typeof PLACEHOLDER_FIELDS)[number];

export interface PlaceholderInfo {
  readonly field: PlaceholderField;
  /** The name the editor inserts (French, the product's language). */
  readonly name: string;
  /** Every spelling accepted, the English one included. */
  readonly aliases: readonly string[];
}

/** The known placeholders, in the order the editor shows them. */
export const PLACEHOLDERS: readonly PlaceholderInfo[] = [
  { field: 'title', name: 'titre', aliases: ['titre', 'title'] },
  { field: 'brand', name: 'marque', aliases: ['marque', 'brand'] },
  { field: 'size', name: 'taille', aliases: ['taille', 'size'] },
  { field: 'colors', name: 'couleurs', aliases: ['couleurs', 'colors', 'colours'] },
  { field: 'condition', name: 'etat', aliases: ['etat', 'condition'] },
  { field: 'price', name: 'prix', aliases: ['prix', 'price'] },
  { field: 'category', name: 'categorie', aliases: ['categorie', 'category'] },
  { field: 'reference', name: 'reference', aliases: ['reference'] },
  { field: 'measurements', name: 'mesures', aliases: ['mesures', 'measurements'] },
  { field: 'author', name: 'auteur', aliases: ['auteur', 'author'] },
];

/** The values of one product, names already resolved (brand name, size title…). */
export interface PlaceholderValues {
  readonly title?: string | null;
  readonly brand?: string | null;
  readonly size?: string | null;
  readonly colors?: readonly string[] | null;
  /** The product quality label (VERY_GOOD…), written out in French words. */
  readonly condition?: string | null;
  readonly price?: number | null;
  readonly category?: string | null;
  readonly reference?: string | null;
  readonly measurementWidth?: number | null;
  readonly measurementLength?: number | null;
  readonly author?: string | null;
}

/** A product to preview templates on, before any real product is chosen. */
export const SAMPLE_VALUES: PlaceholderValues = {
  title: 'Robe midi fleurie',
  brand: 'Sézane',
  size: 'M',
  colors: ['Bleu', 'Blanc'],
  condition: 'VERY_GOOD',
  price: 45,
  category: 'Robe',
  reference: 'REF-000123',
  measurementWidth: 45,
  measurementLength: 110,
  author: '',
};

/** Product qualities as a French listing says them; REFUSED is nothing to advertise. */
export const CONDITION_WORDS: Readonly<Record<string, string>> = {
  NEW_WITH_TICKET: 'neuf avec étiquette',
  NEW_WITHOUT_TICKET: 'neuf sans étiquette',
  VERY_GOOD: 'très bon état',
  GOOD: 'bon état',
  SATISFYING: 'état satisfaisant',
};

/** `{ Marque }`, `{état}` and `{marque}` are the same placeholder. */
const normalise = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '');

const BY_ALIAS = new Map(PLACEHOLDERS.flatMap((p) => p.aliases.map((a) => [a, p.field] as const)));

/** The field a placeholder name stands for, or undefined for an unknown name. */
export function placeholderField(name: string): PlaceholderField | undefined {
  return BY_ALIAS.get(normalise(name));
}

/** `{word}` without spaces or braces inside; `{ }` and JSON-like text are not placeholders. */
const TOKEN = /\{([^{}\s][^{}]{0,38}?)\}/g;

/** The unknown placeholders of a text, as written, each once, in order. */
export function unknownPlaceholders(text: string): string[] {
  const unknown: string[] = [];
  for (const [, name = ''] of text.matchAll(TOKEN))
    if (!placeholderField(name) && !unknown.includes(name)) unknown.push(name);
  return unknown;
}

const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const wholeEuros = new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'EUR',
  maximumFractionDigits: 0,
});
const centimetres = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

/** `12 €`, `12,50 €` (fr-FR); nothing for a missing or zero price. */
export function formatPrice(price: number | null | undefined): string {
  if (price === null || price === undefined || !Number.isFinite(price) || price <= 0) return '';
  return (Number.isInteger(price) ? wholeEuros : euros).format(price);
}

function measurements(width?: number | null, length?: number | null): string {
  const w = width && width > 0 ? centimetres.format(width) : '';
  const l = length && length > 0 ? centimetres.format(length) : '';
  if (w && l) return `${w} × ${l} cm`;
  if (w) return `${w} cm de large`;
  if (l) return `${l} cm de long`;
  return '';
}

/** The text each field is replaced with; empty when the product has no value. */
export function placeholderTexts(values: PlaceholderValues): Record<PlaceholderField, string> {
  const text = (v: string | null | undefined) => (v ?? '').trim();
  return {
    title: text(values.title),
    brand: text(values.brand),
    size: text(values.size),
    colors: (values.colors ?? [])
      .map((c) => c.trim())
      .filter(Boolean)
      .join(', '),
    condition: CONDITION_WORDS[values.condition ?? ''] ?? '',
    price: formatPrice(values.price),
    category: text(values.category),
    reference: text(values.reference),
    measurements: measurements(values.measurementWidth, values.measurementLength),
    author: text(values.author),
  };
}

/** Stands for an empty value until the line around it is tidied. */
const EMPTY = '\u0000';
const SEPARATOR = String.raw`[-–—,;/|·•+]`;

/** Tidies one line whose empty placeholders were replaced by EMPTY; null drops the line. */
function tidyLine(line: string, hadValue: boolean): string | null {
  if (!hadValue) {
    // "Marque : {marque}" with no brand: the whole line goes, rather than a bare label.
    const rest = line.replaceAll(EMPTY, '').trim();
    if (rest === '' || rest.endsWith(':') || !/[\p{L}\p{N}]/u.test(rest)) return null;
  }
  const tidied = line
    .replace(new RegExp(String.raw`\(\s*${EMPTY}\s*\)`, 'g'), '')
    .replace(new RegExp(String.raw`\s*${SEPARATOR}\s*${EMPTY}`, 'g'), EMPTY)
    .replace(new RegExp(String.raw`${EMPTY}\s*${SEPARATOR}\s*`, 'g'), EMPTY)
    .replaceAll(EMPTY, '')
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/ +([,.)])/g, '$1')
    .replace(/\( +/g, '(')
    .trim();
  return tidied;
}

/**
 * Fills a template's placeholders from a product. Unknown placeholders stay as written (saving a
 * template refuses them). A missing value leaves no trace: its separator goes with it, and a line
 * that only labelled it ("Taille : {taille}") is dropped.
 */
export function fillPlaceholders(template: string, values: PlaceholderValues): string {
  const texts = placeholderTexts(values);
  const lines: string[] = [];
  for (const line of template.split(/\r?\n/)) {
    let placeholders = 0;
    let hadValue = false;
    const replaced = line.replace(TOKEN, (whole, name: string) => {
      const field = placeholderField(name);
      if (!field) return whole;
      placeholders += 1;
      const value = texts[field];
      if (value) hadValue = true;
      return value || EMPTY;
    });
    if (placeholders === 0) {
      lines.push(line);
      continue;
    }
    const tidied = tidyLine(replaced, hadValue);
    if (tidied !== null) lines.push(tidied);
  }
  return lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * A listing description written from the product's fields alone: what a PROMPT announcement gives
 * while no text-writing service is connected (the prompt is instructions, not listing text).
 */
export const STRUCTURED_DESCRIPTION = [
  '{titre}',
  '',
  'Marque : {marque}',
  'Catégorie : {categorie}',
  'Taille : {taille}',
  'Couleurs : {couleurs}',
  'État : {etat}',
  'Mesures : {mesures}',
  'Auteur : {auteur}',
  'Prix : {prix}',
  'Référence : {reference}',
].join('\n');

export function structuredDescription(values: PlaceholderValues): string {
  return fillPlaceholders(STRUCTURED_DESCRIPTION, values);
}
