// `npm run bench:server`: latency of the deposit list and statistics calls on PostgreSQL with a
// 100,000-product stock, against a trivial call measured in the same run.
//
// Needs DATABASE_URL (a PostgreSQL server). The stock lives in its own database, `seconde_bench`
// on that server (BENCH_DATABASE overrides the name): created and seeded on the first run, which
// takes minutes, then reused. BENCH_CALLS sets the number of measured calls (200).
import { performance } from 'node:perf_hooks';
import type { DescService } from '@bufbuild/protobuf';
import pg from 'pg';
import { startServer } from '../server/app.ts';
import { DepositService } from '../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { ProductService } from '../src/rpc/gen/seconde/v1/product_pb.ts';
import { SessionService } from '../src/rpc/gen/seconde/v1/session_pb.ts';
import { demoToken, rpcClient } from '../tests/helpers/demoClient.ts';

const PRODUCTS = 100_000;
const WARM_UP = 20;
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const BUDGET_MS = 50;

async function ensureDatabase(base: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Bad database name ${name}`);
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    const { rows } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (rows.length === 0) {
      console.log(`Creating database ${name}…`);
      await admin.query(`create database ${name}`);
    }
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

interface Result {
  readonly name: string;
  readonly p50: number;
  readonly p95: number;
}

async function measure(name: string, call: () => Promise<unknown>): Promise<Result> {
  for (let i = 0; i < WARM_UP; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const start = performance.now();
    await call();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { name, p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function main(): Promise<void> {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('DATABASE_URL must point at a PostgreSQL server');
  const databaseUrl = await ensureDatabase(base, process.env.BENCH_DATABASE ?? 'seconde_bench');

  const seeding = performance.now();
  const server = await startServer({
    port: 0,
    databaseUrl,
    seed: 'demo',
    demoProducts: PRODUCTS,
  });
  console.log(
    `Server ready with ${PRODUCTS} products in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );
  try {
    // What autovacuum does after a large load: planner statistics and the visibility map that
    // index-only scans need.
    const maintenance = new pg.Client({ connectionString: databaseUrl });
    await maintenance.connect();
    await maintenance.query('vacuum analyze product');
    await maintenance.query('vacuum analyze deposit');
    await maintenance.query('vacuum analyze deposit_figures');
    await maintenance.query('vacuum analyze deposit_month_figures');
    await maintenance.end();
    const tokens = new Map<string, string>();
    for (const who of ['admin', 'vendor'])
      tokens.set(who, await demoToken(server, `${who}@seconde.test`));
    const client = <S extends DescService>(service: S, who: string, filters?: unknown) =>
      rpcClient(server.url, service, tokens.get(who), filters);

    const admin = client(DepositService, 'admin');
    const vendor = client(DepositService, 'vendor');
    const filtered = client(DepositService, 'admin', {
      deposit_recovery: ['GET_HOME', 'RELAY_POINT'],
    });
    const one = (await admin.list({ pagination: { page: 1, pageSize: 1 } })).results[0]!;
    const own = (await vendor.list({ pagination: { page: 1, pageSize: 1 } })).results[0]!;
    const products = client(ProductService, 'admin');
    let item = (await products.list({ pagination: { page: 1, pageSize: 1 } })).results[0]!;
    const price = item.suggestedPrice ?? 10;
    const page = { page: 2, pageSize: 25 };
    const ordering = '-created_at,name';

    const baselines = [
      await measure('DepositService.retrieve (baseline)', () => admin.retrieve({ uuid: one.uuid })),
      await measure('SessionService.getCurrentUser', () =>
        client(SessionService, 'admin').getCurrentUser({}),
      ),
    ];
    const results = [
      await measure('list, admin, filters header + ordering + page 2', () =>
        filtered.list({ ordering, pagination: page }),
      ),
      await measure('list, vendor, search + ordering + page 1', () =>
        vendor.list({ ordering, search: 'dépôt', pagination: { page: 1, pageSize: 25 } }),
      ),
      await measure('listWithStats, admin, ordering + page 2', () =>
        admin.listWithStats({ ordering, pagination: page }),
      ),
      await measure('listWithStats, vendor, page 1', () =>
        vendor.listWithStats({ ordering, pagination: { page: 1, pageSize: 25 } }),
      ),
      await measure('statsForFilters, admin, default statuses (whole stock)', () =>
        admin.statsForFilters({}),
      ),
      await measure('recommendedPrice, vendor', () => vendor.recommendedPrice({ uuid: own.uuid })),
      await measure('statsForFilters, vendor, filters header', () =>
        client(DepositService, 'vendor', { gamme: ['LOW', 'HIGH'] }).statsForFilters({}),
      ),
      // A write: the product's deposit figures follow through the triggers of migration 0004.
      await measure('product partialUpdate, admin, suggested price (write)', async () => {
        item = await products.partialUpdate({
          product: {
            uuid: item.uuid,
            rowVersion: item.rowVersion,
            suggestedPrice: item.suggestedPrice === price ? price + 1 : price,
          },
          updateMask: { paths: ['suggested_price'] },
        });
      }),
    ];

    const baseline = baselines[0]!;
    const rows = [...baselines, ...results].map((r) => ({
      call: r.name,
      'p50 ms': r.p50.toFixed(1),
      'p95 ms': r.p95.toFixed(1),
      'p50 ÷ baseline': (r.p50 / baseline.p50).toFixed(1),
      'p95 ÷ baseline': (r.p95 / baseline.p95).toFixed(1),
    }));
    console.log(
      `\n${CALLS} calls each after ${WARM_UP} warm-up calls, one at a time; baseline = ${baseline.name}`,
    );
    console.table(rows);
    const slow = results.filter((r) => r.p95 > BUDGET_MS);
    console.log(
      slow.length
        ? `Over the ${BUDGET_MS} ms p95 budget: ${slow.map((r) => r.name).join('; ')}`
        : `Every measured call has p95 under ${BUDGET_MS} ms.`,
    );
  } finally {
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
