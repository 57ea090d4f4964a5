import { Code } from '@connectrpc/connect';
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import { fail } from '../../rpc/reasons.ts';
import type { ExportPosition } from './exportCursor.ts';

type Row = Record<string, unknown>;

/** The ordering value of each row as text, so microseconds and enum order survive the cursor. */
export const KEY = 'export_key';

/** A batch row's place in the ordered list (no table has a column of that name). */
const POSITION = 'export_position';

/** Length of a uuid's text form: the ordered list is these, end to end. */
const UUID_LENGTH = 36;

/**
 * Test seam: counts the row queries of every export stream and lets a test hold a stream before
 * its next one (to prove an aborted export issues no further query), or lower how many named
 * uuids a packed batch's query leaves out of its labels. Production leaves it alone.
 */
export const exportProbe: {
  batchQueries: number;
  beforeBatch?: ((signal: AbortSignal) => Promise<void>) | undefined;
  namedInQuery?: number | undefined;
} = { batchQueries: 0 };

/** What one stream reads: a table under conditions, in one field's order then uuid. */
export interface RowsSpec {
  readonly db: Kysely<Database>;
  readonly table: string;
  /** Conditions on `<table> as r`: the caller's scope and the filters header. */
  readonly where: readonly RawBuilder<SqlBool>[];
  /** The columns each row carries (uuid among them). */
  readonly selected: readonly string[];
  readonly column: string;
  /** The column's PostgreSQL type (udt name), to compare a cursor's text value with it. */
  readonly type: string;
  readonly descending: boolean;
}

export const whereSql = (conditions: readonly RawBuilder<SqlBool>[]) =>
  conditions.length ? sql.join(conditions, sql` and `) : sql<SqlBool>`true`;

export async function countRows(spec: RowsSpec): Promise<number> {
  const { rows } = await sql<{ count: number }>`
    select count(*)::int as count from ${sql.table(spec.table)} as r
    where ${whereSql(spec.where)}`.execute(spec.db);
  return rows[0]?.count ?? 0;
}

/** A forged cursor whose value is not of the ordering column's type is refused, not a 500. */
export async function requireKeyOfType(spec: RowsSpec, value: string): Promise<void> {
  try {
    await sql`select cast(${value} as ${sql.id(spec.type)}) as key`.execute(spec.db);
  } catch {
    throw fail(Code.InvalidArgument, 'INVALID_CURSOR', 'The export cannot resume: bad cursor');
  }
}

/**
 * The keyset condition: the rows strictly after `from` in the order `column, uuid` (same
 * direction, NULL values last). A non-NULL position is followed by the greater values, then the
 * NULLs; a NULL position only by the NULLs with a greater uuid.
 */
function afterPosition(spec: RowsSpec, from: ExportPosition): RawBuilder<SqlBool> {
  const column = sql.ref(`r.${spec.column}`);
  const after = sql.raw(spec.descending ? '<' : '>');
  const uuid = sql`cast(${from.uuid} as uuid)`;
  if (from.value === null) return sql<SqlBool>`(${column} is null and r.uuid ${after} ${uuid})`;
  return sql<SqlBool>`((${column}, r.uuid) ${after} (cast(${from.value} as ${sql.id(spec.type)}), ${uuid}) or ${column} is null)`;
}

/**
 * The uuids of every row after `from`, in export order, read once per stream: one sort, whatever
 * the ordering column and however few of the table's rows the caller sees, where a query per batch
 * would sort again for each one when no index serves the ordering. Kept as one string of uuids end
 * to end (3.6 MB for 100k rows) rather than 100k small strings.
 */
export async function orderedUuids(spec: RowsSpec, from?: ExportPosition): Promise<string> {
  const column = sql.ref(`r.${spec.column}`);
  const direction = sql.raw(spec.descending ? 'desc' : 'asc');
  const conditions = from ? [...spec.where, afterPosition(spec, from)] : spec.where;
  const { rows } = await sql<{ uuids: string }>`
    select coalesce(string_agg(r.uuid::text, '' order by ${column} ${direction} nulls last,
      r.uuid ${direction}), '') as uuids
    from ${sql.table(spec.table)} as r where ${whereSql(conditions)}`.execute(spec.db);
  return rows[0]?.uuids ?? '';
}

