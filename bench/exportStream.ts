// The server's export stream alone: 100,000 products streamed to a Node client (the app's own
// transport, binary, decoded as the worker decodes them), on embedded PGlite and, when
// DATABASE_URL is set, on PostgreSQL. Rows per second, median of RUNS runs.
//
// PGlite keeps its stock in .bench/data (shared with the page sections); PostgreSQL in its own
// database, `seconde_bench` (BENCH_DATABASE overrides): both seeded on their first run.
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import pg from 'pg';
import { startServer, type RunningServer } from '../server/app.ts';
import { exportSource } from '../src/workers/stream/exportSource.impl.ts';
import { StreamCode } from '../src/rpc/gen/seconde/v1/common_pb.ts';
import { demoToken } from '../tests/helpers/demoClient.ts';
import { median, printTable, RUNS, writeResults } from './harness.ts';

export const STREAM_PRODUCTS = 100_000;
/** The aims of issue 19, rows per second. */
const AIMS = { pglite: 40_000, postgres: 100_000 } as const;
type Database = keyof typeof AIMS;

/** The database `name` on the server DATABASE_URL points at, created when missing. */
export async function benchDatabaseUrl(base: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Bad database name ${name}`);
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    const { rows } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (rows.length === 0) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

export interface StreamRun {
  readonly rows: number;
  readonly ms: number;
  readonly firstBatchMs: number;
  readonly messages: number;
}

/** One whole products export as admin, read to its end; counts rows and messages. */
export async function streamOnce(server: RunningServer, token: string): Promise<StreamRun> {
  const open = exportSource(
    { kind: 'products', baseUrl: server.url, filters: {}, ordering: '', search: '' },
    () => token,
  );
  const start = performance.now();
  let rows = 0;
  let messages = 0;
  let firstBatchMs = 0;
  for await (const message of open('', new AbortController().signal)) {
    messages++;
    if (message.results.length && !firstBatchMs) firstBatchMs = performance.now() - start;
    rows += message.results.length;
    if (message.code === StreamCode.FINISH) break;
  }
  return { rows, ms: performance.now() - start, firstBatchMs, messages };
}

async function onDatabase(database: Database): Promise<Record<string, number>> {
  const base = process.env.DATABASE_URL;
  const databaseUrl =
    database === 'postgres'
      ? await benchDatabaseUrl(base!, process.env.BENCH_DATABASE ?? 'seconde_bench')
      : undefined;
  const seeding = performance.now();
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    seed: 'demo',
    demoProducts: STREAM_PRODUCTS,
    ...(databaseUrl ? { databaseUrl } : { dataDir: path.resolve('.bench/data') }),
  });
  console.log(`${database}: ready in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
  try {
    const token = await demoToken(server, 'admin@seconde.test');
    await streamOnce(server, token); // warm-up: plans, caches, JIT
    const runs: StreamRun[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const result = await streamOnce(server, token);
      if (result.rows !== STREAM_PRODUCTS)
        throw new Error(`${database}: streamed ${result.rows} rows, expected ${STREAM_PRODUCTS}`);
      console.log(
        `${database} run ${run}: ${Math.round(result.ms)} ms, ${result.messages} messages`,
      );
      runs.push(result);
    }
    const ms = median(runs.map((r) => r.ms));
    return {
      ms,
      rowsPerSecond: Math.round((STREAM_PRODUCTS / ms) * 1000),
      aimRowsPerSecond: AIMS[database],
      firstBatchMs: median(runs.map((r) => r.firstBatchMs)),
      messages: runs[0]!.messages,
    };
  } finally {
    await server.close();
  }
}

/** The bench section: PGlite always, PostgreSQL when DATABASE_URL is set. */
export async function benchExportStream(): Promise<void> {
  const databases: Database[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  const figures: Partial<Record<Database, Record<string, number>>> = {};
  for (const database of databases) figures[database] = await onDatabase(database);
  await writeResults('exportStream', { rows: STREAM_PRODUCTS, runs: RUNS, ...figures });
  printTable(
    `Server export stream, ${STREAM_PRODUCTS} products (median of ${RUNS} runs)`,
    figures as Record<string, Record<string, number>>,
  );
}
