import { isFieldVisible, type CategoryFlags } from '../products/categoryFields.ts';

/**
 * Whether a product may be published (2-business-data.md §5): the nine rules plus "price and
 * quality too low". Pure and structural, so the product form (its badge and list), the publish
 * dialog and the server before any connector is called all judge a product alike. Each failed
 * rule is a stable code; `completenessI18nKey` names the text that says what is missing.
 */
export const COMPLETENESS_CODES = [
  'MAIN_IMAGE',
  'MANUAL_CATEGORY',
  'CATEGORY',
  'UNKNOWN_CATEGORY',
  'BRAND',
  'SIZE',
  'ISBN',
  'VIDEO_GAME_RATING',
  'QUALITY',
  'SUGGESTED_PRICE',
  'PRICE_QUALITY_TOO_LOW',
] as const;
export type CompletenessCode = (typeof COMPLETENESS_CODES)[number];

/** The category as the rules need it: its visibility flags and its price-limit exemption. */
export interface CompletenessCategory extends CategoryFlags {
  readonly skipPriceLimit: boolean;
}

/** Quality labels, as the database and the ProductQuality enum (without prefix) name them. */
export type QualityLabel =
  'NEW_WITH_TICKET' | 'NEW_WITHOUT_TICKET' | 'VERY_GOOD' | 'GOOD' | 'SATISFYING' | 'REFUSED';

export interface CompletenessInput {
  /** The product has a main image (at least one photo). */
  readonly hasMainImage: boolean;
  readonly manualCategory?: string | null | undefined;
  /** The product's category uuid ('' or null: none). */
  readonly category?: string | null | undefined;
  /** The category row when the uuid is known to the catalogue, null when it is not. */
  readonly categoryRow: CompletenessCategory | null | undefined;
  readonly brand?: string | null | undefined;
  readonly manualBrand?: string | null | undefined;
  readonly productSize?: string | null | undefined;
  readonly isbn?: string | null | undefined;
  readonly videoGameRating?: string | null | undefined;
  readonly quality?: QualityLabel | null | undefined;
  /** In euros. */
  readonly suggestedPrice?: number | null | undefined;
}

/**
 * Below this suggested price (euros), an item in the lowest publishable condition cannot be
 * marketed: the listing fees and handling would exceed what it earns. Categories flagged
 * skipPriceLimit (collectibles) are exempt.
 */
export const MINIMUM_PRICE_FOR_LOW_QUALITY = 5;
const LOW_QUALITIES: readonly QualityLabel[] = ['SATISFYING'];

const filled = (value: string | null | undefined) => Boolean(value && value.trim());

/** Every rule the product fails, in the order of the specification (empty: complete). */
export function missingForPublication(product: CompletenessInput): CompletenessCode[] {
  const missing: CompletenessCode[] = [];
  if (!product.hasMainImage) missing.push('MAIN_IMAGE');
  if (filled(product.manualCategory)) missing.push('MANUAL_CATEGORY');
  const category = product.categoryRow ?? null;
  if (!filled(product.category)) missing.push('CATEGORY');
  else if (!category) missing.push('UNKNOWN_CATEGORY');
  if (category) {
    if (isFieldVisible(category, 'brand') && !filled(product.brand) && !filled(product.manualBrand))
      missing.push('BRAND');
    if (isFieldVisible(category, 'size') && !filled(product.productSize)) missing.push('SIZE');
    if (isFieldVisible(category, 'isbn') && !filled(product.isbn)) missing.push('ISBN');
    if (isFieldVisible(category, 'videoGameRating') && !filled(product.videoGameRating))
      missing.push('VIDEO_GAME_RATING');
  }
  const quality = product.quality ?? null;
  if (!quality || quality === 'REFUSED') missing.push('QUALITY');
  const price = product.suggestedPrice;
  const priced = typeof price === 'number' && Number.isFinite(price) && price > 0;
  if (!priced) missing.push('SUGGESTED_PRICE');
  if (
    priced &&
    quality &&
    LOW_QUALITIES.includes(quality) &&
    price < MINIMUM_PRICE_FOR_LOW_QUALITY &&
    !category?.skipPriceLimit
  )
    missing.push('PRICE_QUALITY_TOO_LOW');
  return missing;
}

export function isComplete(product: CompletenessInput): boolean {
  return missingForPublication(product).length === 0;
}

export function isCompletenessCode(value: unknown): value is CompletenessCode {
  return typeof value === 'string' && (COMPLETENESS_CODES as readonly string[]).includes(value);
}

/** `VIDEO_GAME_RATING` → `publishingMissing.videoGameRating`. */
export function completenessI18nKey(code: CompletenessCode): string {
  const camel = code.toLowerCase().replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  return `publishingMissing.${camel}`;
}

/** Why a publication request itself cannot go: nothing chosen on one side or the other. */
export type PublishRequestProblem = 'NO_PUBLISHERS' | 'NO_PRODUCTS';

export function publishRequestProblems(
  publishers: readonly string[],
  products: readonly string[],
): PublishRequestProblem[] {
  const problems: PublishRequestProblem[] = [];
  if (publishers.length === 0) problems.push('NO_PUBLISHERS');
  if (products.length === 0) problems.push('NO_PRODUCTS');
  return problems;
}
