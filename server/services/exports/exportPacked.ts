import { ScalarType, type DescField } from '@bufbuild/protobuf';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { ExportColumn } from '../../../src/domain/exports/exportColumns.ts';
import { enumToLabel } from '../../crud/rowMapping.ts';
import { LABEL_SQL, type LabelColumn } from './exportLabels.ts';
import type { ExportPosition } from './exportCursor.ts';
import { exportProbe, uuidList, whereSql, type RowsSpec } from './exportRows.ts';

const TIMESTAMP = 'google.protobuf.Timestamp';

/** One exported column as the database writes it into a packed row. */
export interface PackedColumn {
  readonly column: ExportColumn;
  /** The message field the column fills (its name is the table's column). */
  readonly field: DescField;
}

/**
 * The JSON value of one column, computed by the database: texts stay texts, numbers become JSON
 * numbers, dates milliseconds since the epoch, enums their protobuf numbers, uuids their text and
 * uuid arrays JSON arrays. What the client's cells read, with no message to build on either side.
 */
function packedValue({ field }: PackedColumn): RawBuilder<unknown> {
  const ref = sql.ref(`r.${field.name}`);
  switch (field.fieldKind) {
    case 'enum': {
      const cases = field.enum.values
        .filter((v) => v.number !== 0)
        .map((v) => sql`when ${enumToLabel(field.enum, v.number)} then ${sql.lit(v.number)}`);
      return sql`case ${ref}::text ${sql.join(cases, sql` `)} end`;
    }
    case 'message':
      if (field.message.typeName !== TIMESTAMP)
        throw new Error(`export: ${field.name} is a message the packed rows do not carry`);
      return sql`(extract(epoch from ${ref}) * 1000)::float8`;
    case 'list':
      return sql`to_json(${ref}::text[])`;
    case 'scalar':
      switch (field.scalar) {
        case ScalarType.STRING:
          return sql`${ref}::text`;
        case ScalarType.BOOL:
          return ref;
        default:
          return sql`${ref}::float8`;
      }
    default:
      throw new Error(`export: ${field.name} cannot be packed`);
  }
}

/** What one packed read answers: the rows as JSON text, how many, where they end, their labels. */
export interface PackedBatch {
  readonly count: number;
  /** `[[uuid, ...columns], ...]` as the database wrote it. */
  readonly rows: string;
  /** The ordering value of the last row as text (null for NULL), and its uuid. */
  readonly lastKey: string | null;
  readonly lastUuid: string;
  /** uuid → display name of every uuid these rows refer to. */
  readonly labels: Record<string, string>;
}

/**
 * The labels of the uuids the batch's rows refer to that the stream has not named yet: one
 * semi-join per label column, its table read by primary key for the few uuids referenced. The
 * named list is checked against those few label rows, not against each of the batch's references
 * (2,000 rows times the named uuids, in every batch, was a third of a batch's time on PGlite).
 */
function newLabelsSql(labels: readonly LabelColumn[], named: string): RawBuilder<unknown> {
  if (labels.length === 0) return sql`'{}'`;
  const parts = labels.map(({ column, table, list }) => {
    const referenced = list
      ? sql`select unnest(r.${sql.id(column)}) from r`
      : sql`select r.${sql.id(column)} from r`;
    return sql`select l.uuid::text as uuid, ${LABEL_SQL[table]} as label
      from ${sql.table(table)} as l
      where l.uuid in (select x.uuid from (${referenced}) as x(uuid) where x.uuid is not null)
        and l.uuid <> all(cast(${named} as uuid[]))`;
  });
  return sql`(select coalesce(json_object_agg(x.uuid, x.label), '{}')::text
    from (${sql.join(parts, sql` union all `)}) as x)`;
}

/**
 * Which rows one packed read takes: items `start` to `end` (excluded) of the stream's ordered
 * uuid list, each fetched by primary key; or, when an index serves the order, the next `limit`
 * rows after a position, read straight from that index (keyset).
 */
export type PackedSlice =
  | { readonly list: string; readonly start: number; readonly end: number }
  | {
      readonly after: ExportPosition | undefined;
      /** The stream's last row, read as it started: rows added since are not sent. */
      readonly until: { readonly value: string | null; readonly uuid: string };
      readonly limit: number;
    };

/**
 * The batch's rows as the CTE `r`: the exported and ordering columns, the conditions applied
 * (again, for a list: a row that left the caller's scope is left out), and `order` the SQL that
 * sorts them in export order.
 */
