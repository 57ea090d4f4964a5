import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

/**
 * Applies the versioned SQL files of `migrations/` in name order, each once and in its own
 * transaction, recording them in `schema_migration`. A lock keeps two servers starting together
 * on one PostgreSQL from applying the same file twice.
 *
 * Generic over the schema type on purpose: it runs raw SQL only, builds the very tables the
 * generated `Database` describes, and runs before they exist, so it needs no table types.
 */
export async function migrate<DB>(db: Kysely<DB>): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(72061)`.execute(trx);
    await sql`create table if not exists schema_migration (version text primary key, applied_at timestamptz not null default now())`.execute(
      trx,
    );
    const { rows } = await sql<{ version: string }>`select version from schema_migration`.execute(
      trx,
    );
    const done = new Set(rows.map((r) => r.version));
    const applied: string[] = [];
    for (const file of files) {
      const version = file.replace(/\.sql$/, '');
      if (done.has(version)) continue;
      const text = await readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
      await sql.raw(text).execute(trx);
      await sql`insert into schema_migration (version) values (${version})`.execute(trx);
      applied.push(version);
    }
    return applied;
  });
}
