import { Code } from '@connectrpc/connect';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import { fail } from '../../rpc/reasons.ts';

type Row = Record<string, unknown>;

/** A photo table and the column naming the list a photo belongs to. */
export interface PhotoList {
  readonly table: 'deposit_image' | 'product_image';
  readonly owner: 'deposit' | 'product';
}

/** The list's photos in their order (1 first; unnumbered ones last, oldest first). */
export async function listPhotos(
  executor: Kysely<Database>,
  list: PhotoList,
  owner: string,
): Promise<Row[]> {
  const { rows } = await sql<Row>`
    select * from ${sql.table(list.table)} where ${sql.ref(list.owner)} = ${owner}
    order by "order" nulls last, created_at, uuid`.execute(executor);
  return rows;
}

/** The position after the list's last photo. */
export async function nextOrder(
  executor: Kysely<Database>,
  list: PhotoList,
  owner: string,
): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select coalesce(max("order"), 0)::int + 1 as n from ${sql.table(list.table)}
    where ${sql.ref(list.owner)} = ${owner}`.execute(executor);
  return Number(rows[0]?.n ?? 1);
}

/** Numbers the list 1, 2, 3... keeping its current sequence (after a removal or a move). */
export async function renumber(
  executor: Kysely<Database>,
  list: PhotoList,
  owner: string,
): Promise<void> {
  const t = sql.table(list.table);
  await sql`
    update ${t} as t set "order" = r.n, updated_at = now(), row_version = t.row_version + 1
    from (select uuid, row_number() over (order by "order" nulls last, created_at, uuid)::int as n
          from ${t} where ${sql.ref(list.owner)} = ${owner}) as r
    where t.uuid = r.uuid and t."order" is distinct from r.n`.execute(executor);
}

/**
 * Puts the named photos first, in the given order, the others after them in their current order,
 * and numbers the whole list from 1. Every uuid must be a photo of this list, once.
 */
export async function reorder(
  executor: Kysely<Database>,
  list: PhotoList,
  owner: string,
  uuids: readonly string[],
): Promise<Row[]> {
  const current = await listPhotos(executor, list, owner);
  const known = new Set(current.map((r) => r.uuid as string));
  const named = new Set<string>();
  for (const uuid of uuids) {
    if (!known.has(uuid))
      throw fail(
        Code.InvalidArgument,
        'INVALID_ARGUMENT',
        `${uuid} is not a photo of this ${list.owner}`,
      );
    if (named.has(uuid))
      throw fail(Code.InvalidArgument, 'INVALID_ARGUMENT', `${uuid} is named twice`);
    named.add(uuid);
  }
  const order = [...uuids, ...current.map((r) => r.uuid as string).filter((u) => !named.has(u))];
  if (order.length) {
    const t = sql.table(list.table);
    await sql`
      update ${t} as t set "order" = v.n::int, updated_at = now(), row_version = t.row_version + 1
      from unnest(${order}::uuid[]) with ordinality as v(uuid, n)
      where t.uuid = v.uuid and t."order" is distinct from v.n::int`.execute(executor);
  }
  return listPhotos(executor, list, owner);
}

/**
 * product.main_image_url follows the product's first photo (with its rotation on the URL), so the
 * stock views show the right picture after an upload, a reorder, a rotation, a move or a removal.
 * The product's row_version is left alone: a form open on the product stays valid.
 */
export async function refreshMainImage(executor: Kysely<Database>, product: string): Promise<void> {
  await sql`
    update product p set main_image_url = first.url
    from (select (select '/media/' || i.image
                    || case when coalesce(i.rotation, 0) <> 0 then '?rotation=' || i.rotation else '' end
                  from product_image i where i.product = ${product} and i.image is not null
                  order by i."order" nulls last, i.created_at, i.uuid limit 1) as url) as first
    where p.uuid = ${product} and p.main_image_url is distinct from first.url`.execute(executor);
}
