import type { Client } from '@connectrpc/connect';
import { fromPromise } from 'xstate';
import type { ClientFactory } from '../../rpc/clients.ts';
import { BrandService } from '../../rpc/gen/seconde/v1/brand_pb.ts';
import { CategoryAttributeService } from '../../rpc/gen/seconde/v1/category_attribute_pb.ts';
import { CategoryService } from '../../rpc/gen/seconde/v1/category_pb.ts';
import { ColorService } from '../../rpc/gen/seconde/v1/color_pb.ts';
import { DepositService } from '../../rpc/gen/seconde/v1/deposit_pb.ts';
import {
  ProductOrigin,
  ProductService,
  type FindPriceForComparableItemsResponse,
  type GenerateProductNameResponse,
  type GenerateProductPriceResponse,
  type Product,
} from '../../rpc/gen/seconde/v1/product_pb.ts';
import { ProductSizeService } from '../../rpc/gen/seconde/v1/product_size_pb.ts';
import { depositStatusOf } from '../deposit/enums.ts';
import { updateMessage } from './productDraft.ts';
import type {
  DepositChoice,
  LoadedProduct,
  ProductDraft,
  ProductReference,
} from './productTypes.ts';

/** Page sizes the catalogue calls use (the protos say the client loads each list at once). */
export const REFERENCE_PAGE_SIZES = {
  categories: 5000,
  attributes: 5000,
  sizes: 700,
  brands: 5000,
  colors: 500,
} as const;

/** Deposits a product may move to: the vendor's deposits that still take items. */
const TRANSFER_PAGE_SIZE = 200;
const CLOSED = new Set(['RESTITUED', 'ABANDONED', 'CANCELED']);

export interface SaveInput {
  readonly product: Product;
  readonly draft: ProductDraft;
  readonly paths: readonly string[];
}
export interface SaveOutput {
  readonly product: Product;
  readonly searchUrl: string;
}
export interface DuplicateInput {
  readonly uuid: string;
  readonly copyImages: boolean;
  readonly copyAnnouncement: boolean;
}

async function loadReference(
  clients: ClientFactory,
  signal: AbortSignal,
): Promise<ProductReference> {
  const page = (pageSize: number) => ({ pagination: { page: 1, pageSize } });
  const [categories, attributes, sizes, brands, colors] = await Promise.all([
    clients.get(CategoryService).list(page(REFERENCE_PAGE_SIZES.categories), { signal }),
    clients.get(CategoryAttributeService).list(page(REFERENCE_PAGE_SIZES.attributes), { signal }),
    clients.get(ProductSizeService).list(page(REFERENCE_PAGE_SIZES.sizes), { signal }),
    clients
      .get(BrandService)
      .list({ ...page(REFERENCE_PAGE_SIZES.brands), ordering: 'name' }, { signal }),
    clients.get(ColorService).list(page(REFERENCE_PAGE_SIZES.colors), { signal }),
  ]);
  return {
    categories: categories.results,
    attributes: attributes.results,
    sizes: sizes.results,
    brands: brands.results,
    colors: colors.results,
  };
}

/** The catalogue changes rarely: one load per client set serves every product page. */
const referenceCache = new WeakMap<ClientFactory, Promise<ProductReference>>();

function cachedReference(clients: ClientFactory, signal: AbortSignal) {
  let loading = referenceCache.get(clients);
  if (!loading) {
    loading = loadReference(clients, signal);
    referenceCache.set(clients, loading);
    loading.catch(() => referenceCache.delete(clients));
  }
  return loading;
}

/** The marketplace search address, or '' (a missing link never fails the page). */
async function searchUrlOf(
  products: Client<typeof ProductService>,
  uuid: string,
  signal: AbortSignal,
) {
  try {
    return (await products.getMarketplaceSearchUrl({ uuid }, { signal })).url;
  } catch {
    return '';
  }
}

/** The real actors of the product machine, over the app's clients. */
export function createProductActors(clients: ClientFactory) {
  const products = clients.get(ProductService);
  const deposits = clients.get(DepositService);

  const load = async (uuid: string, signal: AbortSignal): Promise<LoadedProduct> => {
    const product = await products.retrieve({ uuid }, { signal });
    const [deposit, reference, searchUrl] = await Promise.all([
      deposits.retrieve({ uuid: product.deposit }, { signal }),
      cachedReference(clients, signal),
      searchUrlOf(products, uuid, signal),
    ]);
    const others = await deposits.list(
      {
        pagination: { page: 1, pageSize: TRANSFER_PAGE_SIZE },
        vendor: deposit.vendor,
        ordering: 'name',
      },
      { signal },
    );
    const transferTargets: DepositChoice[] = others.results
      .filter((d) => d.uuid !== deposit.uuid && !CLOSED.has(depositStatusOf(d.status) ?? ''))
      .map((d) => ({ uuid: d.uuid, name: d.name }));
    return {
      product,
      deposit: {
        uuid: deposit.uuid,
        name: deposit.name,
        status: depositStatusOf(deposit.status),
        vendor: deposit.vendor,
      },
      reference,
      transferTargets,
      searchUrl,
    };
  };

  return {
    loadProduct: fromPromise<LoadedProduct, { uuid: string }>(({ input, signal }) =>
      load(input.uuid, signal),
    ),
    saveProduct: fromPromise<SaveOutput, SaveInput>(async ({ input, signal }) => {
      const product = await products.partialUpdate(
        {
          product: updateMessage(input.product, input.draft),
          updateMask: { paths: [...input.paths] },
          lastUpdatedBy: ProductOrigin.PROVIDER,
        },
        { signal },
      );
      return { product, searchUrl: await searchUrlOf(products, product.uuid, signal) };
    }),
    generateName: fromPromise<GenerateProductNameResponse, { uuid: string }>(({ input, signal }) =>
      products.generateName({ uuid: input.uuid }, { signal }),
    ),
    generatePrice: fromPromise<GenerateProductPriceResponse, { uuid: string }>(
      ({ input, signal }) => products.generatePrice({ uuid: input.uuid }, { signal }),
    ),
    findPrice: fromPromise<FindPriceForComparableItemsResponse, { uuid: string; title: string }>(
      ({ input, signal }) => products.findPriceForComparableItems(input, { signal }),
    ),
    duplicateProduct: fromPromise<Product, DuplicateInput>(({ input, signal }) =>
      products.duplicate(
        {
          uuid: input.uuid,
          copyImages: input.copyImages,
          copyProductAnnouncement: input.copyAnnouncement,
        },
        { signal },
      ),
    ),
    transferProduct: fromPromise<number, { uuid: string; deposit: string }>(
      async ({ input, signal }) =>
        (
          await products.transferToAnotherDeposit(
            { productUuids: [input.uuid], targetDeposit: input.deposit },
            { signal },
          )
        ).transferredCount,
    ),
    destroyProduct: fromPromise<void, { uuid: string }>(async ({ input, signal }) => {
      await products.destroy({ uuid: input.uuid }, { signal });
    }),
  };
}
