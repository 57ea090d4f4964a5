import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import { mediaUrl } from '../products/productRows.ts';

/** A vendor whose shop is open: known slug, not disabled. */
export interface ShopVendor {
  readonly uuid: string;
  readonly slug: string;
  readonly name: string;
  readonly email: string | null;
  readonly firstName: string | null;
}

export interface ShopItem {
  readonly uuid: string;
  readonly title: string;
  readonly price: number | null;
  readonly size: string | null;
  readonly brand: string | null;
  readonly quality: string | null;
  readonly saleStatus: string;
  /** The 256 px thumbnail of the first photo, as a path under /media/. */
  readonly thumbnail: string | null;
}

export interface ShopProduct extends ShopItem {
  readonly deposit: string | null;
  readonly description: string | null;
  readonly reference: string | null;
  /** Photos in their order: the full image and its 256 px thumbnail. */
  readonly photos: readonly { readonly image: string; readonly thumbnail: string }[];
}

/** Products per shop page: a few screens on a phone, one request on a slow network. */
export const SHOP_PAGE_SIZE = 48;

/** The shop's display name: the company's, else the vendor's names. */
export function vendorDisplayName(row: {
  company: string | null;
  first_name: string | null;
  last_name: string | null;
}): string {
  const names = `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim();
  return row.company?.trim() || names || 'Seconde';
}

/** The open shop at `slug`, or undefined (unknown, or the vendor is disabled). */
export async function shopVendor(
  db: Kysely<Database>,
  slug: string,
  now: Date,
): Promise<ShopVendor | undefined> {
  const { rows } = await sql<{
    uuid: string;
    shop_slug: string;
    email: string | null;
    company: string | null;
    first_name: string | null;
    last_name: string | null;
  }>`
    select v.uuid, v.shop_slug, v.email, c.title as company, v.first_name, v.last_name
    from vendor v left join company c on c.uuid = v.company
    where v.shop_slug = ${slug}
      and (v.disabled_datetime is null or v.disabled_datetime > ${now})`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  return {
    uuid: row.uuid,
    slug: row.shop_slug,
    name: vendorDisplayName(row),
    email: row.email,
    firstName: row.first_name,
  };
}

/**
 * What the shop may show: the vendor's products whose storefront listing is LISTED; the caller adds
 * which sale statuses. `p` is the product, `d` its deposit.
 */
const listedOnShop = (vendor: string) => sql`
  d.vendor = ${vendor}
  and exists (select 1 from product_listing l where l.product = p.uuid
    and l.publisher_name = 'SECONDE_STOREFRONT' and l.status = 'LISTED')`;

const ITEM_COLUMNS = sql`
  p.uuid, coalesce(nullif(pa.title, ''), nullif(p.name, ''), p.reference, '') as title,
  p.suggested_price as price, s.title as size, coalesce(b.name, p.manual_brand) as brand,
  p.quality::text as quality, p.sale_status::text as sale_status`;

const ITEM_JOINS = sql`
  join deposit d on d.uuid = p.deposit
  left join product_size s on s.uuid = p.product_size
  left join brand b on b.uuid = p.brand
  left join lateral (select title, description from product_announcement
    where product = p.uuid order by updated_at desc limit 1) pa on true`;

interface ItemRow {
  uuid: string;
  title: string;
  price: number | null;
  size: string | null;
  brand: string | null;
  quality: string | null;
  sale_status: string;
}

const toItem = (row: ItemRow, thumbnail: string | null): ShopItem => ({
  uuid: row.uuid,
  title: row.title,
  price: row.price === null ? null : Number(row.price),
  size: row.size,
  brand: row.brand,
  quality: row.quality,
  saleStatus: row.sale_status,
  thumbnail,
});

/** One page of the vendor's ONLINE storefront products, newest online first, and their count. */
export async function shopItems(
  db: Kysely<Database>,
  vendor: string,
  page: number,
): Promise<{ items: ShopItem[]; count: number }> {
  const { rows } = await sql<ItemRow & { thumb: string | null; total: number }>`
    select ${ITEM_COLUMNS}, count(*) over ()::int as total,
      (select coalesce(nullif(i.image256, ''), i.image) from product_image i
        where i.product = p.uuid order by i."order", i.created_at limit 1) as thumb
    from product p ${ITEM_JOINS}
    where ${listedOnShop(vendor)} and p.sale_status = 'ONLINE'
    order by p.online_datetime desc nulls last, p.uuid
    limit ${SHOP_PAGE_SIZE} offset ${(page - 1) * SHOP_PAGE_SIZE}`.execute(db);
  let count = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && page > 1) {
    const { rows: counted } = await sql<{ n: number }>`
      select count(*)::int as n from product p join deposit d on d.uuid = p.deposit
      where ${listedOnShop(vendor)} and p.sale_status = 'ONLINE'`.execute(db);
    count = Number(counted[0]?.n ?? 0);
  }
  return {
    items: rows.map((r) => toItem(r, r.thumb ? mediaUrl(r.thumb) : null)),
    count,
  };
}

/**
 * One product of the shop: listed on the storefront and ONLINE, or RESERVED (shown as such, not
 * reservable). Anything else is not on the shop.
 */
export async function shopProduct(
  db: Kysely<Database>,
  vendor: string,
  product: string,
): Promise<ShopProduct | undefined> {
  const { rows } = await sql<
    ItemRow & { deposit: string | null; description: string | null; reference: string | null }
  >`
    select ${ITEM_COLUMNS}, p.deposit, pa.description, p.reference
    from product p ${ITEM_JOINS}
    where p.uuid = ${product} and ${listedOnShop(vendor)}
      and p.sale_status in ('ONLINE', 'RESERVED')`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  const { rows: images } = await sql<{ image: string | null; image256: string | null }>`
    select image, image256 from product_image where product = ${product}
    order by "order", created_at`.execute(db);
  const photos = images.flatMap((i) => {
    const image = i.image || i.image256;
    return image ? [{ image: mediaUrl(image), thumbnail: mediaUrl(i.image256 || image) }] : [];
  });
  return {
    ...toItem(row, photos[0]?.thumbnail ?? null),
    deposit: row.deposit,
    description: row.description?.trim() || null,
    reference: row.reference,
    photos,
  };
}
