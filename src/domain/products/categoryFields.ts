/**
 * Which product fields a category shows, from its visibility flags (2-business-data.md §3). Shared
 * by the product form (what it renders) and the products service (what it keeps), so both judge a
 * category alike. Pure; the shapes are structural so proto messages and database rows both fit.
 */

/** The product fields a category can show or hide. */
export const CATEGORY_FIELDS = [
  'color',
  'size',
  'measurements',
  'brand',
  'author',
  'bookTitle',
  'isbn',
  'videoGameRating',
] as const;
export type CategoryField = (typeof CATEGORY_FIELDS)[number];

/** The visibility flags of a category, as the Category message names them. */
export interface CategoryFlags {
  readonly showColor: boolean;
  readonly showSize: boolean;
  readonly showMeasurements: boolean;
  readonly showBrand: boolean;
  readonly showAuthor: boolean;
  readonly showBookTitle: boolean;
  readonly showIsbn: boolean;
  readonly showVideoGameRating: boolean;
}

const FLAG_OF: Readonly<Record<CategoryField, keyof CategoryFlags>> = {
  color: 'showColor',
  size: 'showSize',
  measurements: 'showMeasurements',
  brand: 'showBrand',
  author: 'showAuthor',
  bookTitle: 'showBookTitle',
  isbn: 'showIsbn',
  videoGameRating: 'showVideoGameRating',
};

/**
 * Product message fields (snake_case, as update masks name them) each category field covers; a
 * hidden field's paths are the ones a form must not send and the server may clear.
 */
export const FIELD_PATHS: Readonly<Record<CategoryField, readonly string[]>> = {
  color: ['colors'],
  size: ['product_size'],
  measurements: ['measurement_width', 'measurement_length'],
  brand: ['brand', 'manual_brand'],
  author: ['author'],
  bookTitle: ['book_title'],
  isbn: ['isbn'],
  videoGameRating: ['video_game_rating'],
};

/**
 * The fields a category shows. No category (or an unknown one) shows none of them: the vendor
 * picks the category first, which also decides the sizes offered.
 */
export function visibleFields(category: CategoryFlags | null | undefined): Set<CategoryField> {
  const shown = new Set<CategoryField>();
  if (!category) return shown;
  for (const field of CATEGORY_FIELDS) if (category[FLAG_OF[field]]) shown.add(field);
  return shown;
}

export function isFieldVisible(
  category: CategoryFlags | null | undefined,
  field: CategoryField,
): boolean {
  return Boolean(category?.[FLAG_OF[field]]);
}

/** Update-mask paths of the fields the category hides. */
export function hiddenFieldPaths(category: CategoryFlags | null | undefined): string[] {
  const shown = visibleFields(category);
  return CATEGORY_FIELDS.filter((f) => !shown.has(f)).flatMap((f) => FIELD_PATHS[f]);
}

/** Which category field an update-mask path belongs to (undefined: a field every category shows). */
export function categoryFieldOfPath(path: string): CategoryField | undefined {
  return CATEGORY_FIELDS.find((f) => FIELD_PATHS[f].includes(path));
}
