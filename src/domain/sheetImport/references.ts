import { matchKey } from './text.ts';

/** The reference lists a product sheet is checked against, as plain data (they cross to the worker). */
export interface CategoryRef {
  readonly uuid: string;
  readonly name: string;
  readonly nameSingular: string;
  readonly identifier: string;
  readonly productSizeGroup: string;
  /** Catalogue order: the first of several categories a word names is the one taken. */
  readonly order: number;
}
export interface BrandRef {
  readonly uuid: string;
  readonly name: string;
  readonly slug: string;
}
export interface SizeRef {
  readonly uuid: string;
  readonly title: string;
  readonly sizeGroups: readonly string[];
  readonly order: number;
}
export interface ColorRef {
  readonly uuid: string;
  readonly title: string;
  readonly code: string;
}

export interface ProductReferenceData {
  readonly categories: readonly CategoryRef[];
  readonly brands: readonly BrandRef[];
  readonly sizes: readonly SizeRef[];
  readonly colors: readonly ColorRef[];
}

/** Product qualities of the contract, by name. */
export const QUALITIES = [
  'NEW_WITH_TICKET',
  'NEW_WITHOUT_TICKET',
  'VERY_GOOD',
  'GOOD',
  'SATISFYING',
  'REFUSED',
] as const;
export type Quality = (typeof QUALITIES)[number];

/**
 * Spellings a sheet may use for each quality besides its name: the French labels the app shows,
 * their English ones and the usual variants (plural tags, "état").
 */
const QUALITY_SPELLINGS: Readonly<Record<Quality, readonly string[]>> = {
  NEW_WITH_TICKET: [
    'Neuf avec étiquette',
    'Neuf avec étiquettes',
    'New with tag',
    'New with tags',
    'New with ticket',
  ],
  NEW_WITHOUT_TICKET: [
    'Neuf sans étiquette',
    'Neuf sans étiquettes',
    'New without tag',
    'New without tags',
    'New without ticket',
  ],
  VERY_GOOD: ['Très bon état', 'Très bon', 'Very good', 'Very good condition'],
  GOOD: ['Bon état', 'Bon', 'Good', 'Good condition'],
  SATISFYING: ['Satisfaisant', 'État satisfaisant', 'Satisfying', 'Satisfactory', 'Fair'],
  REFUSED: ['Refusé', 'Refused'],
};

const QUALITY_BY_KEY = new Map<string, Quality>(
  QUALITIES.flatMap((q) => [q, ...QUALITY_SPELLINGS[q]].map((s) => [matchKey(s), q] as const)),
);

/** The quality a cell names, by its contract name or a French or English label. */
export function qualityOf(text: string): Quality | null {
  return QUALITY_BY_KEY.get(matchKey(text)) ?? null;
}

/** Lookup tables built once per sheet from the reference lists. */
export interface ReferenceIndex {
  /** `matchKey` of a category's name, singular name or identifier → the categories it names. */
  readonly categories: ReadonlyMap<string, readonly CategoryRef[]>;
  /** Every category in catalogue order, with the match keys of its names' words. */
  readonly categoryWords: readonly { category: CategoryRef; words: readonly string[] }[];
  readonly brands: ReadonlyMap<string, BrandRef>;
  readonly sizes: ReadonlyMap<string, readonly SizeRef[]>;
  readonly colors: ReadonlyMap<string, ColorRef>;
}

function group<T>(items: readonly T[], keys: (item: T) => readonly string[]) {
  const map = new Map<string, T[]>();
  for (const item of items)
    for (const key of new Set(keys(item).map(matchKey).filter(Boolean))) {
      const list = map.get(key) ?? [];
      list.push(item);
      map.set(key, list);
    }
  return map;
}

export function indexReferences(data: ProductReferenceData): ReferenceIndex {
  const first = <T>(map: Map<string, T[]>) =>
    new Map([...map].map(([key, list]) => [key, list[0]!] as const));
  const categories = [...data.categories].sort((a, b) => a.order - b.order);
  return {
    categories: group(categories, (c) => [c.name, c.nameSingular, c.identifier]),
    categoryWords: categories.map((category) => ({
      category,
      words: `${category.name} ${category.nameSingular}`.split(/\s+/).map(matchKey),
    })),
    brands: first(group(data.brands, (b) => [b.name, b.slug])),
    sizes: group(
      [...data.sizes].sort((a, b) => a.order - b.order),
      (s) => [s.title],
    ),
    colors: first(group(data.colors, (c) => [c.title, c.code])),
  };
}

/**
 * The size a title names for a category: the one of the category's size group when titles repeat
 * across groups (`38` is a trouser size and a shoe size), else the first in the catalogue order.
 */
export function sizeFor(
  index: ReferenceIndex,
  title: string,
  category: CategoryRef | null,
): SizeRef | null {
  const sizes = index.sizes.get(matchKey(title));
  if (!sizes?.length) return null;
  const group = category?.productSizeGroup;
  return (group && sizes.find((s) => s.sizeGroups.includes(group))) || sizes[0]!;
}

/** Singular and plural spellings of a word compared together: `chaussures` ≈ `chaussure`. */
const stem = (key: string) => key.replace(/[sx]$/, '');

/**
 * The category a cell names: by name, singular name or identifier; failing that, by the first word
 * of a name (`Chaussures` for `Chaussures femme`), singular or plural alike. When several fit, the
 * first in catalogue order is taken and `guessed` says so, for the preview to show.
 */
export function categoryFor(
  index: ReferenceIndex,
  text: string,
): { category: CategoryRef; guessed: boolean } | null {
  const key = matchKey(text);
  if (!key) return null;
  let found: readonly CategoryRef[] = index.categories.get(key) ?? [];
  if (found.length === 0)
    found = index.categoryWords
      .filter(({ words }) => words[0] && stem(words[0]) === stem(key))
      .map(({ category }) => category);
  if (found.length === 0) return null;
  const distinct = new Set(found.map((c) => c.uuid));
  return { category: found[0]!, guessed: distinct.size > 1 };
}