/** How many rows an ordered uuid list holds. */
export function uuidCount(uuids: string): number {
  return uuids.length / UUID_LENGTH;
}

/** Items `start` to `end` (excluded) of the ordered list as a PostgreSQL array literal. */
export function uuidList(uuids: string, start: number, end: number): string {
  const wanted: string[] = [];
  for (let i = start; i < end; i++)
    wanted.push(uuids.slice(i * UUID_LENGTH, (i + 1) * UUID_LENGTH));
  return `{${wanted.join(',')}}`;
}

/**
 * Rows `start` to `end` (excluded) of the ordered list, in that order, with their ordering value
 * as text under KEY: one short query by primary key. The conditions are applied again, so a row
 * that left the caller's scope since the list was read is left out rather than sent.
 */
export async function rowsAt(
  spec: RowsSpec,
  uuids: string,
  start: number,
  end: number,
): Promise<Row[]> {
  exportProbe.batchQueries++;
  const list = sql.join([
    ...spec.selected.map((c) => sql.ref(`r.${c}`)),
    sql`${sql.ref(`r.${spec.column}`)}::text as ${sql.id(KEY)}`,
  ]);
  // Materialized first: the batch's rows by primary key, then the conditions on those rows only.
  // Left to itself, a planner without statistics (PGlite is never analysed) may gather every row
  // of the caller's scope for each batch instead.
  const { rows } = await sql<Row>`
    with r as materialized (
      select t.*, k.n as ${sql.id(POSITION)}
      from unnest(cast(${uuidList(uuids, start, end)} as uuid[])) with ordinality as k(uuid, n)
      join ${sql.table(spec.table)} as t on t.uuid = k.uuid)
    select ${list} from r where ${whereSql(spec.where)} order by r.${sql.id(POSITION)}`.execute(
    spec.db,
  );
  return rows;
}

/**
 * Whether batches can be read straight from an index in export order (keyset): a plain b-tree
 * index leads with the ordering column then uuid, both ascending (scanned backwards for a
 * descending export; the NULL values are read apart). Otherwise a stream sorts its uuids once and
 * fetches each batch by primary key, since a query per batch would sort the caller's rows again.
 */
export async function servedByIndex(
  db: Kysely<Database>,
  table: string,
  column: string,
): Promise<boolean> {
  const { rows } = await sql<{ served: boolean }>`
    select exists (
      select 1 from pg_index as i
      join pg_class as t on t.oid = i.indrelid
      join pg_namespace as n on n.oid = t.relnamespace and n.nspname = current_schema()
      join pg_attribute as a on a.attrelid = t.oid and a.attname = ${column}
      join pg_attribute as u on u.attrelid = t.oid and u.attname = 'uuid'
      where t.relname = ${table} and i.indpred is null and i.indexprs is null
        and i.indkey[0] = a.attnum and i.indkey[1] = u.attnum
        and i.indoption[0] = 0 and i.indoption[1] = 0) as served`.execute(db);
  return rows[0]?.served ?? false;
}

/**
 * The last row in export order under the stream's conditions, read at its start: a keyset stream
 * stops there, so rows added while it runs are not sent beyond the count it announced.
 */
export async function lastPosition(
  spec: RowsSpec,
): Promise<{ readonly value: string | null; readonly uuid: string } | null> {
  const direction = sql.raw(spec.descending ? 'asc' : 'desc');
  const column = sql.ref(`r.${spec.column}`);
  const { rows } = await sql<{ value: string | null; uuid: string }>`
    select ${column}::text as value, r.uuid::text as uuid from ${sql.table(spec.table)} as r
    where ${whereSql(spec.where)} order by ${column} ${direction} nulls first, r.uuid ${direction}
    limit 1`.execute(spec.db);
  return rows[0] ?? null;
}
