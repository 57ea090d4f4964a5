import { Code, type HandlerContext } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import { requireCaller } from '../../crud/crudService.ts';
import { likePattern } from '../../crud/queryParts.ts';
import { fail } from '../../rpc/reasons.ts';
import { marketplaceSearchUrl } from '../../../src/domain/announcements/marketplaceListing.ts';
import { SOLD_STATUSES } from '../../../src/domain/deposit/statuses.ts';
import {
  ComparableItemSchema,
  FindPriceForComparableItemsResponseSchema,
  GenerateProductNameResponseSchema,
  GenerateProductPriceResponseSchema,
  GetMarketplaceSearchUrlResponseSchema,
  type FindPriceForComparableItemsRequest,
  type GenerateProductNameRequest,
  type GenerateProductPriceRequest,
  type GetMarketplaceSearchUrlRequest,
} from '../../../src/rpc/gen/seconde/v1/product_pb.ts';
import { DEFAULT_MONTHLY_GENERATION_QUOTA, type BusinessSettings } from '../deps.ts';
import { productName } from './productName.ts';
import {
  mediaUrl,
  requireInventoryWriter,
  rowInScope,
  type ProductContext,
  type Row,
} from './productRows.ts';

/** Fewest comparable sales a median is trusted on before the search widens. */
export const MIN_COMPARABLES = 3;

/**
 * Counts one generation against the product's vendor for the month, atomically: the row only
 * grows while under the limit. Answers the generations left; QUOTA_REACHED at the limit. A
 * product of a deposit without a vendor (staff only) is not counted.
 */
async function countGeneration(
  trx: Kysely<Database>,
  vendor: string | null,
  limit: number,
  now: Date,
): Promise<number> {
  if (!vendor) return limit;
  const month = `${now.toISOString().slice(0, 7)}-01`;
  const { rows } =
    limit > 0
      ? await sql<{ count: number }>`
        insert into generation_usage (vendor, month, count) values (${vendor}, ${month}::date, 1)
        on conflict (vendor, month) do update set count = generation_usage.count + 1
          where generation_usage.count < ${limit}
        returning count`.execute(trx)
      : { rows: [] };
  const used = rows[0]?.count;
  if (used === undefined)
    throw fail(
      Code.ResourceExhausted,
      'QUOTA_REACHED',
      'Monthly limit of AI features reached; wait for next month or upgrade your plan',
    );
  return Math.max(0, limit - Number(used));
}

/** A price as people read it: to 50 cents under 10 €, to the euro under 100 €, to 5 € above. */
export function roundPrice(price: number): number {
  if (!Number.isFinite(price) || price <= 0) return 0;
  if (price < 10) return Math.max(0.5, Math.round(price * 2) / 2);
  if (price < 100) return Math.round(price);
  return Math.round(price / 5) * 5;
}

const median = (values: readonly number[]) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Words of a title worth matching: lower case, 3 letters or more, at most 8. */
export function titleWords(title: string): string[] {
  const words = title
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 3);
  return [...new Set(words)].slice(0, 8);
}

const sold = sql<SqlBool>`p.sale_status in (${sql.join([...SOLD_STATUSES])}) and p.selled_price > 0`;