function sliceRows(spec: RowsSpec, slice: PackedSlice) {
  const read = [...new Set([...spec.selected, spec.column])].map((c) => sql.ref(`r.${c}`));
  if ('list' in slice) {
    // The lookups are a lateral subquery the planner cannot flatten (`offset 0`): one index
    // probe per uuid whatever the statistics say. PGlite is never analysed, and a join it is free
    // to plan hashes the whole table for each batch once the rows it reads are narrow.
    return {
      rows: sql`select k.n as export_position, t.*
        from unnest(cast(${uuidList(slice.list, slice.start, slice.end)} as uuid[]))
          with ordinality as k(uuid, n)
        cross join lateral (
          select ${sql.join(read)} from ${sql.table(spec.table)} as r
          where r.uuid = k.uuid and ${whereSql(spec.where)} offset 0) as t`,
      order: (alias: string, reverse = false) =>
        sql`${sql.ref(`${alias}.export_position`)} ${sql.raw(reverse ? 'desc' : 'asc')}`,
    };
  }
  const direction = (reverse: boolean) => sql.raw(spec.descending !== reverse ? 'desc' : 'asc');
  // NULL values come last whichever the direction, so first when reading backwards.
  const order = (alias: string, reverse = false) =>
    sql`${sql.ref(`${alias}.${spec.column}`)} ${direction(reverse)}
      nulls ${sql.raw(reverse ? 'first' : 'last')}, ${sql.ref(`${alias}.uuid`)} ${direction(reverse)}`;
  const { after, until } = slice;
  const column = sql.ref(`r.${spec.column}`);
  const typed = (value: string) => sql`cast(${value} as ${sql.id(spec.type)})`;
  const beyond = sql.raw(spec.descending ? '<' : '>');
  const notBeyond = sql.raw(spec.descending ? '>=' : '<=');
  // Two range scans of an index on (column, uuid), each by one row comparison (a condition with
  // `or ... is null` would read the whole index): the rows with a value, then those without,
  // which come last in uuid order.
  const valued: RawBuilder<unknown>[] = [sql`${column} is not null`];
  if (after?.value != null)
    valued.push(
      sql`(${column}, r.uuid) ${beyond} (${typed(after.value)}, cast(${after.uuid} as uuid))`,
    );
  if (after && after.value === null) valued.push(sql`false`);
  if (until.value !== null)
    valued.push(
      sql`(${column}, r.uuid) ${notBeyond} (${typed(until.value)}, cast(${until.uuid} as uuid))`,
    );
  const empty: RawBuilder<unknown>[] = [sql`${column} is null`];
  if (after?.value === null) empty.push(sql`r.uuid ${beyond} cast(${after.uuid} as uuid)`);
  empty.push(
    until.value === null ? sql`r.uuid ${notBeyond} cast(${until.uuid} as uuid)` : sql`false`,
  );
  const part = (conditions: RawBuilder<unknown>[], by: RawBuilder<unknown>) =>
    sql`(select ${sql.join(read)} from ${sql.table(spec.table)} as r
      where ${whereSql([...spec.where, ...(conditions as RawBuilder<SqlBool>[])])}
      order by ${by} limit ${sql.lit(slice.limit)})`;
  return {
    rows: sql`select * from (
        ${part(valued, sql`${column} ${direction(false)}, r.uuid ${direction(false)}`)}
        union all ${part(empty, sql`r.uuid ${direction(false)}`)}) as r
      order by ${order('r')} limit ${sql.lit(slice.limit)}`,
    order,
  };
}

/**
 * One batch in one query: its rows (see {@link PackedSlice}), only the columns the export writes,
 * each row packed as a JSON array in export order, the last row's ordering value for the cursor,
 * and the names of the uuids they refer to that `named` (uuids the stream has named already)
 * leaves out.
 */
export async function packedRows(
  spec: RowsSpec,
  columns: readonly PackedColumn[],
  labels: readonly LabelColumn[],
  slice: PackedSlice,
  named: ReadonlySet<string> = new Set(),
): Promise<PackedBatch> {
  exportProbe.batchQueries++;
  const values = sql.join([sql`r.uuid::text`, ...columns.map(packedValue)]);
  const { rows: batchRows, order } = sliceRows(spec, slice);
  const { rows } = await sql<{
    count: number;
    rows: string;
    last: [string | null, string] | null;
    labels: string;
  }>`
    with r as materialized (${batchRows})
    select count(*)::int as count,
      coalesce(json_agg(json_build_array(${values}) order by ${order('r')}), '[]')::text as rows,
      (select array[${sql.ref(`l.${spec.column}`)}::text, l.uuid::text] from r as l
        order by ${order('l', true)} limit 1) as last,
      ${newLabelsSql(labels, `{${[...named].join(',')}}`)} as labels
    from r`.execute(spec.db);
  const row = rows[0]!;
  return {
    count: row.count,
    rows: row.rows,
    lastKey: row.last?.[0] ?? null,
    lastUuid: row.last?.[1] ?? '',
    labels: JSON.parse(row.labels) as Record<string, string>,
  };
}
