import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.gen.ts';
import { loadSchema, type ColumnInfo, type Schema } from '../../../crud/tableInfo.ts';

const schemas = new WeakMap<Kysely<Database>, Promise<Schema>>();

/**
 * The migrated columns of one table, read once per database (hand-written handlers map rows to
 * messages with them, like the generic calls do). A failed read is not cached.
 */
export async function tableColumns(
  db: Kysely<Database>,
  table: string,
): Promise<ReadonlyMap<string, ColumnInfo>> {
  let schema = schemas.get(db);
  if (!schema) {
    schema = loadSchema(db);
    schemas.set(db, schema);
    schema.catch(() => schemas.delete(db));
  }
  const columns = (await schema).get(table);
  if (!columns) throw new Error(`No table ${table}`);
  return columns;
}
