import { ScalarType, type DescField } from '@bufbuild/protobuf';
import { sql, type RawBuilder } from 'kysely';
import type { ExportColumn } from '../../../src/domain/exports/exportColumns.ts';
import { enumToLabel } from '../../crud/rowMapping.ts';
import { LABEL_SQL, type LabelColumn } from './exportLabels.ts';
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
 * semi-join per label column, its table read by primary key for the few new uuids only.
 */
function newLabelsSql(labels: readonly LabelColumn[], named: string): RawBuilder<unknown> {
  if (labels.length === 0) return sql`'{}'`;
  const parts = labels.map(({ column, table, list }) => {
    const referenced = list
      ? sql`select unnest(r.${sql.id(column)}) from r`
      : sql`select r.${sql.id(column)} from r`;
    return sql`select l.uuid::text as uuid, ${LABEL_SQL[table]} as label
      from ${sql.table(table)} as l where l.uuid in (
        select x.uuid from (${referenced}) as x(uuid)
        where x.uuid is not null and x.uuid <> all(cast(${named} as uuid[])))`;
  });
  return sql`(select coalesce(json_object_agg(x.uuid, x.label), '{}')::text
    from (${sql.join(parts, sql` union all `)}) as x)`;
}

/**
 * Rows `start` to `end` (excluded) of the ordered list in one query: each row fetched by primary
 * key with the conditions applied again (a row that left the caller's scope is left out), only
 * the columns the export writes, each row packed as a JSON array in list order, the last row's
 * ordering value for the cursor, and the names of the uuids they refer to that `named` (uuids
 * the stream has named already) leaves out.
 *
 * The lookups are a lateral subquery the planner cannot flatten (`offset 0`): one index probe per
 * uuid whatever the statistics say. PGlite is never analysed, and a join it is free to plan hashes
 * the whole table for each batch once the rows it reads are narrow.
 */
export async function packedRowsAt(
  spec: RowsSpec,
  columns: readonly PackedColumn[],
  labels: readonly LabelColumn[],
  uuids: string,
  start: number,
  end: number,
  named: ReadonlySet<string> = new Set(),
): Promise<PackedBatch> {
  exportProbe.batchQueries++;
  const values = sql.join([sql`r.uuid::text`, ...columns.map(packedValue)]);
  const read = [...new Set([...spec.selected, spec.column])].map((c) => sql.ref(`r.${c}`));
  const { rows } = await sql<{
    count: number;
    rows: string;
    last: [string | null, string] | null;
    labels: string;
  }>`
    with r as materialized (
      select k.n as export_position, t.*
      from unnest(cast(${uuidList(uuids, start, end)} as uuid[])) with ordinality as k(uuid, n)
      cross join lateral (
        select ${sql.join(read)} from ${sql.table(spec.table)} as r
        where r.uuid = k.uuid and ${whereSql(spec.where)} offset 0) as t)
    select count(*)::int as count,
      coalesce(json_agg(json_build_array(${values}) order by r.export_position), '[]')::text
        as rows,
      (select array[${sql.ref(`l.${spec.column}`)}::text, l.uuid::text] from r as l
        order by l.export_position desc limit 1) as last,
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
