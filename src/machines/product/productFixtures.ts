import { create } from '@bufbuild/protobuf';
import { CategorySchema } from '../../rpc/gen/seconde/v1/category_pb.ts';
import { CategoryAttributeSchema } from '../../rpc/gen/seconde/v1/category_attribute_pb.ts';
import {
  ProductQuality,
  ProductSchema,
  SaleStatus,
  type Product,
} from '../../rpc/gen/seconde/v1/product_pb.ts';
import type { LoadedProduct, ProductReference } from './productTypes.ts';

/** A small catalogue and product for the product machine's tests. Test support only. */
export const MATERIAL = create(CategoryAttributeSchema, {
  uuid: 'attr-material',
  code: 'material',
  title: 'Matière',
  selectionType: 'multiple',
  selectionLimit: 2,
  validationErrorMessage: 'Choisissez une matière',
  options: [
    { marketplaceId: 1, title: 'Coton' },
    { marketplaceId: 2, title: 'Laine' },
    { marketplaceId: 3, title: 'Lin' },
  ],
});

export const DRESSES = create(CategorySchema, {
  uuid: 'cat-dresses',
  name: 'Robes',
  family: 1,
  order: 1,
  active: true,
  showColor: true,
  showSize: true,
  showBrand: true,
  productSizeGroup: 'woman-letter',
  attributeAssignments: [{ categoryAttribute: 'attr-material', required: true, order: 1 }],
});

export const BOOKS = create(CategorySchema, {
  uuid: 'cat-books',
  name: 'Livres',
  family: 6,
  order: 2,
  active: true,
  showAuthor: true,
  showBookTitle: true,
  showIsbn: true,
});

export const REFERENCE: ProductReference = {
  categories: [DRESSES, BOOKS],
  attributes: [MATERIAL],
  sizes: [],
  brands: [],
  colors: [],
};

export const PRODUCT: Product = create(ProductSchema, {
  uuid: 'p-1',
  deposit: 'd-1',
  rowVersion: 3,
  name: 'Robe Zara noire',
  category: 'cat-dresses',
  quality: ProductQuality.VERY_GOOD,
  saleStatus: SaleStatus.OFFLINE,
  categoryAttributeValues: { material: [1] },
});

export const loadedWith = (product: Product = PRODUCT): LoadedProduct => ({
  product,
  deposit: { uuid: 'd-1', name: 'Dépôt', status: 'INLINE', vendor: 'v-1' },
  reference: REFERENCE,
  transferTargets: [{ uuid: 'd-2', name: 'Autre dépôt' }],
  searchUrl: 'https://marketplace.test/search?q=robe',
});

export const INVOICED = create(ProductSchema, { ...PRODUCT, inInvoices: ['inv-1'] });
