import { fromPromise } from 'xstate';
import { DEPOSIT_STATUSES, type SaleStatus } from '../../domain/deposit/statuses.ts';
import type { ClientFactory } from '../../rpc/clients.ts';
import { BrandService } from '../../rpc/gen/seconde/v1/brand_pb.ts';
import { CategoryService } from '../../rpc/gen/seconde/v1/category_pb.ts';
import { DepositService } from '../../rpc/gen/seconde/v1/deposit_pb.ts';
import { ProductService } from '../../rpc/gen/seconde/v1/product_pb.ts';
import { ProductSizeService } from '../../rpc/gen/seconde/v1/product_size_pb.ts';
import { VendorService } from '../../rpc/gen/seconde/v1/vendor_pb.ts';
import { withFilters } from '../../rpc/interceptors/filters.ts';
import { depositStatusValue, saleStatusOf } from '../deposit/enums.ts';
import { toMs } from '../people/labels.ts';
import type { Page } from '../shared/pagedListMachine.ts';
import { createQueryListMachine, type ListQuery } from '../shared/queryListMachine.ts';

/** One stock line, plain data: names already looked up. */
export interface StockRow {
  readonly uuid: string;
  readonly reference: string;
  readonly name: string;
  readonly depositUuid: string;
  readonly depositName: string;
  /** The deposit's vendor, for staff; '' for a vendor looking at their own stock. */
  readonly vendorName: string;
  readonly category: string;
  readonly brand: string;
  readonly size: string;
  readonly suggestedPrice: number | null;
  readonly selledPrice: number | null;
  readonly saleStatus: SaleStatus | null;
  readonly stockEntry: number | null;
  readonly sellDate: number | null;
}

export interface StockFilters {
  /** Words looked for in the reference and the name. */
  readonly search: string;
  /** Empty: every sale status. */
  readonly saleStatuses: readonly SaleStatus[];
}

export const STOCK_FILTERS: StockFilters = { search: '', saleStatuses: [] };
/** Newest entries first until the user sorts. */
export const STOCK_ORDERING = '-stock_entry_datetime';
export const STOCK_SORTABLE = [
  'reference',
  'name',
  'sale_status',
  'suggested_price',
  'stock_entry_datetime',
  'sell_datetime',
] as const;

export const stockMachine = createQueryListMachine<StockRow, StockFilters>('stock');

const unique = (values: readonly string[]) => [...new Set(values.filter(Boolean))];

/** `uuid → label` of the rows of one page, read with an `uuid in (...)` filter. */
async function labels<T extends { uuid: string }>(
  uuids: readonly string[],
  list: (filters: { uuid: string[] }, pageSize: number) => Promise<{ results: T[] }>,
  label: (row: T) => string,
): Promise<Map<string, string>> {
  const wanted = unique(uuids);
  if (wanted.length === 0) return new Map();
  const { results } = await list({ uuid: wanted }, wanted.length);
  return new Map(results.map((row) => [row.uuid, label(row)]));
}

/**
 * The signed-in vendor's products across their deposits (staff: every product, with its
 * vendor): one product page from the generic list (search over reference and name, sale
 * statuses in the filters header), then the names of its deposits, categories, brands, sizes
 * and, for staff, vendors, one call each for the whole page.
 */
export function stockLogic(clients: ClientFactory, viewer: { readonly isAdminLevel: boolean }) {
  const products = clients.get(ProductService);
  return stockMachine.provide({
    actors: {
      fetchPage: fromPromise<Page<StockRow>, ListQuery<StockFilters>>(async ({ input, signal }) => {
        const { search, saleStatuses } = input.filters;
        const page = await products.list(
          {
            pagination: { page: input.page, pageSize: input.pageSize },
            ordering: input.ordering,
            ...(search.trim() && { search: search.trim() }),
          },
          withFilters(saleStatuses.length > 0 ? { sale_status: saleStatuses } : {}, { signal }),
        );
        const items = page.results;
        if (items.length === 0) return { rows: [], count: page.count };
        const opts = (filters: { uuid: string[] }) => withFilters(filters, { signal });
        const pagination = (pageSize: number) => ({ page: 1, pageSize });
        const [deposits, categories, brands, sizes] = await Promise.all([
          // Every status, so products of closed deposits still name theirs.
          clients
            .get(DepositService)
            .list(
              {
                pagination: pagination(items.length),
                statuses: DEPOSIT_STATUSES.map(depositStatusValue),
              },
              opts({ uuid: unique(items.map((p) => p.deposit)) }),
            )
            .then((answer) => answer.results),
          labels(
            items.map((p) => p.category),
            (f, n) => clients.get(CategoryService).list({ pagination: pagination(n) }, opts(f)),
            (c) => c.name,
          ),
          labels(
            items.map((p) => p.brand),
            (f, n) => clients.get(BrandService).list({ pagination: pagination(n) }, opts(f)),
            (b) => b.name,
          ),
          labels(
            items.map((p) => p.productSize),
            (f, n) => clients.get(ProductSizeService).list({ pagination: pagination(n) }, opts(f)),
            (s) => s.title,
          ),
        ]);
        const depositOf = new Map(deposits.map((d) => [d.uuid, d]));
        const vendors = viewer.isAdminLevel
          ? await labels(
              deposits.map((d) => d.vendor),
              (f, n) => clients.get(VendorService).list({ pagination: pagination(n) }, opts(f)),
              (v) => `${v.firstName} ${v.lastName}`.trim() || v.email,
            )
          : new Map<string, string>();
        const rows = items.map((p): StockRow => {
          const deposit = depositOf.get(p.deposit);
          return {
            uuid: p.uuid,
            reference: p.reference,
            name: p.name,
            depositUuid: p.deposit,
            depositName: deposit?.name ?? '',
            vendorName: vendors.get(deposit?.vendor ?? '') ?? '',
            category: categories.get(p.category) ?? p.manualCategory,
            brand: brands.get(p.brand) ?? p.manualBrand,
            size: sizes.get(p.productSize) ?? '',
            suggestedPrice: p.suggestedPrice ?? null,
            selledPrice: p.selledPrice ?? null,
            saleStatus: saleStatusOf(p.saleStatus),
            stockEntry: toMs(p.stockEntryDatetime),
            sellDate: toMs(p.sellDatetime),
          };
        });
        return { rows, count: page.count };
      }),
    },
  });
}
