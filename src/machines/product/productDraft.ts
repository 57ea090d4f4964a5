import { create } from '@bufbuild/protobuf';
import type { JsonObject } from '@bufbuild/protobuf';
import {
  attributesForCategory,
  categoryFieldOfPath,
  isFieldVisible,
  pruneValues,
  readSelection,
  validateAttributeValues,
  type CategoryAttributeField,
} from '../../domain/products/index.ts';
import {
  ProductQuality,
  ProductSchema,
  SalePlatform,
  SaleStatus as PbSaleStatus,
  type Product,
} from '../../rpc/gen/seconde/v1/product_pb.ts';
import { labelOf, valueOf } from '../deposit/enums.ts';
import type { FieldError, ProductDraft, ProductReference, TextField } from './productTypes.ts';

/**
 * The product form's pure functions: a draft from a product, its field rules, and the partial
 * update (mask and message) of what changed. The machine calls them; tests call them directly.
 */

/** 'Ce champ est obligatoire' / 'This field is required', the forms' shared text. */
const REQUIRED_KEY = 'forms.required';

const num = (value: number | undefined) => (value === undefined ? '' : String(value));

export function draftOf(product: Product): ProductDraft {
  const values = (product.categoryAttributeValues ?? {}) as Record<string, unknown>;
  return {
    name: product.name,
    marketplaceTitle: product.marketplaceTitle,
    category: product.category,
    brand: product.brand,
    productSize: product.productSize,
    isbn: product.isbn,
    author: product.author,
    bookTitle: product.bookTitle,
    videoGameRating: product.videoGameRating,
    quality: labelOf(ProductQuality, product.quality),
    suggestedPrice: num(product.suggestedPrice),
    selledPrice: num(product.selledPrice),
    measurementWidth: num(product.measurementWidth),
    measurementLength: num(product.measurementLength),
    comment: product.comment,
    sellOn: labelOf(SalePlatform, product.sellOn),
    saleStatus: labelOf(PbSaleStatus, product.saleStatus),
    colors: [...product.colors],
    attributes: Object.fromEntries(
      Object.entries(values).map(([code, v]) => [code, readSelection(v)]),
    ),
  };
}

/** The attributes the draft's category asks for. */
export function attributeFieldsOf(
  reference: ProductReference,
  categoryUuid: string,
): CategoryAttributeField[] {
  const category = reference.categories.find((c) => c.uuid === categoryUuid);
  return category ? attributesForCategory(category.attributeAssignments, reference.attributes) : [];
}

export const categoryOf = (reference: ProductReference, uuid: string) =>
  reference.categories.find((c) => c.uuid === uuid);

/** Decimal typed with a comma or a point; NaN when it is not a number. */
export function parseDecimal(text: string): number {
  const clean = text.trim().replace(',', '.');
  return /^\d+(\.\d+)?$/.test(clean) ? Number(clean) : NaN;
}

/** Field problems by field (attributes under `attribute.<code>`). */
export function validateDraft(
  draft: ProductDraft,
  reference: ProductReference,
): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  if (draft.name.trim() === '') errors.name = { key: REQUIRED_KEY };
  if (draft.quality === '') errors.quality = { key: REQUIRED_KEY };
  for (const field of ['suggestedPrice', 'selledPrice'] as const) {
    if (draft[field].trim() !== '' && Number.isNaN(parseDecimal(draft[field])))
      errors[field] = { key: 'products.invalidPrice' };
  }
  const category = categoryOf(reference, draft.category);
  if (isFieldVisible(category, 'measurements')) {
    for (const field of ['measurementWidth', 'measurementLength'] as const) {
      const value = parseDecimal(draft[field]);
      if (draft[field].trim() !== '' && !(value > 0))
        errors[field] = { key: 'products.invalidMeasurement' };
    }
  }
  for (const issue of validateAttributeValues(
    attributeFieldsOf(reference, draft.category),
    draft.attributes,
  )) {
    const key =
      issue.kind === 'REQUIRED'
        ? REQUIRED_KEY
        : issue.kind === 'TOO_MANY'
          ? 'products.tooManyOptions'
          : 'products.unknownOption';
    errors[`attribute.${issue.code}`] = {
      key,
      ...(issue.message ? { text: issue.message } : {}),
      ...(issue.limit === undefined ? {} : { values: { max: issue.limit } }),
    };
  }
  return errors;
}

