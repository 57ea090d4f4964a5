import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A database of its own for one test file. When DATABASE_URL is set (the PostgreSQL pass of
 * `npm test`), a fresh database is created on that server and dropped afterwards; otherwise
 * `url` is undefined and the server opens an in-memory PGlite.
 */
export async function createTestDatabase(): Promise<{
  url: string | undefined;
  drop(): Promise<void>;
}> {
  const base = process.env.DATABASE_URL;
  if (!base) return { url: undefined, drop: async () => {} };
  const name = `seconde_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
