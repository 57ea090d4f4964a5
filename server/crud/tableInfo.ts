import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.gen.ts';

export interface ColumnInfo {
  readonly name: string;
  /** PostgreSQL type name (`uuid`, `text`, `_uuid` for arrays, an enum type name...). */
  readonly udt: string;
  readonly hasDefault: boolean;
}

export type Schema = ReadonlyMap<string, ReadonlyMap<string, ColumnInfo>>;

/**
 * Reads the migrated tables once at start: row mapping follows the real column types, so a
 * uuid column gets NULL for an empty reference and an array column gets an array.
 */
export async function loadSchema(db: Kysely<Database>): Promise<Schema> {
  const { rows } = await sql<{
    table_name: string;
    column_name: string;
    udt_name: string;
    has_default: boolean;
  }>`
    select table_name, column_name, udt_name, column_default is not null as has_default
    from information_schema.columns where table_schema = current_schema()`.execute(db);
  const schema = new Map<string, Map<string, ColumnInfo>>();
  for (const row of rows) {
    const table = schema.get(row.table_name) ?? new Map<string, ColumnInfo>();
    table.set(row.column_name, {
      name: row.column_name,
      udt: row.udt_name,
      hasDefault: row.has_default,
    });
    schema.set(row.table_name, table);
  }
  return schema;
}
