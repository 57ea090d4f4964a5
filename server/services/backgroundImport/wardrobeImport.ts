import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import { checkSaleStatusChange } from '../../../src/domain/deposit/rules.ts';
import {
  parseMarketplaceProfile,
  type MarketplaceProfile,
} from '../../../src/domain/marketplaceProfile.ts';
import { lockDepositStatus } from '../deposit/rules/ruleSql.ts';
import { TaskFailure, type TaskRunner } from '../tasks/taskQueue.ts';
import {
  MarketplaceError,
  type MarketplaceConnector,
  type MarketplaceItem,
} from './marketplaceConnector.ts';

/** What ImportMarketplaceProfile stores for its task: the profile address, already checked. */
export interface WardrobeImportPayload {
  readonly profileUrl: string;
}

/** Pages read at most: a wardrobe beyond 96 × 100 items is cut there rather than looping. */
const MAX_PAGES = 100;

/** The deposit an import fills: named after the profile, one per vendor and profile. */
export function importDepositName(profile: MarketplaceProfile): string {
  return `Vinted ${profile.login || profile.memberId}`;
}

/** Accents and case aside, so "Levi’s" on the marketplace finds "LEVI'S" in the reference data. */
export function matchKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’`´]/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** The marketplace's condition ids (status_id), then its French and English wordings. */
const QUALITY_BY_ID: Readonly<Record<number, string>> = {
  6: 'NEW_WITH_TICKET',
  1: 'NEW_WITHOUT_TICKET',
  2: 'VERY_GOOD',
  3: 'GOOD',
  4: 'SATISFYING',
};
const QUALITY_BY_TEXT: Readonly<Record<string, string>> = {
  'neuf avec etiquette': 'NEW_WITH_TICKET',
  'new with tags': 'NEW_WITH_TICKET',
  'neuf sans etiquette': 'NEW_WITHOUT_TICKET',
  'new without tags': 'NEW_WITHOUT_TICKET',
  'tres bon etat': 'VERY_GOOD',
  'very good': 'VERY_GOOD',
  'bon etat': 'GOOD',
  good: 'GOOD',
  satisfaisant: 'SATISFYING',
  satisfactory: 'SATISFYING',
};

export function qualityOf(item: MarketplaceItem): string {
  return (
    (item.statusId !== null ? QUALITY_BY_ID[item.statusId] : undefined) ??
    QUALITY_BY_TEXT[matchKey(item.status)] ??
    'VERY_GOOD'
  );
}

/** Reference names to uuids: brands by name, sizes by title (the first in display order). */
async function referenceIndex(db: Kysely<Database>) {
  const brands = await sql<{ uuid: string; name: string }>`
    select uuid, name from brand where name is not null`.execute(db);
  const sizes = await sql<{ uuid: string; title: string }>`
    select uuid, title from product_size where title is not null order by "order", title`.execute(
    db,
  );
  const index = (rows: { uuid: string; key: string }[]) => {
    const map = new Map<string, string>();
    for (const { uuid, key } of rows) if (!map.has(key)) map.set(key, uuid);
    return map;
  };
  return {
    brands: index(brands.rows.map((b) => ({ uuid: b.uuid, key: matchKey(b.name) }))),
    sizes: index(sizes.rows.map((s) => ({ uuid: s.uuid, key: matchKey(s.title) }))),
  };
}

/**
 * The vendor's deposit for this profile, created on first import (DRAFT, the vendor's own stock,
 * marked imported); a later import fills the same one. Products may only be added while its
 * status allows an OFFLINE product (2-business-data.md §4): a closed deposit stops the import.
 */
async function importDeposit(
  db: Kysely<Database>,
  vendor: string,
  profile: MarketplaceProfile,
  createdBy: string,
  now: Date,
): Promise<string> {
  const name = importDepositName(profile);
  const find = async () =>
    (
      await sql<{ uuid: string }>`
        select uuid from deposit where vendor = ${vendor} and name = ${name}`.execute(db)
    ).rows[0]?.uuid;
  const existing = await find();
  if (existing) return existing;
  try {
    const { rows } = await sql<{ uuid: string }>`
      insert into deposit (vendor, name, status, family, is_imported, deposit_selling_mode_status,
        description, created_by, deposit_datetime, created_at, updated_at)
      values (${vendor}, ${name}, 'DRAFT', 'MIXED', true, 'DEFAULT_STOCK', ${profile.url},
        ${createdBy}, ${now}, ${now}, ${now})
      returning uuid`.execute(db);
    return rows[0]!.uuid;
  } catch (error) {
    // Another import of the same profile created it first (unique vendor + name).
    const raced = await find();
    if (raced) return raced;
    throw error;
  }
}

/**
 * One item as a product of the deposit, unless the vendor already has it (same marketplace id
 * in any of their deposits): answers whether it was created. The deposit is locked `for share`
 * for the insert, as Product Create does, so no status change runs beside it.
 */
async function importItem(
  db: Kysely<Database>,
  deposit: string,
  vendor: string,
  item: MarketplaceItem,
  reference: Awaited<ReturnType<typeof referenceIndex>>,
  now: Date,
): Promise<boolean> {
  const brand = reference.brands.get(matchKey(item.brand)) ?? null;
  const size = reference.sizes.get(matchKey(item.size)) ?? null;
  return db.transaction().execute(async (trx) => {
    const locked = await lockDepositStatus(trx, deposit, 'for share');
    const verdict = locked?.status
      ? checkSaleStatusChange({ depositStatus: locked.status, to: 'OFFLINE' })
      : { ok: false as const };
    if (!verdict.ok)
      throw new TaskFailure('The import deposit no longer takes products (closed or removed).');
    const { rows } = await sql<{ uuid: string }>`
      insert into product (deposit, name, marketplace_title, brand, manual_brand, product_size,
        quality, suggested_price, sale_status, imported_sale_status, resale_marketplace_id,
        main_image_url, product_links, stock_entry_datetime, last_updated_by, created_at,
        updated_at)
      select ${deposit}::uuid, ${item.title || `#${item.id}`}::text, ${item.title}::text,
        ${brand}::uuid, ${brand || !item.brand ? null : item.brand}::text, ${size}::uuid,
        ${qualityOf(item)}::product_quality, ${item.price}::double precision,
        'OFFLINE'::sale_status, 'ONLINE'::sale_status, ${item.id}::text, ${item.photoUrl}::text,
        ${item.url ? [item.url] : []}::text[], ${now}::timestamptz,
        'MARKETPLACE_SCRAPE'::product_origin, ${now}::timestamptz, ${now}::timestamptz
      where not exists (
        select 1 from product p join deposit d on d.uuid = p.deposit
        where d.vendor = ${vendor} and p.resale_marketplace_id = ${item.id})
      returning uuid`.execute(trx);
    return rows.length > 0;
  });
}

/** The message a failed read leaves on the task (English; the panel shows its own text). */
function failureOf(error: unknown): unknown {
  if (!(error instanceof MarketplaceError)) return error;
  return new TaskFailure(
    error.kind === 'notFound'
      ? 'The marketplace profile was not found.'
      : error.kind === 'unavailable'
        ? `The marketplace could not be reached: ${error.message}`
        : `The marketplace answered something unexpected: ${error.message}`,
  );
}

/**
 * TASK_NAME_IMPORT_MARKETPLACE_PROFILE: reads the member's wardrobe page by page and creates one
 * product per item in the profile's deposit, reporting each item. Idempotent (an item already
 * imported is skipped), so the queue runs it again after a restart.
 */
export function wardrobeImportRunner(
  db: Kysely<Database>,
  clock: () => Date,
  connector: MarketplaceConnector,
): TaskRunner {
  return async (payload, report, context) => {
    const profile = parseMarketplaceProfile(String(payload.profileUrl ?? ''));
    if (!profile) throw new TaskFailure('The profile address is not a marketplace profile.');
    const { signal } = report;
    const read = (page: number) =>
      connector.listWardrobe(profile, page, signal).catch((error: unknown) => {
        throw failureOf(error);
      });
    let page = await read(1);
    await report.setTotal(page.totalEntries);
    const deposit = await importDeposit(
      db,
      context.vendorUuid,
      profile,
      context.requestedBy || context.vendorUuid,
      clock(),
    );
    const reference = await referenceIndex(db);
    let done = 0;
    let created = 0;
    for (let number = 1; ; number++) {
      for (const item of page.items) {
        signal.throwIfAborted();
        if (await importItem(db, deposit, context.vendorUuid, item, reference, clock())) created++;
        await report.progress(++done);
      }
      if (number >= page.totalPages || number >= MAX_PAGES || page.items.length === 0) break;
      signal.throwIfAborted();
      page = await read(number + 1);
    }
    await sql`
      update deposit set product_number = (select count(*) from product where deposit = ${deposit}),
        updated_at = ${clock()}, row_version = row_version + 1
      where uuid = ${deposit}`.execute(db);
    if (done !== page.totalEntries) await report.setTotal(done);
    await report.progress(done, `${created} item(s) imported, ${done - created} already there.`);
  };
}
