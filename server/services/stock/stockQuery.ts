import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import { ProductSchema } from '../../../src/rpc/gen/seconde/v1/product_pb.ts';
import { scopeFor } from '../../crud/policies.ts';
import { filtersSql, orderingSql, scopeSql, searchSql } from '../../crud/queryParts.ts';
import type { Caller } from '../../rpc/caller.ts';

/** What one stock list call asks for, after the request and its filters header are read. */
export interface StockQuery {
  readonly caller: Caller;
  /** The `filters` header as sent (URI-encoded JSON), null when absent. */
  readonly header: string | null;
  readonly search: string;
  readonly ordering: string;
  /** Request fields that narrow the list besides the header (deposit, sale statuses). */
  readonly extra: readonly RawBuilder<SqlBool>[];
}

/**
 * The conditions of a stock list: the caller's read scope in SQL (the product policy: a vendor's
 * own deposits that are not restituted; staff: everything), the filters header on known columns,
 * the request's own fields and the free text over reference and name.
 */
export function stockWhere(
  names: ReadonlySet<string>,
  q: Omit<StockQuery, 'ordering'>,
): RawBuilder<SqlBool>[] {
  return [
    scopeSql(scopeFor(q.caller, 'product', 'read'), 'r'),
    ...filtersSql(ProductSchema, names, q.header, 'r'),
    ...q.extra,
    ...searchSql(names, q.search, 'r'),
  ];
}

const joined = (where: readonly RawBuilder<SqlBool>[]) =>
  where.length ? sql.join(where, sql` and `) : sql<SqlBool>`true`;

/** Count of every row matching the same conditions as the page. */
export async function countRows(
  db: Kysely<Database>,
  where: readonly RawBuilder<SqlBool>[],
): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    select count(*)::text as n from product as r where ${joined(where)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

export interface PageRow extends Record<string, unknown> {
  readonly label_category: string | null;
  readonly label_brand: string | null;
  readonly label_size: string | null;
  readonly label_deposit: string | null;
  readonly label_vendor: string | null;
  readonly thumb_uuid: string | null;
  readonly thumb_image256: string | null;
  readonly thumb_image32: string | null;
}

/**
 * One page of products with the names its lines show, in one statement: the page is chosen first
 * on the product table alone (an index serves the ordering), then only its rows are joined to
 * their category, brand, size, deposit, vendor and first photo.
 */
export async function pageRows(
  db: Kysely<Database>,
  names: ReadonlySet<string>,
  where: readonly RawBuilder<SqlBool>[],
  ordering: string,
  offset: number,
  limit: number,
): Promise<PageRow[]> {
  const inner = orderingSql(ProductSchema, names, ordering, 'r');
  const outer = orderingSql(ProductSchema, names, ordering, 'p');
  const { rows } = await sql<PageRow>`
    with page as (
      select r.* from product as r where ${joined(where)}
      order by ${inner} limit ${limit} offset ${offset}
    )
    select p.*,
      c.name as label_category, b.name as label_brand, s.title as label_size,
      d.name as label_deposit, nullif(concat_ws(' ', v.first_name, v.last_name), '') as label_vendor,
      i.uuid as thumb_uuid, i.image256 as thumb_image256, i.image32 as thumb_image32
    from page as p
    left join category as c on c.uuid = p.category
    left join brand as b on b.uuid = p.brand
    left join product_size as s on s.uuid = p.product_size
    left join deposit as d on d.uuid = p.deposit
    left join vendor as v on v.uuid = d.vendor
    left join lateral (
      select pi.uuid, pi.image256, pi.image32 from product_image as pi
      where pi.product = p.uuid order by pi."order" nulls last, pi.created_at limit 1
    ) as i on true
    order by ${outer}`.execute(db);
  return rows;
}

/** The light rows of pickers and bulk selections: identity and sale state only, no joins. */
export async function lightRows(
  db: Kysely<Database>,
  names: ReadonlySet<string>,
  where: readonly RawBuilder<SqlBool>[],
  ordering: string,
  offset: number,
  limit: number,
): Promise<Record<string, unknown>[]> {
  const { rows } = await sql<Record<string, unknown>>`
    select r.uuid, r.deposit, r.reference, r.name, r.sale_status, r.in_invoices, r.row_version,
      r.created_at, r.updated_at
    from product as r where ${joined(where)}
    order by ${orderingSql(ProductSchema, names, ordering, 'r')}
    limit ${limit} offset ${offset}`.execute(db);
  return rows;
}
