import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import type { ExportColumn } from '../../../src/domain/exports/exportColumns.ts';

type LabelTable = NonNullable<ExportColumn['labelOf']>;

/** The display name of a row of each table a label column refers to. */
export const LABEL_SQL: Readonly<Record<LabelTable, RawBuilder<string>>> = {
  category: sql<string>`coalesce(name, '')`,
  brand: sql<string>`coalesce(name, '')`,
  deposit: sql<string>`coalesce(name, '')`,
  product_size: sql<string>`coalesce(title, '')`,
  color: sql<string>`coalesce(title, '')`,
  customer: sql<string>`concat_ws(' ', first_name, last_name)`,
  vendor: sql<string>`concat_ws(' ', first_name, last_name)`,
};

/** A label column of one export: the row column holding the uuid (or uuids) and the table it names. */
export interface LabelColumn {
  readonly column: string;
  readonly table: LabelTable;
  /** The column holds an array of uuids (colours). */
  readonly list: boolean;
}

/**
 * The labels one stream still owes: each referenced uuid gets its display name once per stream,
 * the first time a batch refers to it, so a 100k-row export sends each brand's name only once.
 */
export class StreamLabels {
  private readonly sent = new Set<string>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly columns: readonly LabelColumn[],
  ) {}

  /** The names of the uuids these rows refer to that this stream has not named yet. */
  async forRows(rows: readonly Record<string, unknown>[]): Promise<Record<string, string>> {
    const wanted = new Map<LabelTable, Set<string>>();
    for (const row of rows) {
      for (const { column, table } of this.columns) {
        const value = row[column];
        for (const uuid of Array.isArray(value) ? (value as unknown[]) : [value]) {
          if (typeof uuid !== 'string' || this.sent.has(uuid)) continue;
          this.sent.add(uuid);
          const set = wanted.get(table) ?? new Set<string>();
          set.add(uuid);
          wanted.set(table, set);
        }
      }
    }
    if (wanted.size === 0) return {};
    const parts = [...wanted].map(
      ([table, uuids]) =>
        sql`select uuid::text as uuid, ${LABEL_SQL[table]} as label from ${sql.table(table)}
          where uuid in (${sql.join([...uuids])})`,
    );
    const { rows: found } = await sql<{
      uuid: string;
      label: string;
    }>`${sql.join(parts, sql` union all `)}`.execute(this.db);
    return Object.fromEntries(found.map((r) => [r.uuid, r.label]));
  }
}
