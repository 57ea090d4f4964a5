import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';

/** One line of a publication's log (table publish_result). */
export type PublishLogEntry =
  | {
      readonly kind: 'LISTED' | 'ALREADY_LISTED';
      readonly product: string;
      readonly connector: string;
      readonly publisher: string;
      readonly url: string;
    }
  | {
      readonly kind: 'ERROR';
      readonly product: string;
      /** Empty for a product skipped before any connector (INCOMPLETE). */
      readonly connector: string;
      readonly publisher: string;
      readonly code: string;
      readonly message: string;
      readonly missing?: readonly string[];
    }
  | { readonly kind: 'INLINE_OFFER'; readonly deposit: string };

export type PublishLogRow = PublishLogEntry & { readonly id: number };

/** Appends lines to a publication's log, in one statement; answers their numbers. */
export async function appendPublishLog(
  db: Kysely<Database>,
  task: string,
  entries: readonly PublishLogEntry[],
): Promise<number[]> {
  if (entries.length === 0) return [];
  const column = <T>(pick: (e: PublishLogEntry) => T | undefined) =>
    entries.map((e) => pick(e) ?? null);
  const text = (pick: (e: PublishLogEntry) => string | undefined) =>
    column((e) => (pick(e) === '' ? undefined : pick(e)));
  const { rows } = await sql<{ id: string }>`
    insert into publish_result (task, kind, product, vendor_connector, publisher_name, deposit, url,
      code, message, missing)
    select ${task}::uuid, v.kind, v.product, v.connector, v.publisher, v.deposit, v.url, v.code,
      v.message, case when v.missing = '' then null else string_to_array(v.missing, ',') end
    from unnest(${column((e) => e.kind)}::text[],
      ${text((e) => ('product' in e ? e.product : undefined))}::uuid[],
      ${text((e) => ('connector' in e ? e.connector : undefined))}::uuid[],
      ${text((e) => ('publisher' in e ? e.publisher : undefined))}::text[],
      ${text((e) => ('deposit' in e ? e.deposit : undefined))}::uuid[],
      ${text((e) => ('url' in e ? e.url : undefined))}::text[],
      ${text((e) => ('code' in e ? e.code : undefined))}::text[],
      ${text((e) => ('message' in e ? e.message : undefined))}::text[],
      ${column((e) => ('missing' in e ? (e.missing ?? []).join(',') : ''))}::text[])
      with ordinality as v(kind, product, connector, publisher, deposit, url, code, message,
        missing, n)
    order by v.n
    returning id::text`.execute(db);
  return rows.map((r) => Number(r.id));
}

/**
 * How far back a read looks again: lines are numbered when written but seen when their
 * transaction commits, so on PostgreSQL a line may appear after a higher-numbered one was read.
 * The runner writes one batch at a time, so only the lines the call itself adds (the products
 * skipped) may commit around one of its batches.
 */
const LATE_COMMIT_WINDOW = 200;

/**
 * The log lines after `afterId`, plus the recent ones that may have committed late, oldest first;
 * the reader drops those it has seen already.
 */
export async function readPublishLog(
  db: Kysely<Database>,
  task: string,
  afterId: number,
): Promise<PublishLogRow[]> {
  const { rows } = await sql<{
    id: string;
    kind: string;
    product: string | null;
    vendor_connector: string | null;
    publisher_name: string | null;
    deposit: string | null;
    url: string | null;
    code: string | null;
    message: string | null;
    missing: string[] | null;
  }>`
    select id::text, kind, product, vendor_connector, publisher_name, deposit, url, code, message,
      missing
    from publish_result
    where task = ${task}
      and id > ${Math.max(0, afterId - LATE_COMMIT_WINDOW)}
    order by id`.execute(db);
  return rows.map((r): PublishLogRow => {
    const id = Number(r.id);
    if (r.kind === 'INLINE_OFFER') return { id, kind: 'INLINE_OFFER', deposit: r.deposit ?? '' };
    if (r.kind === 'ERROR')
      return {
        id,
        kind: 'ERROR',
        product: r.product ?? '',
        connector: r.vendor_connector ?? '',
        publisher: r.publisher_name ?? '',
        code: r.code ?? '',
        message: r.message ?? '',
        missing: r.missing ?? [],
      };
    return {
      id,
      kind: r.kind === 'ALREADY_LISTED' ? 'ALREADY_LISTED' : 'LISTED',
      product: r.product ?? '',
      connector: r.vendor_connector ?? '',
      publisher: r.publisher_name ?? '',
      url: r.url ?? '',
    };
  });
}

/** The product-and-connector pairs a publication has already handled (an interrupted run's). */
export async function handledPairs(db: Kysely<Database>, task: string): Promise<Set<string>> {
  const { rows } = await sql<{ product: string; vendor_connector: string }>`
    select product, vendor_connector from publish_result
    where task = ${task} and vendor_connector is not null and product is not null`.execute(db);
  return new Set(rows.map((r) => pairKey(r.product, r.vendor_connector)));
}

export const pairKey = (product: string, connector: string) => `${product}/${connector}`;
