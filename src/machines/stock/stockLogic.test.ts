import { create } from '@bufbuild/protobuf';
import { createRouterTransport, type HandlerContext } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createClientFactory } from '../../rpc/clients.ts';
import { BrandSchema, BrandService } from '../../rpc/gen/seconde/v1/brand_pb.ts';
import { CategorySchema, CategoryService } from '../../rpc/gen/seconde/v1/category_pb.ts';
import { DepositSchema, DepositService } from '../../rpc/gen/seconde/v1/deposit_pb.ts';
import {
  ProductSchema,
  ProductService,
  SaleStatus,
  type ListProductsRequest,
} from '../../rpc/gen/seconde/v1/product_pb.ts';
import { ProductSizeSchema, ProductSizeService } from '../../rpc/gen/seconde/v1/product_size_pb.ts';
import { VendorSchema, VendorService } from '../../rpc/gen/seconde/v1/vendor_pb.ts';
import { appInterceptors } from '../../rpc/transport.ts';
import { STOCK_FILTERS, STOCK_ORDERING, STOCK_SORTABLE, stockLogic } from './stockLogic.ts';

const filtersOf = (ctx: HandlerContext) => {
  const header = ctx.requestHeader.get('filters');
  return header ? (JSON.parse(decodeURIComponent(header)) as Record<string, unknown>) : {};
};
const byUuid = <T extends { uuid: string }>(rows: T[], ctx: HandlerContext) => {
  const wanted = (filtersOf(ctx).uuid as string[] | undefined) ?? [];
  return rows.filter((r) => wanted.includes(r.uuid));
};

/** A server with two products in one deposit, its catalogue and its vendor; calls recorded. */
function server() {
  const calls: { service: string; filters: Record<string, unknown>; request?: unknown }[] = [];
  const record = (service: string, ctx: HandlerContext, request?: unknown) =>
    calls.push({ service, filters: filtersOf(ctx), request });
  const products = [
    create(ProductSchema, {
      uuid: 'p1',
      reference: 'REF-1',
      name: 'Robe',
      deposit: 'd1',
      category: 'c1',
      brand: 'b1',
      productSize: 's1',
      suggestedPrice: 20,
      saleStatus: SaleStatus.ONLINE,
    }),
    create(ProductSchema, {
      uuid: 'p2',
      reference: 'REF-2',
      name: 'Pull',
      deposit: 'd1',
      manualCategory: 'Tricot',
      manualBrand: 'Fait main',
      selledPrice: 12,
      saleStatus: SaleStatus.SELL,
    }),
  ];
  const transport = createRouterTransport(
    (router) => {
      router.service(ProductService, {
        list: (request: ListProductsRequest, ctx) => {
          record('product', ctx, request);
          const hits = request.search === 'nothing' ? [] : products;
          return { results: hits, count: hits.length };
        },
      });
      router.service(DepositService, {
        list: (request, ctx) => {
          record('deposit', ctx, request);
          const all = [create(DepositSchema, { uuid: 'd1', name: 'Dépôt 001', vendor: 'v1' })];
          return { results: byUuid(all, ctx), count: 1 };
        },
      });
      router.service(CategoryService, {
        list: (_, ctx) => {
          record('category', ctx);
          return { results: byUuid([create(CategorySchema, { uuid: 'c1', name: 'Robes' })], ctx) };
        },
      });
      router.service(BrandService, {
        list: (_, ctx) => {
          record('brand', ctx);
          return {
            results: byUuid([create(BrandSchema, { uuid: 'b1', name: 'Petit Bateau' })], ctx),
          };
        },
      });
      router.service(ProductSizeService, {
        list: (_, ctx) => {
          record('size', ctx);
          return { results: byUuid([create(ProductSizeSchema, { uuid: 's1', title: 'M' })], ctx) };
        },
      });
      router.service(VendorService, {
        list: (_, ctx) => {
          record('vendor', ctx);
          const all = [create(VendorSchema, { uuid: 'v1', firstName: 'Valérie', lastName: 'V.' })];
          return { results: byUuid(all, ctx), count: 1 };
        },
      });
    },
    { transport: { interceptors: appInterceptors(() => 'token') } },
  );
  return { clients: createClientFactory({ main: transport, notification: transport }), calls };
}

async function load(isAdminLevel: boolean, filters = STOCK_FILTERS) {
  const backend = server();
  const actor = createActor(stockLogic(backend.clients, { isAdminLevel }), {
    input: { filters, ordering: STOCK_ORDERING, sortable: STOCK_SORTABLE },
  }).start();
  const snapshot = await waitFor(actor, (s) => !s.hasTag('busy'));
  actor.stop();
  return { snapshot, calls: backend.calls };
}

describe('stockLogic', () => {
  it('names each product’s deposit, category, brand and size, one call each for the page', async () => {
    const { snapshot, calls } = await load(false);
    expect(snapshot.value).toBe('ready');
    expect(snapshot.context.rows).toEqual([
      expect.objectContaining({
        reference: 'REF-1',
        depositUuid: 'd1',
        depositName: 'Dépôt 001',
        vendorName: '',
        category: 'Robes',
        brand: 'Petit Bateau',
        size: 'M',
        suggestedPrice: 20,
        saleStatus: 'ONLINE',
      }),
      // Free-text category and brand when the catalogue has none.
      expect.objectContaining({ category: 'Tricot', brand: 'Fait main', selledPrice: 12 }),
    ]);
    expect(calls.map((c) => c.service).sort()).toEqual([
      'brand',
      'category',
      'deposit',
      'product',
      'size',
    ]);
    expect(calls.find((c) => c.service === 'deposit')!.filters).toEqual({ uuid: ['d1'] });
  });

  it('gives staff the vendor of each line', async () => {
    const { snapshot, calls } = await load(true);
    expect(snapshot.context.rows[0]!.vendorName).toBe('Valérie V.');
    expect(calls.find((c) => c.service === 'vendor')!.filters).toEqual({ uuid: ['v1'] });
  });

  it('sends the search, the ordering and the sale statuses, and looks nothing up for no product', async () => {
    const { snapshot, calls } = await load(false, { search: ' nothing ', saleStatuses: ['SELL'] });
    expect(snapshot.context.count).toBe(0);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.filters).toEqual({ sale_status: ['SELL'] });
    expect(calls[0]!.request).toMatchObject({
      search: 'nothing',
      ordering: '-stock_entry_datetime',
      pagination: { page: 1, pageSize: 25 },
    });
  });
});
