import type { SheetRecord } from './text.ts';
import {
  categoryFor,
  indexReferences,
  qualityOf,
  sizeFor,
  type ProductReferenceData,
  type Quality,
} from './references.ts';
import { matchKey } from './text.ts';
import { previewSheet, type ColumnSpec, type RowProblem, type SheetPreview } from './sheet.ts';
import { parseDay, parseDecimal } from './values.ts';

export type ProductColumn =
  | 'reference'
  | 'name'
  | 'category'
  | 'brand'
  | 'size'
  | 'color'
  | 'quality'
  | 'price'
  | 'entryDate'
  | 'comment';

const h = (...names: string[]) => names;

/** The product sheet's columns; headers compared without case, accents or punctuation. */
export const PRODUCT_COLUMNS: readonly ColumnSpec<ProductColumn>[] = [
  {
    key: 'reference',
    headers: h('reference', 'ref', 'references', 'sku', 'code', 'codearticle', 'productreference'),
    required: true,
    kind: 'text',
    maxLength: 64,
  },
  {
    key: 'name',
    headers: h('nom', 'name', 'titre', 'title', 'article', 'designation', 'libelle', 'productname'),
    required: true,
    kind: 'text',
    maxLength: 200,
  },
  {
    key: 'category',
    headers: h('categorie', 'category', 'categories', 'rayon'),
    required: true,
    kind: 'text',
  },
  { key: 'brand', headers: h('marque', 'brand', 'marques', 'brands'), kind: 'text' },
  { key: 'size', headers: h('taille', 'size', 'tailles', 'sizes'), kind: 'text' },
  { key: 'color', headers: h('couleur', 'couleurs', 'color', 'colors', 'colour'), kind: 'text' },
  { key: 'quality', headers: h('qualite', 'quality', 'etat', 'condition'), kind: 'text' },
  {
    key: 'price',
    headers: h(
      'prixconseille',
      'prix',
      'price',
      'suggestedprice',
      'recommendedprice',
      'prixdevente',
      'saleprice',
    ),
    required: true,
    kind: 'code',
  },
  {
    key: 'entryDate',
    headers: h(
      'datedentree',
      'dateentree',
      'dateentreeenstock',
      'entreeenstock',
      'entrydate',
      'stockentrydate',
      'stockentry',
      'date',
    ),
    kind: 'code',
  },
  {
    key: 'comment',
    headers: h('commentaire', 'commentaires', 'comment', 'comments', 'remarque', 'notes', 'note'),
    kind: 'text',
    maxLength: 2000,
  },
];

/** One product as the import writes it: uuids of the reference data, plain values otherwise. */
export interface ProductRowValues {
  readonly reference: string;
  readonly name: string;
  readonly category: string;
  /** null: no brand, or a brand outside the catalogue (then kept in manualBrand). */
  readonly brand: string | null;
  readonly manualBrand: string;
  readonly size: string | null;
  readonly colors: readonly string[];
  /** null: the product takes the default quality (VERY_GOOD). */
  readonly quality: Quality | null;
  readonly price: number;
  /** `YYYY-MM-DD`, or null when the sheet gives none. */
  readonly entryDate: string | null;
  readonly comment: string;
}

export type ProductPreview = SheetPreview<ProductColumn, ProductRowValues>;

export interface ProductSheetOptions {
  /** References already used in the target deposit (the server always knows them). */
  readonly existingReferences?: Iterable<string>;
}

/** Highest price a product may carry; beyond, the cell is taken for a typing mistake. */
export const MAX_PRICE = 1_000_000;

/**
 * Checks a product sheet against the reference lists: each row gets its values (category,
 * brand, size and colours as uuids) or the reasons it is refused.
 */
export function previewProductSheet(
  sheetName: string,
  records: readonly SheetRecord[],
  references: ProductReferenceData,
  options: ProductSheetOptions = {},
): ProductPreview {
  const index = indexReferences(references);
  const existing = new Set([...(options.existingReferences ?? [])].map((r) => r.trim()));
  const seen = new Map<string, number>();
  return previewSheet(sheetName, records, PRODUCT_COLUMNS, (cells, row) => {
    const issues: RowProblem[] = [];
    const problem = (p: RowProblem) => issues.push(p);

    const reference = cells.reference ?? '';
    if (!reference) problem({ code: 'referenceMissing', column: 'reference' });
    else if (seen.has(reference))
      problem({
        code: 'referenceDuplicate',
        column: 'reference',
        params: { firstRow: seen.get(reference)! },
      });
    else {
      seen.set(reference, row);
      if (existing.has(reference)) problem({ code: 'referenceExists', column: 'reference' });
    }

    const name = cells.name ?? '';
    if (!name) problem({ code: 'nameMissing', column: 'name' });

    const categoryText = cells.category ?? '';
    const match = categoryText ? categoryFor(index, categoryText) : null;
    const category = match?.category ?? null;
    if (!categoryText) problem({ code: 'categoryMissing', column: 'category' });
    else if (!match)
      problem({ code: 'categoryUnknown', column: 'category', params: { value: categoryText } });
    else if (match.guessed)
      problem({
        code: 'categoryGuessed',
        level: 'warning',
        column: 'category',
        params: { value: categoryText, chosen: match.category.name },
      });

    const brandText = cells.brand ?? '';
    const brand = brandText ? (index.brands.get(matchKey(brandText)) ?? null) : null;

    const size = cells.size ? sizeFor(index, cells.size, category) : null;
    if (cells.size && !size)
      problem({ code: 'sizeUnknown', column: 'size', params: { value: cells.size } });

    const colors: string[] = [];
    for (const part of (cells.color ?? '').split(/[,/+]/)) {
      const text = part.trim();
      if (!text) continue;
      const color = index.colors.get(matchKey(text));
      if (color) colors.push(color.uuid);
      else
        problem({
          code: 'colorUnknown',
          level: 'warning',
          column: 'color',
          params: { value: text },
        });
    }

    const quality = cells.quality ? qualityOf(cells.quality) : null;
    if (cells.quality && !quality)
      problem({ code: 'qualityUnknown', column: 'quality', params: { value: cells.quality } });

    const price = cells.price ? parseDecimal(cells.price) : null;
    if (!cells.price) problem({ code: 'priceMissing', column: 'price' });
    else if (price === null || price > MAX_PRICE)
      problem({ code: 'priceInvalid', column: 'price', params: { value: cells.price } });
    else if (price <= 0)
      problem({ code: 'priceNotPositive', column: 'price', params: { value: cells.price } });

    const entryDate = cells.entryDate ? parseDay(cells.entryDate) : null;
    if (cells.entryDate && !entryDate)
      problem({ code: 'dateInvalid', column: 'entryDate', params: { value: cells.entryDate } });

    return {
      values: {
        reference,
        name,
        category: category?.uuid ?? '',
        brand: brand?.uuid ?? null,
        manualBrand: brand ? '' : brandText,
        size: size?.uuid ?? null,
        colors: [...new Set(colors)],
        quality,
        price: Math.round((price ?? 0) * 100) / 100,
        entryDate,
        comment: cells.comment ?? '',
      },
      issues,
    };
  });
}
