import { create } from '@bufbuild/protobuf';
import type { HandlerContext } from '@connectrpc/connect';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { ProductImageSchema } from '../../../src/rpc/gen/seconde/v1/product_image_pb.ts';
import {
  DashboardListProductsResponseSchema,
  ExtraLightListProductsResponseSchema,
  ListProductsResponseSchema,
  ProductSchema,
  SaleStatusSchema,
  type Product,
} from '../../../src/rpc/gen/seconde/v1/product_pb.ts';
import {
  STOCK_LABELS_HEADER,
  STOCK_VIEW_HEADER,
  isStockLayout,
} from '../../../src/domain/stock/stockWire.ts';
import { pageOf, requireCaller, requireUuid } from '../../crud/crudService.ts';
import { columnFields, enumToLabel, rowToMessage } from '../../crud/rowMapping.ts';
import type { ColumnInfo } from '../../crud/tableInfo.ts';
import { lazySchema, tableColumns } from '../deposit/rules/ruleSql.ts';
import type { ServiceDeps } from '../deps.ts';
import { ProductService } from '../../../src/rpc/gen/seconde/v1/product_pb.ts';
import { implement } from '../implement.ts';
import { encodeLabels } from './stockLabels.ts';
import { countRows, lightRows, pageRows, stockWhere, type PageRow } from './stockQuery.ts';

type Req = Record<string, unknown>;

/** What the stock views show of a product; the list call sends only these when a view asks. */
const VIEW_COLUMNS = new Set([
  'uuid',
  'deposit',
  'reference',
  'name',
  'category',
  'manual_category',
  'brand',
  'manual_brand',
  'product_size',
  'suggested_price',
  'selled_price',
  'sale_status',
  'stock_entry_datetime',
  'sell_datetime',
  'in_invoices',
  'main_image_url',
  'row_version',
]);

/** Largest page whose names the list sends back (the views ask for 100 lines at a time). */
export const LABELED_PAGE_MAX = 200;

/**
 * The free text of a call whose request has no search field (extraLightList, dashboardList): a
 * `search` key of the filters header, taken out before the header's columns are checked.
 */
function splitSearch(header: string | null): { header: string | null; search: string } {
  if (!header) return { header, search: '' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(decodeURIComponent(header));
  } catch {
    return { header, search: '' };
  }
  if (!parsed || typeof parsed !== 'object' || !('search' in parsed)) return { header, search: '' };
  const { search, ...rest } = parsed as Record<string, unknown>;
  return {
    header: encodeURIComponent(JSON.stringify(rest)),
    search: typeof search === 'string' ? search : '',
  };
}

/** The request's own fields that narrow a list: one deposit, some sale statuses. */
function requestWhere(req: Req): RawBuilder<SqlBool>[] {
  const where: RawBuilder<SqlBool>[] = [];
  if (typeof req.deposit === 'string' && req.deposit !== '') {
    where.push(sql<SqlBool>`r.deposit = ${requireUuid(req.deposit, 'deposit')}`);
  }
  const statuses = ((req.saleStatuses as number[] | undefined) ?? [])
    .map((s) => enumToLabel(SaleStatusSchema, s))
    .filter((s): s is string => s !== null);
  if (statuses.length > 0) {
    where.push(sql<SqlBool>`r.sale_status::text in (${sql.join(statuses)})`);
  }
  return where;
}

/**
 * ProductService's list calls, fast on 100k products: the page and its count under the same
 * conditions (scope in SQL), ordering served by the product indexes, and, when a stock view asks
 * through the `stock-view` header, only the fields that view shows, its first photo, and the names
 * of the page's categories, brands, sizes, deposits and vendors from the same statement (sent back
 * in the `stock-labels` header, since the Product message holds uuids only).
 */
export function stockCallsHandlers({ db }: ServiceDeps) {
  const schema = lazySchema(db);
  let columnsOf: Promise<{ columns: ReadonlyMap<string, ColumnInfo>; names: Set<string> }>;
  const columns = () =>
    (columnsOf ??= schema().then((s) => {
      const cols = tableColumns(s, 'product');
      return {
        columns: cols,
        names: new Set(columnFields(ProductSchema, cols).map((f) => f.name)),
      };
    }));

  const where = async (req: Req, ctx: HandlerContext) => {
    const { names } = await columns();
    const { header, search } = splitSearch(ctx.requestHeader.get('filters'));
    return stockWhere(names, {
      caller: requireCaller(ctx),
      header,
      search: typeof req.search === 'string' ? req.search : search,
      extra: requestWhere(req),
    });
  };

  const list = async (req: Req, ctx: HandlerContext) => {
    const { columns: cols, names } = await columns();
    const conditions = await where(req, ctx);
    const { page, pageSize } = pageOf(req.pagination);
    const ordering = String(req.ordering ?? '');
    const layout = ctx.requestHeader.get(STOCK_VIEW_HEADER);
    const [rows, count] = await Promise.all([
      pageRows(db, names, conditions, ordering, (page - 1) * pageSize, pageSize),
      countRows(db, conditions),
    ]);
    if (!isStockLayout(layout)) {
      return create(ListProductsResponseSchema, {
        results: rows.map((row) => rowToMessage(ProductSchema, cols, row)),
        count,
      });
    }
    const admin = requireCaller(ctx).isAdminLevel;
    // Headers have size limits (16 kB in Node's client): names travel with the pages views ask for.
    if (pageSize <= LABELED_PAGE_MAX)
      ctx.responseHeader.set(STOCK_LABELS_HEADER, encodeLabels(rows, admin));
    const results = rows.map((row) => viewProduct(cols, row, layout !== 'list'));
    return create(ListProductsResponseSchema, { results, count });
  };

  const light = async (req: Req, ctx: HandlerContext) => {
    const { columns: cols, names } = await columns();
    const conditions = await where(req, ctx);
    const { page, pageSize } = pageOf(req.pagination);
    const ordering = String(req.ordering ?? '');
    const [rows, count] = await Promise.all([
      lightRows(db, names, conditions, ordering, (page - 1) * pageSize, pageSize),
      countRows(db, conditions),
    ]);
    return { results: rows.map((r) => rowToMessage(ProductSchema, cols, r)), count };
  };

  return [
    implement(ProductService, {
      list,
      extraLightList: async (req: Req, ctx: HandlerContext) =>
        create(ExtraLightListProductsResponseSchema, await light(req, ctx)),
      // The dashboard's widgets: the latest changes first unless they order otherwise.
      dashboardList: async (req: Req, ctx: HandlerContext) => {
        const ordering = String(req.ordering ?? '') || '-updated_at';
        return create(DashboardListProductsResponseSchema, await light({ ...req, ordering }, ctx));
      },
    }),
  ] as const;
}

/** A product as the stock views show it: their fields only, and its first photo when shown. */
function viewProduct(
  columns: ReadonlyMap<string, ColumnInfo>,
  row: PageRow,
  withPhoto: boolean,
): Product {
  const kept: Record<string, unknown> = {};
  for (const key of VIEW_COLUMNS) kept[key] = row[key];
  const product = rowToMessage(ProductSchema, columns, kept);
  if (withPhoto && row.thumb_uuid) {
    product.images = [
      create(ProductImageSchema, {
        uuid: row.thumb_uuid,
        product: product.uuid,
        image256: row.thumb_image256 ?? '',
        image32: row.thumb_image32 ?? '',
      }),
    ];
  }
  return product;
}
