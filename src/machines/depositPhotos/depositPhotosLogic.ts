import { fromPromise } from 'xstate';
import type { ClientFactory } from '../../rpc/clients.ts';
import { DepositService } from '../../rpc/gen/seconde/v1/deposit_pb.ts';
import { ProductService, type Product } from '../../rpc/gen/seconde/v1/product_pb.ts';
import { withFilters } from '../../rpc/interceptors/filters.ts';
import { clusterModeMachine } from '../clusterMode/clusterModeMachine.ts';
import { imageCalls } from '../imageList/imageListActors.ts';
import { createPagedListMachine, type Page, type PageQuery } from '../shared/pagedListMachine.ts';
import { depositPhotosMachine } from './depositPhotosMachine.ts';

/** A product of the deposit as a drop target: its photos can be dragged onto it. */
export interface ProductStripRow {
  readonly uuid: string;
  readonly name: string;
  readonly reference: string;
  /** Invoiced products are read-only. */
  readonly invoiced: boolean;
}

/** Products shown as drop targets at a time: a phone screen holds a few; the rest are paged. */
export const PRODUCT_STRIPS_PAGE_SIZE = 4;

export const productStripRow = (product: Product): ProductStripRow => ({
  uuid: product.uuid,
  name: product.name,
  reference: product.reference,
  invoiced: product.inInvoices.length > 0,
});

export const productStripsMachine = createPagedListMachine<ProductStripRow>('productStrips');

/** The deposit's products, newest first (the product just made from photos comes first). */
export function productStripsLogic(clients: ClientFactory, deposit: string) {
  const client = clients.get(ProductService);
  return productStripsMachine.provide({
    actors: {
      fetchPage: fromPromise<Page<ProductStripRow>, PageQuery>(async ({ input, signal }) => {
        const answer = await client.list(
          {
            pagination: { page: input.page, pageSize: input.pageSize },
            ordering: '-created_at',
            deposit,
          },
          withFilters({ deposit }, { signal }),
        );
        return { rows: answer.results.map(productStripRow), count: answer.count };
      }),
    },
  });
}

/** The photo section with its real call: chosen photos become one product. */
export function depositPhotosLogic(clients: ClientFactory) {
  const client = clients.get(ProductService);
  return depositPhotosMachine.provide({
    actors: {
      createFromSelection: fromPromise(async ({ input, signal }) => {
        const product = await client.createFromDepositImages(
          { deposit: input.deposit, depositImagesUuids: [...input.uuids] },
          { signal },
        );
        return product.uuid;
      }),
    },
  });
}

/** The group-by-group walk over the real calls. */
export function clusterModeLogic(clients: ClientFactory) {
  const photos = imageCalls(clients);
  const products = clients.get(ProductService);
  const deposits = clients.get(DepositService);
  return clusterModeMachine.provide({
    actors: {
      loadPhotos: fromPromise(({ input, signal }) =>
        photos.load({ kind: 'deposit', uuid: input.deposit }, signal),
      ),
      createProduct: fromPromise(async ({ input, signal }) => {
        const answer = await products.processClusterAndCreateProduct(input, { signal });
        return {
          productUuid: answer.productUuid,
          remainingClustersCount: answer.remainingClustersCount,
        };
      }),
      saveClusters: fromPromise(async ({ input, signal }) => {
        await deposits.updateClusterImages(
          {
            uuid: input.deposit,
            clusters: input.groups.map((group) => ({ depositImages: [...group] })),
          },
          { signal },
        );
      }),
    },
  });
}
