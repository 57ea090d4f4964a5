import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import type { ListingItem } from './connector.ts';

/** A product about to be published: what the channel is sent, and what the rules read. */
export interface PublishableProduct {
  readonly item: ListingItem;
  readonly deposit: string | null;
  /** The deposit's vendor: the publication's owner must be them. */
  readonly vendor: string | null;
  readonly depositStatus: string | null;
  readonly saleStatus: string | null;
}

/** Photo addresses as the server serves them (see images' refreshMainImage): rotation on the URL. */
const PHOTO_PATH = sql`'/media/' || i.image
  || case when coalesce(i.rotation, 0) <> 0 then '?rotation=' || i.rotation else '' end`;

/**
 * What each product's listing shows, for every product at once: the title and description of its
 * chosen announcement (else its latest generated one, else its marketplace title or name, else its
 * comment), the price in cents, names of its brand, size, category and colours, and its photos in
 * order as absolute addresses under `origin`.
 */
export async function publishableProducts(
  db: Kysely<Database>,
  uuids: readonly string[],
  origin: string,
): Promise<Map<string, PublishableProduct>> {
  if (uuids.length === 0) return new Map();
  const { rows } = await sql<{
    uuid: string;
    reference: string | null;
    title: string | null;
    description: string | null;
    suggested_price: number | null;
    brand: string | null;
    size: string | null;
    quality: string | null;
    category_name: string | null;
    colors: string[] | null;
    photos: string[] | null;
    deposit: string | null;
    vendor: string | null;
    deposit_status: string | null;
    sale_status: string | null;
  }>`
    select p.uuid, p.reference,
      coalesce(nullif(a.title, ''), nullif(p.marketplace_title, ''), p.name) as title,
      coalesce(nullif(a.description, ''), p.comment) as description,
      p.suggested_price, coalesce(b.name, p.manual_brand) as brand, s.title as size,
      p.quality::text as quality, c.name as category_name,
      (select array_agg(co.title order by co."order" nulls last, co.title)
         from color co where co.uuid = any(p.colors)) as colors,
      (select array_agg(${PHOTO_PATH} order by i."order" nulls last, i.created_at, i.uuid)
         from product_image i where i.product = p.uuid and i.image is not null) as photos,
      p.deposit, d.vendor, d.status::text as deposit_status, p.sale_status::text as sale_status
    from unnest(${[...uuids]}::uuid[]) as asked(uuid)
    join product p on p.uuid = asked.uuid
    left join deposit d on d.uuid = p.deposit
    left join brand b on b.uuid = p.brand
    left join product_size s on s.uuid = p.product_size
    left join category c on c.uuid = p.category
    left join lateral (
      select pa.title, pa.description from product_announcement pa
      where pa.product = p.uuid
      order by (pa.announcement::text is not distinct from p.announcement_uuid) desc,
        pa.updated_at desc
      limit 1) a on true`.execute(db);
  const base = origin.replace(/\/$/, '');
  return new Map(
    rows.map((r) => [
      r.uuid,
      {
        item: {
          productUuid: r.uuid,
          sku: r.reference || r.uuid,
          title: r.title ?? '',
          description: r.description ?? '',
          priceCents: Math.round(Number(r.suggested_price ?? 0) * 100),
          currency: 'EUR',
          brand: r.brand,
          size: r.size,
          quality: r.quality ?? '',
          categoryName: r.category_name,
          colors: r.colors ?? [],
          photoUrls: (r.photos ?? []).map((path) => `${base}${path}`),
        },
        deposit: r.deposit,
        vendor: r.vendor,
        depositStatus: r.deposit_status,
        saleStatus: r.sale_status,
      },
    ]),
  );
}
