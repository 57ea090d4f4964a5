import { Code } from '@connectrpc/connect';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import { fail } from '../../rpc/reasons.ts';

/**
 * Product references are numbered from their deposit (2-business-data.md §3: defaultProductNumber,
 * productNumberRange). The one numbering rule, used by every call that makes a product:
 * - `product_number_range` reads "start-end" (both included; "–", "..", "à" also separate them),
 *   optionally with a letter prefix ("A100-A199"); leading zeros of the start set the width;
 * - without a range the numbers start at `default_product_number` (1 when unset) with no end;
 * - a new product takes the lowest number of the range no product of the deposit holds yet, so a
 *   destroyed product's number is given again; past the end: REFERENCE_RANGE_FULL.
 */
export interface ReferenceRange {
  readonly prefix: string;
  readonly start: number;
  /** Last number included; null: no end. */
  readonly end: number | null;
  /** Digits of the number, zero-padded (0: as is). */
  readonly width: number;
}

const RANGE = /^\s*([^\d\s]*)(\d+)\s*(?:-|–|—|\.\.|à|to)\s*(?:[^\d\s]*)(\d+)\s*$/i;

/** The range of a deposit; an empty or unreadable range text numbers from the default number. */
export function referenceRange(
  rangeText: string | null | undefined,
  defaultNumber: number | null | undefined,
): ReferenceRange {
  const match = RANGE.exec(rangeText ?? '');
  if (match) {
    const [, prefix = '', startText = '1', endText = '0'] = match;
    const start = Number(startText);
    const end = Number(endText);
    return {
      prefix,
      start: Math.min(start, end),
      end: Math.max(start, end),
      width: startText.startsWith('0') ? startText.length : 0,
    };
  }
  const start = defaultNumber && defaultNumber > 0 ? Math.floor(defaultNumber) : 1;
  return { prefix: '', start, end: null, width: 0 };
}

export function formatReference(range: ReferenceRange, n: number): string {
  return `${range.prefix}${String(n).padStart(range.width, '0')}`;
}

/** The lowest free reference of a range, or undefined when every number is taken. */
export function nextReference(
  range: ReferenceRange,
  used: ReadonlySet<string>,
): string | undefined {
  for (let n = range.start; range.end === null || n <= range.end; n++) {
    const reference = formatReference(range, n);
    if (!used.has(reference)) return reference;
  }
  return undefined;
}

/**
 * Serialises the making of products in one deposit until the transaction ends (taking photos and
 * numbers); reentrant, so a call holding it may take references too.
 */
export async function lockProductCreation(trx: Kysely<Database>, deposit: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`product-creation:${deposit}`}))`.execute(trx);
}

/**
 * Hands out the next references of a deposit inside the caller's transaction. Numbering of one
 * deposit is serialised by a transaction-scoped advisory lock, so two products created at once
 * never get the same number (a row lock would clash with the `for share` lock the rules take).
 */
export async function takeReferences(
  trx: Kysely<Database>,
  deposit: string,
  count = 1,
): Promise<string[]> {
  await lockProductCreation(trx, deposit);
  const { rows } = await sql<{
    product_number_range: string | null;
    default_product_number: number | null;
  }>`select product_number_range, default_product_number from deposit where uuid = ${deposit}`.execute(
    trx,
  );
  const range = referenceRange(rows[0]?.product_number_range, rows[0]?.default_product_number);
  const { rows: taken } = await sql<{ reference: string }>`
    select reference from product where deposit = ${deposit} and reference is not null`.execute(
    trx,
  );
  const used = new Set(taken.map((r) => r.reference));
  const references: string[] = [];
  for (let i = 0; i < count; i++) {
    const reference = nextReference(range, used);
    if (reference === undefined)
      throw fail(
        Code.FailedPrecondition,
        'REFERENCE_RANGE_FULL',
        `Every reference of the deposit's range ${formatReference(range, range.start)}-${formatReference(range, range.end ?? range.start)} is taken`,
      );
    used.add(reference);
    references.push(reference);
  }
  return references;
}
