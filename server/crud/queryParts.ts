import { Code } from '@connectrpc/connect';
import type { DescMessage } from '@bufbuild/protobuf';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { enumFromLabel, enumToLabel } from './rowMapping.ts';
import type { Scope } from './policies.ts';
import { fieldInvalid } from '../rpc/validateInterceptor.ts';
import { fail } from '../rpc/reasons.ts';

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 5000;

export function scopeSql(scope: Scope, alias: string): RawBuilder<SqlBool> {
  if (scope === 'all') return sql<SqlBool>`true`;
  if (scope === 'none') return sql<SqlBool>`false`;
  return scope(alias);
}

/** Finds the column of a field named in snake_case or camelCase (clients send either). */
function fieldByName(desc: DescMessage, name: string) {
  return desc.fields.find((f) => f.name === name || f.localName === name);
}

/**
 * Turns the JSON of the `filters` header into conditions on known columns only: an unknown key is
 * a clear error rather than a silently ignored filter.
 */
export function filtersSql(
  desc: DescMessage,
  columns: ReadonlySet<string>,
  header: string | null,
  alias: string,
): RawBuilder<SqlBool>[] {
  if (!header) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(decodeURIComponent(header));
  } catch {
    throw fail(Code.InvalidArgument, 'INVALID_FILTERS', 'The filters header is not valid JSON');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw fail(Code.InvalidArgument, 'INVALID_FILTERS', 'The filters header must be a JSON object');
  }
  const parts: RawBuilder<SqlBool>[] = [];
  for (const [key, raw] of Object.entries(parsed as Record<string, unknown>)) {
    if (raw === null || raw === undefined || raw === '') continue;
    const field = fieldByName(desc, key);
    if (!field || !columns.has(field.name)) {
      throw fail(Code.InvalidArgument, 'INVALID_FILTERS', `Unknown filter: ${key}`);
    }
    const toDb = (value: unknown) => {
      if (field.fieldKind === 'enum') {
        try {
          return enumToLabel(field.enum, enumFromLabel(field.enum, value as string | number));
        } catch {
          throw fail(
            Code.InvalidArgument,
            'INVALID_FILTERS',
            `Unknown value ${String(value)} for ${key}`,
          );
        }
      }
      return value;
    };
    const ref = sql.ref(`${alias}.${field.name}`);
    if (Array.isArray(raw)) {
      if (raw.length === 0) {
        parts.push(sql<SqlBool>`false`);
      } else {
        parts.push(sql<SqlBool>`${ref}::text in (${sql.join(raw.map((v) => sql`${toDb(v)}`))})`);
      }
    } else if (typeof raw === 'object') {
      // A range, e.g. {"created_at": {"gte": "2024-03-01", "lt": "2024-04-01"}}.
      const bounds = Object.entries(raw as Record<string, unknown>);
      if (bounds.length === 0 || bounds.some(([op, v]) => !(op in RANGE_OPS) || !isBound(v))) {
        throw fail(Code.InvalidArgument, 'INVALID_FILTERS', `Invalid range for ${key}`);
      }
      for (const [op, value] of bounds) {
        parts.push(sql<SqlBool>`${ref} ${sql.raw(RANGE_OPS[op]!)} ${value}`);
      }
    } else if (field.fieldKind === 'list') {
      parts.push(sql<SqlBool>`${toDb(raw)} = any(${ref})`);
    } else {
      parts.push(sql<SqlBool>`${ref}::text = ${String(toDb(raw))}`);
    }
  }
  return parts;
}

const RANGE_OPS: Readonly<Record<string, string>> = { gte: '>=', gt: '>', lte: '<=', lt: '<' };

/** A range bound: a number, or a date / date-time text the database can compare. */
function isBound(value: unknown): boolean {
  return (
    (typeof value === 'number' && Number.isFinite(value)) ||
    (typeof value === 'string' && !Number.isNaN(Date.parse(value)))
  );
}

/** One field of an `ordering`: its column and direction. */
export interface OrderingTerm {
  readonly column: string;
  readonly descending: boolean;
}

/**
 * The terms of `-created_at,name`, in order; only known columns (snake_case or camelCase), so an
 * ordering never reaches SQL unchecked. The exports' keyset pagination reads the same terms.
 */
export function orderingTerms(
  desc: DescMessage,
  columns: ReadonlySet<string>,
  ordering: string,
): OrderingTerm[] {
  return ordering
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .map((part) => {
      const descending = part.startsWith('-');
      const name = descending ? part.slice(1) : part;
      const field = fieldByName(desc, name);
      if (!field || !columns.has(field.name)) {
        throw fail(Code.InvalidArgument, 'INVALID_ORDERING', `Unknown ordering field: ${name}`);
      }
      return { column: field.name, descending };
    });
}

/** `-created_at,name` -> ORDER BY, with the uuid last so pages never overlap. */
export function orderingSql(
  desc: DescMessage,
  columns: ReadonlySet<string>,
  ordering: string,
  alias: string,
): RawBuilder<unknown> {
  const parts = orderingTerms(desc, columns, ordering).map(
    ({ column, descending }) =>
      sql`${sql.ref(`${alias}.${column}`)} ${sql.raw(descending ? 'desc' : 'asc')}`,
  );
  parts.push(sql`${sql.ref(`${alias}.uuid`)} asc`);
  return sql.join(parts);
}

/** `%` and `_` typed by a user are searched for literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Longest search text turned into SQL. The contracts already cap every `search` field (200); this
 * also covers search text read from the filters header, so a huge term never becomes a huge query.
 */
export const MAX_SEARCH_LENGTH = 200;

/** The search text, trimmed; a longer one is refused rather than matched word by word. */
export function searchText(search: unknown): string {
  if (typeof search !== 'string') return '';
  if (search.length > MAX_SEARCH_LENGTH)
    throw fieldInvalid({
      field: 'search',
      rule: 'string.max_len',
      message: `value length must be at most ${MAX_SEARCH_LENGTH} characters`,
    });
  return search.trim();
}

/** Columns a free-text `search` looks in, when the table has them. */
const SEARCHED_COLUMNS = [
  'name',
  'title',
  'first_name',
  'last_name',
  'email',
  'company_name',
  'city',
  // Product references (REF-000123), so the stock is searched by reference as well as by name.
  'reference',
];

/**
 * The free-text `search` of a list request: each word must appear (case-insensitively) in one of
 * the table's name, e-mail or city columns, so "martin lyon" finds Martin in Lyon.
 */
export function searchSql(
  columns: ReadonlySet<string>,
  search: unknown,
  alias: string,
): RawBuilder<SqlBool>[] {
  const text = searchText(search);
  const searched = SEARCHED_COLUMNS.filter((c) => columns.has(c));
  if (text === '' || searched.length === 0) return [];
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => {
      const pattern = likePattern(word);
      return sql<SqlBool>`(${sql.join(
        searched.map((c) => sql`${sql.ref(`${alias}.${c}`)} ilike ${pattern}`),
        sql` or `,
      )})`;
    });
}
