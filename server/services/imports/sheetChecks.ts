import { Code, ConnectError } from '@connectrpc/connect';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import {
  encodeFileIssue,
  encodeRowIssue,
  sheetRefusalText,
  type FileIssue,
} from '../../../src/domain/sheetImport/issues.ts';
import type { PreviewOutcome } from '../../../src/domain/sheetImport/previewFile.ts';
import type { ProductReferenceData } from '../../../src/domain/sheetImport/references.ts';
import { refusals, type SheetPreview } from '../../../src/domain/sheetImport/sheet.ts';

/** A sheet refused before anything is written: SHEET_INVALID with the encoded issues. */
export function sheetInvalid(message: string, errors: readonly string[]): ConnectError {
  return new ConnectError(sheetRefusalText(message, errors), Code.InvalidArgument);
}

function fileRefusal(issue: FileIssue): ConnectError {
  return sheetInvalid(`The sheet cannot be imported (${issue.code})`, [encodeFileIssue(issue)]);
}

/**
 * The checked sheet when the file could be read, else the file's refusal. The caller adds its own
 * server-side checks, then `requireRows` refuses a sheet left without a row to import.
 */
export function requireReadable<K extends string, V>(
  outcome: PreviewOutcome,
  kind: 'products' | 'customers',
): SheetPreview<K, V> {
  if (!outcome.ok) throw fileRefusal(outcome.error);
  if (outcome.kind !== kind) throw new Error(`Expected a ${kind} sheet`);
  return outcome.preview as unknown as SheetPreview<K, V>;
}

/** The refused rows as the answers' `errors` list them. */
export function encodedRefusals<K extends string, V>(preview: SheetPreview<K, V>): string[] {
  return refusals(preview).map(encodeRowIssue);
}

/** Nothing to import: the whole sheet is refused with every row's errors, nothing is written. */
export function requireRows(count: number, errors: readonly string[]): void {
  if (count > 0) return;
  throw sheetInvalid(
    'No row of the sheet can be imported',
    errors.length ? errors : [encodeFileIssue({ code: 'noValidRow' })],
  );
}

/**
 * The reference lists a product sheet is checked against: active categories, brands, sizes and
 * colours, as the browser's preview lists them.
 */
export async function loadProductReferences(db: Kysely<Database>): Promise<ProductReferenceData> {
  const [categories, brands, sizes, colors] = await Promise.all([
    sql<{
      uuid: string;
      name: string | null;
      name_singular: string | null;
      identifier: string | null;
      product_size_group: string | null;
      order: number | null;
    }>`select uuid, name, name_singular, identifier, product_size_group, "order"
      from category where active is not false`.execute(db),
    sql<{ uuid: string; name: string | null; slug: string | null }>`
      select uuid, name, slug from brand`.execute(db),
    sql<{ uuid: string; title: string | null; size_groups: string[] | null; order: number | null }>`
      select uuid, title, size_groups, "order" from product_size`.execute(db),
    sql<{ uuid: string; title: string | null; code: string | null }>`
      select uuid, title, code from color`.execute(db),
  ]);
  return {
    categories: categories.rows.map((c) => ({
      uuid: c.uuid,
      name: c.name ?? '',
      nameSingular: c.name_singular ?? '',
      identifier: c.identifier ?? '',
      productSizeGroup: c.product_size_group ?? '',
      order: c.order ?? 0,
    })),
    brands: brands.rows.map((b) => ({ uuid: b.uuid, name: b.name ?? '', slug: b.slug ?? '' })),
    sizes: sizes.rows.map((s) => ({
      uuid: s.uuid,
      title: s.title ?? '',
      sizeGroups: s.size_groups ?? [],
      order: s.order ?? 0,
    })),
    colors: colors.rows.map((c) => ({ uuid: c.uuid, title: c.title ?? '', code: c.code ?? '' })),
  };
}

/** The references already used in a deposit. */
export async function depositReferences(db: Kysely<Database>, deposit: string): Promise<string[]> {
  const { rows } = await sql<{ reference: string }>`
    select reference from product where deposit = ${deposit} and reference is not null`.execute(db);
  return rows.map((r) => r.reference);
}