/** A changed category drops the answers the new one does not ask for. */
export function withCategory(
  draft: ProductDraft,
  category: string,
  reference: ProductReference,
): ProductDraft {
  return {
    ...draft,
    category,
    attributes: pruneValues(attributeFieldsOf(reference, category), draft.attributes),
  };
}

/** Draft field → update-mask path of the Product message. */
const PATH_OF: Readonly<Record<TextField | 'colors' | 'attributes', string>> = {
  name: 'name',
  marketplaceTitle: 'marketplace_title',
  category: 'category',
  brand: 'brand',
  productSize: 'product_size',
  isbn: 'isbn',
  author: 'author',
  bookTitle: 'book_title',
  videoGameRating: 'video_game_rating',
  quality: 'quality',
  suggestedPrice: 'suggested_price',
  selledPrice: 'selled_price',
  measurementWidth: 'measurement_width',
  measurementLength: 'measurement_length',
  comment: 'comment',
  sellOn: 'sell_on',
  saleStatus: 'sale_status',
  colors: 'colors',
  attributes: 'category_attribute_values',
};
type DraftKey = keyof typeof PATH_OF;
const DRAFT_KEYS = Object.keys(PATH_OF) as DraftKey[];

const sameValue = (a: unknown, b: unknown) =>
  typeof a === 'string' && typeof b === 'string'
    ? a.trim() === b.trim()
    : JSON.stringify(a) === JSON.stringify(b);

/**
 * The update mask of a save: fields that differ from the saved product, leaving out those the
 * draft's category hides (they keep their stored value).
 */
export function changedPaths(
  product: Product,
  draft: ProductDraft,
  reference: ProductReference,
): string[] {
  const saved = draftOf(product);
  const category = categoryOf(reference, draft.category);
  return DRAFT_KEYS.filter((key) => {
    if (sameValue(saved[key], draft[key])) return false;
    const field = categoryFieldOfPath(PATH_OF[key]);
    return field === undefined || isFieldVisible(category, field);
  }).map((key) => PATH_OF[key]);
}

const decimal = (text: string) => (text.trim() === '' ? undefined : parseDecimal(text));

/** The message of a partial update: the product's identity and version, and the draft's values. */
export function updateMessage(product: Product, draft: ProductDraft): Product {
  return create(ProductSchema, {
    uuid: product.uuid,
    rowVersion: product.rowVersion,
    name: draft.name.trim(),
    marketplaceTitle: draft.marketplaceTitle.trim(),
    category: draft.category,
    brand: draft.brand,
    productSize: draft.productSize,
    isbn: draft.isbn.trim(),
    author: draft.author.trim(),
    bookTitle: draft.bookTitle.trim(),
    videoGameRating: draft.videoGameRating.trim(),
    quality: valueOf(ProductQuality, draft.quality),
    suggestedPrice: decimal(draft.suggestedPrice),
    selledPrice: decimal(draft.selledPrice),
    measurementWidth: decimal(draft.measurementWidth),
    measurementLength: decimal(draft.measurementLength),
    comment: draft.comment,
    sellOn: valueOf(SalePlatform, draft.sellOn),
    saleStatus: valueOf(PbSaleStatus, draft.saleStatus),
    colors: [...draft.colors],
    categoryAttributeValues: Object.fromEntries(
      Object.entries(draft.attributes).map(([code, ids]) => [code, [...ids]]),
    ) as JsonObject,
  });
}
