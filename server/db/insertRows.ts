import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.gen.ts';

export type SeedRow = Record<string, unknown>;

/**
 * Multi-row INSERT in chunks (PostgreSQL caps one statement at 65,535 parameters), answering the
 * new uuids in order. jsonb values must be given as JSON text; arrays as JS arrays.
 */
export async function insertRows(
  db: Kysely<Database>,
  table: string,
  rows: readonly SeedRow[],
  chunk = 500,
): Promise<string[]> {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]!);
  const size = Math.max(1, Math.min(chunk, Math.floor(60_000 / columns.length)));
  const uuids: string[] = [];
  for (let start = 0; start < rows.length; start += size) {
    const values = rows
      .slice(start, start + size)
      .map((row) => sql`(${sql.join(columns.map((c) => sql`${row[c] ?? null}`))})`);
    const { rows: inserted } = await sql<{ uuid: string }>`
      insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.id(c)))}) values ${sql.join(values)} returning uuid`.execute(
      db,
    );
    uuids.push(...inserted.map((r) => r.uuid));
  }
  return uuids;
}

/** Number of rows of a table (seeds are applied once: a non-empty table is left alone). */
export async function countRows(db: Kysely<Database>, table: string): Promise<number> {
  const { rows } = await sql<{
    n: string;
  }>`select count(*)::text as n from ${sql.table(table)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