export function generationHandlers(
  context: ProductContext,
  settings: BusinessSettings,
  marketplaceApiUrl: string,
) {
  const { db, clock } = context;
  const limit = () => settings.monthlyGenerationQuota ?? DEFAULT_MONTHLY_GENERATION_QUOTA;

  /** The product and its vendor, checked for the caller's write scope. */
  const writable = async (trx: Kysely<Database>, uuid: string, ctx: HandlerContext) => {
    const caller = requireInventoryWriter(ctx);
    const product = await rowInScope(trx, 'product', uuid, caller, 'write');
    const { rows } = await sql<{ vendor: string | null }>`
      select vendor from deposit where uuid = ${product.deposit as string | null}`.execute(trx);
    return { product, vendor: rows[0]?.vendor ?? null };
  };

  return {
    async generateName(req: GenerateProductNameRequest, ctx: HandlerContext) {
      return context.write(async (trx) => {
        const { product, vendor } = await writable(trx, req.uuid, ctx);
        const { rows } = await sql<{
          noun: string | null;
          brand: string | null;
          color: string | null;
          size: string | null;
        }>`
            select c.name_singular as noun, b.name as brand,
              (select title from color where uuid = (${product.colors as string[] | null}::uuid[])[1]) as color,
              s.title as size
            from (select 1) one
            left join category c on c.uuid = ${product.category as string | null}
            left join brand b on b.uuid = ${product.brand as string | null}
            left join product_size s on s.uuid = ${product.product_size as string | null}`.execute(
          trx,
        );
        const parts = rows[0];
        const name = productName({
          noun: parts?.noun || String(product.manual_category ?? ''),
          brand: parts?.brand || String(product.manual_brand ?? ''),
          color: parts?.color,
          size: parts?.size,
          quality: product.quality as string | null,
        });
        const quotaRemaining = await countGeneration(trx, vendor, limit(), clock());
        return create(GenerateProductNameResponseSchema, { name, quotaRemaining });
      });
    },

    /**
     * Median sold price of comparable products across our own sales: same category, brand and
     * quality; with fewer than 3, same category and quality; then same category. The count is
     * that of the set the price comes from.
     */
    async generatePrice(req: GenerateProductPriceRequest, ctx: HandlerContext) {
      return context.write(async (trx) => {
        const { product, vendor } = await writable(trx, req.uuid, ctx);
        const category = product.category as string | null;
        const levels: RawBuilder<SqlBool>[] = [
          sql<SqlBool>`p.category = ${category} and p.brand = ${product.brand as string | null}
              and p.quality = ${product.quality as string | null}`,
          sql<SqlBool>`p.category = ${category} and p.quality = ${product.quality as string | null}`,
          sql<SqlBool>`p.category = ${category}`,
        ];
        let prices: number[] = [];
        if (category)
          for (const level of levels) {
            const { rows } = await sql<{ price: number }>`
                select p.selled_price as price from product p
                where ${sold} and p.uuid <> ${req.uuid} and ${level}
                order by p.sell_datetime desc nulls last limit 500`.execute(trx);
            prices = rows.map((r) => Number(r.price));
            if (prices.length >= MIN_COMPARABLES) break;
          }
        const quotaRemaining = await countGeneration(trx, vendor, limit(), clock());
        return create(GenerateProductPriceResponseSchema, {
          suggestedPrice: roundPrice(median(prices)),
          comparableCount: prices.length,
          quotaRemaining,
        });
      });
    },

    /** Sold items of our own data whose name or listing title holds every word of the title. */
    async findPriceForComparableItems(
      req: FindPriceForComparableItemsRequest,
      ctx: HandlerContext,
    ) {
      if (req.title.trim() === '')
        throw fail(Code.InvalidArgument, 'TITLE_REQUIRED', 'A title is needed to search prices');
      const caller = requireCaller(ctx);
      await rowInScope(db, 'product', req.uuid, caller, 'read');
      const words = titleWords(req.title);
      const matches = words.map(
        (w) =>
          sql<SqlBool>`(p.name ilike ${likePattern(w)} or p.marketplace_title ilike ${likePattern(w)})`,
      );
      const { rows } = await sql<Row>`
        select p.name, p.marketplace_title, p.selled_price, p.main_image_url from product p
        where ${sold} and p.uuid <> ${req.uuid}
          ${matches.length ? sql`and ${sql.join(matches, sql` and `)}` : sql``}
        order by p.sell_datetime desc nulls last limit 50`.execute(db);
      const prices = rows.map((r) => Number(r.selled_price));
      const average = prices.length ? prices.reduce((a, b) => a + b, 0) / prices.length : 0;
      return create(FindPriceForComparableItemsResponseSchema, {
        items: rows.map((r) =>
          create(ComparableItemSchema, {
            title: String(r.marketplace_title || r.name || ''),
            price: Number(r.selled_price),
            imageUrl: mediaUrl(r.main_image_url),
          }),
        ),
        averagePrice: Math.round(average * 100) / 100,
        medianPrice: Math.round(median(prices) * 100) / 100,
      });
    },

    /** The main resale marketplace's catalogue search for the listing title (else the name). */
    async getMarketplaceSearchUrl(req: GetMarketplaceSearchUrlRequest, ctx: HandlerContext) {
      const product = await rowInScope(db, 'product', req.uuid, requireCaller(ctx), 'read');
      const title = String(product.marketplace_title || product.name || '');
      return create(GetMarketplaceSearchUrlResponseSchema, {
        url: marketplaceSearchUrl(marketplaceApiUrl, title),
      });
    },
  };
}
