import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.gen.ts';

/** An open database: the typed Kysely over it, and what sits under it. */
export interface DatabaseHandle {
  readonly db: Kysely<Database>;
  /** `pglite` when embedded, `postgres` for a real server: for logs and tests only. */
  readonly kind: 'pglite' | 'postgres';
  /** The pool under Kysely, for libraries that speak node-postgres themselves (the job queue). */
  readonly pool: pg.Pool;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A real PostgreSQL server; otherwise embedded PGlite. */
  readonly databaseUrl?: string | undefined;
  /** PGlite's folder; undefined keeps the embedded database in memory (tests). */
  readonly dataDir?: string | undefined;
}

/**
 * One code path for both databases: a `pg.Pool` either on a PostgreSQL server or on PGlite's
 * node-postgres bridge, under the same Kysely dialect, so every query runs the same on both.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server ends (a restart, a dropped database) must not crash the
    // process: the pool replaces it on the next query.
    pool.on('error', (error) =>
      console.error('database: an idle connection ended:', error.message),
    );
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, pool, kind: 'postgres', close: () => db.destroy() };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const pglite = await PGlite.create(options.dataDir ?? 'memory://');
  // PGlite serves one connection: the pool hands it out in turn.
  const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1 });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    pool,
    kind: 'pglite',
    async close() {
      await db.destroy();
      await pglite.close();
    },
  };
}
