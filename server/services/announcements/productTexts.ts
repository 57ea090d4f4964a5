import { Code, type HandlerContext } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import type { Caller } from '../../rpc/caller.ts';
import { fail } from '../../rpc/reasons.ts';
import {
  fillPlaceholders,
  structuredDescription,
  type PlaceholderValues,
} from '../../../src/domain/announcements/placeholders.ts';
import {
  ProductAnnouncementSchema,
  type GenerateProductAnnouncementRequest,
  type UpdateOrCreateProductAnnouncementRequest,
} from '../../../src/rpc/gen/seconde/v1/product_announcement_pb.ts';
import { requireInventoryWriter, rowInScope } from '../products/productRows.ts';
import { isInvoiced } from '../products/writeRules.ts';
import {
  favoriteOf,
  noFavorite,
  requireAnnouncement,
  type AnnouncementContext,
  type Row,
} from './announcementAccess.ts';

/** The product's values for the placeholders, names resolved (brand, size, colours, category). */
export async function productValues(
  executor: Kysely<Database>,
  product: Row,
): Promise<PlaceholderValues> {
  const { rows } = await sql<{
    brand: string | null;
    size: string | null;
    category: string | null;
    colors: string[] | null;
  }>`
    select b.name as brand, s.title as size, coalesce(c.name_singular, c.name) as category,
      (select array_agg(col.title order by k.n) from unnest(${(product.colors as string[] | null) ?? []}::uuid[])
        with ordinality as k(uuid, n) join color col on col.uuid = k.uuid) as colors
    from (select 1) one
    left join brand b on b.uuid = ${product.brand as string | null}
    left join product_size s on s.uuid = ${product.product_size as string | null}
    left join category c on c.uuid = ${product.category as string | null}`.execute(executor);
  const names = rows[0];
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    title: text(product.marketplace_title) || text(product.name),
    brand: names?.brand || text(product.manual_brand),
    size: names?.size ?? '',
    colors: names?.colors ?? [],
    condition: text(product.quality),
    price: product.suggested_price === null ? null : Number(product.suggested_price),
    category: names?.category || text(product.manual_category),
    reference: text(product.reference),
    measurementWidth: product.measurement_width as number | null,
    measurementLength: product.measurement_length as number | null,
    author: text(product.author),
  };
}

/**
 * The listing text an announcement writes for a product. A TEMPLATE is filled as is. A PROMPT is
 * instructions for a text-writing service, which this installation does not have: the product's
 * own title and a description written from its fields stand in, so the vendor still gets a text.
 */
export function writeText(
  announcement: Row,
  values: PlaceholderValues,
): { title: string; description: string } {
  if (announcement.kind === 'PROMPT')
    return { title: (values.title ?? '').trim(), description: structuredDescription(values) };
  return {
    title: fillPlaceholders(String(announcement.title ?? ''), values),
    description: fillPlaceholders(String(announcement.description ?? ''), values),
  };
}

/** The vendor of a product (its deposit's), whose favourite a text is written from by default. */
export async function vendorOfProduct(executor: Kysely<Database>, product: Row) {
  const { rows } = await sql<{ vendor: string | null }>`
    select vendor from deposit where uuid = ${product.deposit as string | null}`.execute(executor);
  return rows[0]?.vendor ?? null;
}

/** The announcement named, or the favourite of the product's vendor (NO_FAVORITE_ANNOUNCEMENT). */
export async function announcementFor(
  executor: Kysely<Database>,
  caller: Caller,
  product: Row,
  uuid: string,
): Promise<Row> {
  if (uuid) return requireAnnouncement(executor, uuid, caller, 'read');
  const vendor = caller.isAdminLevel ? await vendorOfProduct(executor, product) : caller.vendorUuid;
  const favorite = await favoriteOf(executor, vendor, caller);
  if (!favorite) throw noFavorite();
  return favorite;
}

/** The product's text for one announcement (or its text without announcement). */
export async function textOf(
  executor: Kysely<Database>,
  product: string,
  announcement: string | null,
) {
  const { rows } = await sql<Row>`
    select * from product_announcement where product = ${product}
    and ${announcement ? sql`announcement = ${announcement}` : sql`announcement is null`}
    order by updated_at desc limit 1`.execute(executor);
  return rows[0];
}

/**
 * Upserts the one text of a product and announcement, and records the announcement as the
 * product's. product.row_version is left alone: this is not a change of the product form, so an
 * edit open on it is not made stale.
 */
async function saveText(
  trx: Kysely<Database>,
  product: string,
  announcement: string | null,
  text: { title: string; description: string },
): Promise<Row> {
  const existing = await textOf(trx, product, announcement);
  const { rows } = existing
    ? await sql<Row>`
        update product_announcement set title = ${text.title}, description = ${text.description},
          updated_at = now(), row_version = row_version + 1
        where uuid = ${existing.uuid as string} returning *`.execute(trx)
    : await sql<Row>`
        insert into product_announcement (product, announcement, title, description)
        values (${product}, ${announcement}, ${text.title}, ${text.description})
        on conflict (product, announcement) where announcement is not null
        do update set title = excluded.title, description = excluded.description,
          updated_at = now(), row_version = product_announcement.row_version + 1
        returning *`.execute(trx);
  await sql`update product set announcement_uuid = ${announcement}
    where uuid = ${product}`.execute(trx);
  return rows[0]!;
}

/** A product the caller may write, locked, and not invoiced (PRODUCT_INVOICED). */
async function writableProduct(trx: Kysely<Database>, caller: Caller, uuid: string) {
  const product = await rowInScope(trx, 'product', uuid, caller, 'write', 'for update');
  if (isInvoiced(product))
    throw fail(
      Code.FailedPrecondition,
      'PRODUCT_INVOICED',
      'An invoiced product cannot be modified',
    );
  return product;
}

export function productTextHandlers(context: AnnouncementContext) {
  return {
    /** Writes the product's text from an announcement (the favourite when none is named). */
    async generate(req: GenerateProductAnnouncementRequest, ctx: HandlerContext) {
      const caller = requireInventoryWriter(ctx);
      return context.write(async (trx) => {
        const product = await writableProduct(trx, caller, req.product);
        const announcement = await announcementFor(trx, caller, product, req.announcement);
        const text = writeText(announcement, await productValues(trx, product));
        const saved = await saveText(trx, req.product, announcement.uuid as string, text);
        return context.toProductText(saved);
      });
    },

    /** Saves the vendor's edit of a product's text: one per product and announcement. */
    async updateOrCreate(req: UpdateOrCreateProductAnnouncementRequest, ctx: HandlerContext) {
      const caller = requireInventoryWriter(ctx);
      const text = req.productAnnouncement ?? create(ProductAnnouncementSchema);
      if (!text.title.trim())
        throw fail(Code.InvalidArgument, 'INVALID_ARGUMENT', 'A listing text needs a title');
      return context.write(async (trx) => {
        await writableProduct(trx, caller, text.product);
        if (text.announcement) await requireAnnouncement(trx, text.announcement, caller, 'read');
        const saved = await saveText(trx, text.product, text.announcement || null, {
          title: text.title.trim(),
          description: text.description,
        });
        return context.toProductText(saved);
      });
    },
  };
}
