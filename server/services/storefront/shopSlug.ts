import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';

/** Longest slug kept from a name, before any "-2" suffix: addresses stay readable on a phone. */
const MAX_SLUG = 48;

/** "Chez Zoé & Cie" → "chez-zoe-cie": lower case, accents dropped, one dash between words. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG)
    .replace(/-+$/g, '');
}

/** The first of `base`, `base-2`, `base-3`... that no one holds. */
export function freeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * The vendor's shop slug, given on first use from their company's name, else their own names
 * (else "boutique"), with a number added when another vendor holds it. Two first publications at
 * once may pick the same slug: the unique index refuses the second, which tries again. Runs on its
 * own (not inside a caller's transaction), since a refused update aborts a transaction.
 */
export async function ensureShopSlug(db: Kysely<Database>, vendor: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = await db
      .selectFrom('vendor as v')
      .leftJoin('company as c', 'c.uuid', 'v.company')
      .select(['v.shop_slug', 'c.title as company', 'v.first_name', 'v.last_name'])
      .where('v.uuid', '=', vendor)
      .executeTakeFirst();
    if (!row) throw new Error(`No vendor ${vendor}`);
    if (row.shop_slug) return row.shop_slug;
    const base =
      slugify(row.company ?? '') ||
      slugify(`${row.first_name ?? ''} ${row.last_name ?? ''}`) ||
      'boutique';
    const holders = await db
      .selectFrom('vendor')
      .select('shop_slug')
      .where((eb) => eb.or([eb('shop_slug', '=', base), eb('shop_slug', 'like', `${base}-%`)]))
      .execute();
    const slug = freeSlug(base, new Set(holders.flatMap((h) => h.shop_slug ?? [])));
    try {
      await db
        .updateTable('vendor')
        .set({ shop_slug: slug, updated_at: sql`now()` })
        .where('uuid', '=', vendor)
        .where('shop_slug', 'is', null)
        .execute();
    } catch (error) {
      if ((error as { code?: unknown }).code === '23505') continue;
      throw error;
    }
  }
  throw new Error(`Could not give vendor ${vendor} a shop address`);
}

/** The public address of a shop, or of one product on it. */
export function shopUrl(publicUrl: string, slug: string, product?: string): string {
  const base = `${publicUrl}/shop/${encodeURIComponent(slug)}`;
  return product ? `${base}/${product}` : base;
}
