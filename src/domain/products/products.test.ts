import { describe, expect, it } from 'vitest';
import {
  attributesForCategory,
  categoryFieldOfPath,
  groupCategories,
  hiddenFieldPaths,
  isFieldVisible,
  isProductInvoiced,
  pruneValues,
  readSelection,
  validateAttributeValues,
  visibleFields,
  type AttributeDefinition,
  type CategoryFlags,
} from './index.ts';

const NONE: CategoryFlags = {
  showColor: false,
  showSize: false,
  showMeasurements: false,
  showBrand: false,
  showAuthor: false,
  showBookTitle: false,
  showIsbn: false,
  showVideoGameRating: false,
};
const DRESSES = { ...NONE, showColor: true, showSize: true, showBrand: true };
const BOOKS = { ...NONE, showAuthor: true, showBookTitle: true, showIsbn: true };

describe('category fields', () => {
  it('shows exactly the flagged fields', () => {
    expect([...visibleFields(DRESSES)].sort()).toEqual(['brand', 'color', 'size']);
    expect([...visibleFields(BOOKS)].sort()).toEqual(['author', 'bookTitle', 'isbn']);
    expect(isFieldVisible(BOOKS, 'size')).toBe(false);
    expect(isFieldVisible({ ...NONE, showVideoGameRating: true }, 'videoGameRating')).toBe(true);
  });

  it('shows none of them without a category', () => {
    expect(visibleFields(undefined).size).toBe(0);
    expect(isFieldVisible(null, 'brand')).toBe(false);
  });

  it('names the hidden fields as update-mask paths', () => {
    const hidden = hiddenFieldPaths(BOOKS);
    expect(hidden).toContain('product_size');
    expect(hidden).toContain('measurement_width');
    expect(hidden).toContain('manual_brand');
    expect(hidden).not.toContain('isbn');
    expect(categoryFieldOfPath('measurement_length')).toBe('measurements');
    expect(categoryFieldOfPath('comment')).toBeUndefined();
  });
});

const material: AttributeDefinition = {
  uuid: 'a1',
  code: 'material',
  title: 'Matière',
  selectionType: 'multiple',
  selectionLimit: 3,
  validationErrorMessage: 'Choisissez au moins une matière (3 au plus)',
  order: 1,
  options: [
    { marketplaceId: 1, title: 'Coton' },
    { marketplaceId: 2, title: 'Laine' },
    { marketplaceId: 3, title: 'Lin', children: [{ marketplaceId: 31, title: 'Lin lavé' }] },
    { marketplaceId: 4, title: 'Soie' },
  ],
};
const pattern: AttributeDefinition = {
  ...material,
  uuid: 'a2',
  code: 'pattern',
  selectionType: 'single',
  selectionLimit: 5,
  validationErrorMessage: '',
  order: 2,
};
const fields = attributesForCategory(
  [
    { categoryAttribute: 'a2', required: false, order: 2 },
    { categoryAttribute: 'a1', required: true, order: 1 },
    { categoryAttribute: 'gone', required: true, order: 3 },
  ],
  [material, pattern],
);

describe('category attributes', () => {
  it('lists the assigned attributes in order, the assignment deciding required', () => {
    expect(fields.map((f) => [f.attribute.code, f.required, f.maxSelected])).toEqual([
      ['material', true, 3],
      ['pattern', false, 1],
    ]);
  });

  it('asks for required answers with the custom message', () => {
    expect(validateAttributeValues(fields, {})).toEqual([
      {
        code: 'material',
        kind: 'REQUIRED',
        message: 'Choisissez au moins une matière (3 au plus)',
      },
    ]);
    expect(validateAttributeValues(fields, { material: [] }, { requireAnswers: false })).toEqual(
      [],
    );
  });

  it('enforces the selection limit, single choices taking one', () => {
    const issues = validateAttributeValues(fields, { material: [1, 2, 3, 4], pattern: [1, 2] });
    expect(issues.map((i) => [i.code, i.kind, i.limit])).toEqual([
      ['material', 'TOO_MANY', 3],
      ['pattern', 'TOO_MANY', 1],
    ]);
    expect(validateAttributeValues(fields, { material: [1, 1, 2, 31] })).toEqual([]);
  });

  it('refuses options the attribute does not offer, nested ones being offered', () => {
    expect(validateAttributeValues(fields, { material: [99] })[0]?.kind).toBe('UNKNOWN_OPTION');
    expect(validateAttributeValues(fields, { material: [31] })).toEqual([]);
  });

  it('reads bare and numeric-string answers, ignores the rest', () => {
    expect(readSelection(2)).toEqual([2]);
    expect(readSelection(['3', 'x', null, 1.5, 4])).toEqual([3, 4]);
    expect(readSelection(undefined)).toEqual([]);
    expect(readSelection({ a: 1 })).toEqual([]);
  });

  it('prunes answers to the attributes the category asks for', () => {
    expect(pruneValues(fields, { material: 1, size_chart: [4], pattern: [] })).toEqual({
      material: [1],
    });
  });
});

describe('category tree', () => {
  const cat = (uuid: string, family: string, order: number, active = true) => ({
    uuid,
    name: uuid,
    family,
    order,
    active,
  });
  it('groups by family in the fixed order, sorts by order, hides inactive unless kept', () => {
    const groups = groupCategories([
      cat('toys', 'KIDS', 3),
      cat('skirts', 'WOMAN', 2),
      cat('dresses', 'WOMAN', 1),
      cat('old', 'WOMAN', 0, false),
      cat('any', 'UNSPECIFIED', 9),
      cat('kept', 'MAN', 1, false),
    ]);
    expect(groups.map((g) => [g.family, g.categories.map((c) => c.uuid)])).toEqual([
      ['WOMAN', ['dresses', 'skirts']],
      ['KIDS', ['toys']],
      ['UNSPECIFIED', ['any']],
    ]);
    expect(groupCategories([cat('kept', 'MAN', 1, false)], 'kept')[0]?.categories).toHaveLength(1);
  });
});

describe('invoiced products', () => {
  it('are frozen by the FACTURED status or an invoice', () => {
    expect(isProductInvoiced({ saleStatus: 'FACTURED', inInvoices: [] })).toBe(true);
    expect(isProductInvoiced({ saleStatus: 1, inInvoices: [] })).toBe(true);
    expect(isProductInvoiced({ saleStatus: 'SELL', inInvoices: ['i1'] })).toBe(true);
    expect(isProductInvoiced({ saleStatus: 6, inInvoices: [] })).toBe(false);
  });
});
