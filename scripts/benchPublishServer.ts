// `npx tsx scripts/benchPublishServer.ts`: how fast PublishProducts answers and publishes, server side.
//
// Starts the server on embedded PGlite with the demo data and the built-in channel sandboxes,
// makes publishable products for the demo vendor (a validated deposit; category, brand, size,
// quality, price and a photo each), then publishes one set to the storefront alone and another to
// the storefront and the eBay sandbox together, from a client in a process of its own (as a page
// is). Prints, for each run, when the first stream message arrived, the whole time, the products
// per second, and the slowest answer to a trivial call made meanwhile (is the server responsive?).
// BENCH_PRODUCTS sets the number of products per run (1,000).
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../server/db/schema.gen.ts';
import { startServer, type RunningServer } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { StreamCode } from '../src/rpc/gen/seconde/v1/common_pb.ts';
import { PublisherService } from '../src/rpc/gen/seconde/v1/publisher_pb.ts';
import { SessionService } from '../src/rpc/gen/seconde/v1/session_pb.ts';
import { VendorConnectorService } from '../src/rpc/gen/seconde/v1/vendor_connector_pb.ts';
import { demoToken, rpcClient } from '../tests/helpers/demoClient.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 1000);

let batch = 0;

/** Publishable products of a new validated deposit of `vendor`. */
async function publishableProducts(db: Kysely<Database>, vendor: string, count: number) {
  batch += 1;
  const { rows: deposits } = await sql<{ uuid: string }>`
    insert into deposit (vendor, status, name)
    values (${vendor}, 'DEPOSIT_VALIDATED', 'Bench publication ' || gen_random_uuid())
    returning uuid`.execute(db);
  const { rows: categories } = await sql<{ uuid: string }>`
    insert into category (name, active, show_brand, show_size)
    values ('Bench publication ' || gen_random_uuid(), true, true, true)
    returning uuid`.execute(db);
  const { rows: brands } = await sql<{ uuid: string }>`
    insert into brand (name) values ('Bench brand') returning uuid`.execute(db);
  const { rows: sizes } = await sql<{ uuid: string }>`
    insert into product_size (title) values ('M') returning uuid`.execute(db);
  const { rows } = await sql<{ uuid: string }>`
    insert into product (deposit, reference, name, category, brand, product_size, quality,
      suggested_price, sale_status, comment)
    select ${deposits[0]!.uuid}, 'BENCH-' || ${batch}::int || '-' || n, 'Veste ' || n,
      ${categories[0]!.uuid}, ${brands[0]!.uuid}, ${sizes[0]!.uuid}, 'VERY_GOOD', 25, 'OFFLINE',
      'Belle veste en laine'
    from generate_series(1, ${count}) as n order by n
    returning uuid`.execute(db);
  const uuids = rows.map((r) => r.uuid);
  await sql`
    insert into product_image (product, image, "order", processing_status)
    select u, 'photos/' || u || '/1.jpg', 1, 'COMPLETED'
    from unnest(${uuids}::uuid[]) as u`.execute(db);
  return uuids;
}

/** The vendor's eBay connector, authorised through the sandbox's consent pages. */
async function connectEbay(server: RunningServer, token: string): Promise<void> {
  const client = rpcClient(server.url, VendorConnectorService, token);
  const { redirectUrl } = await client.connect({
    publisherName: 'EBAY',
    finalRedirectUri: `${server.url}/edit-profile/connectors`,
  });
  const consent = new URL(redirectUrl);
  consent.pathname = consent.pathname.replace(/authorize$/, 'decide');
  consent.searchParams.set('decision', 'accept');
  const get = (url: string) => fetch(url, { redirect: 'manual' });
  const callback = (await get(consent.toString())).headers.get('location');
  if (!callback) throw new Error('The eBay sandbox consent did not answer a callback');
  await get(callback);
}

interface Job {
  readonly name: string;
  readonly products: readonly string[];
  readonly connectors: readonly string[];
}

interface Run {
  readonly name: string;
  readonly products: number;
  readonly pairs: number;
  readonly firstMs: number;
  readonly totalMs: number;
  readonly messages: number;
  readonly errors: number;
  /** The slowest answer to a trivial call made every 50 ms while the publication ran. */
  readonly maxPingMs: number;
}

/**
 * The browser's side, in a process of its own as a page is: the server's event loop is then
 * measured alone. Publishes each job and, meanwhile, asks the server a trivial question again and
 * again to see that it keeps answering.
 */
async function client(url: string, token: string, jobs: readonly Job[]): Promise<Run[]> {
  const publisher = rpcClient(url, PublisherService, token);
  const session = rpcClient(url, SessionService, token);
  await session.getCurrentUser({});
  const runs: Run[] = [];
  for (const job of jobs) {
    let publishing = true;
    let maxPingMs = 0;
    const pinging = (async () => {
      while (publishing) {
        const sent = performance.now();
        await session.getCurrentUser({});
        maxPingMs = Math.max(maxPingMs, performance.now() - sent);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const started = performance.now();
    let firstMs = 0;
    let messages = 0;
    let errors = 0;
    let finished = false;
    for await (const message of publisher.publishProducts({
      products: [...job.products],
      vendorConnectors: [...job.connectors],
    })) {
      if (messages === 0) firstMs = performance.now() - started;
      messages += 1;
      errors += message.errors.length;
      finished ||= message.code === StreamCode.FINISH;
    }
    const totalMs = performance.now() - started;
    publishing = false;
    await pinging;
    if (!finished) throw new Error(`${job.name}: the stream ended without FINISH`);
    runs.push({
      name: job.name,
      products: job.products.length,
      pairs: job.products.length * job.connectors.length,
      firstMs,
      totalMs,
      messages,
      errors,
      maxPingMs,
    });
  }
  return runs;
}

/** Runs `client` in a child process (this script, with BENCH_CLIENT naming its input file). */
async function clientProcess(url: string, token: string, jobs: readonly Job[]): Promise<Run[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-publish-'));
  const input = path.join(dir, 'input.json');
  await writeFile(input, JSON.stringify({ url, token, jobs }));
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
    env: { ...process.env, BENCH_CLIENT: input },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  await rm(dir, { recursive: true, force: true });
  if (code !== 0) throw new Error(`The client process ended with ${code}`);
  return JSON.parse(output.trim().split('\n').at(-1)!) as Run[];
}

async function main(): Promise<void> {
  const seeding = performance.now();
  const server = await startServer({
    port: 0,
    seed: 'demo',
    demoProducts: 100,
    connectors: { ...loadConfig().connectors, sandbox: true, orderPollMs: 0 },
  });
  console.log(`Server ready on PGlite in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
  try {
    const token = await demoToken(server, 'vendor@seconde.test');
    const vendor = (await rpcClient(server.url, SessionService, token).getCurrentUser({}))
      .vendorUuid;
    const { rows } = await sql<{ uuid: string }>`
      insert into vendor_connector (vendor, publisher_name, is_active, connected)
      values (${vendor}, 'SECONDE_STOREFRONT', true, true)
      on conflict (vendor, publisher_name) do update set is_active = true, connected = true
      returning uuid`.execute(server.db);
    const storefront = rows[0]!.uuid;
    await connectEbay(server, token);
    const { rows: ebayRows } = await sql<{ uuid: string }>`
      select uuid from vendor_connector
      where vendor = ${vendor} and publisher_name = 'EBAY' and connected`.execute(server.db);
    const ebay = ebayRows[0]?.uuid;
    if (!ebay) throw new Error('The eBay sandbox connector is not connected');

    const runs = await clientProcess(server.url, token, [
      {
        name: 'storefront',
        products: await publishableProducts(server.db, vendor, PRODUCTS),
        connectors: [storefront],
      },
      {
        name: 'storefront + eBay sandbox',
        products: await publishableProducts(server.db, vendor, PRODUCTS),
        connectors: [storefront, ebay],
      },
    ]);
    console.table(
      runs.map((r) => ({
        run: r.name,
        products: r.products,
        'first message ms': Math.round(r.firstMs),
        'total s': (r.totalMs / 1000).toFixed(2),
        'products/s': Math.round(r.products / (r.totalMs / 1000)),
        'listings/s': Math.round(r.pairs / (r.totalMs / 1000)),
        messages: r.messages,
        errors: r.errors,
        'slowest ping ms': Math.round(r.maxPingMs),
      })),
    );
  } finally {
    await server.close();
  }
}

async function clientMain(input: string): Promise<void> {
  const { url, token, jobs } = JSON.parse(await readFile(input, 'utf8')) as {
    url: string;
    token: string;
    jobs: Job[];
  };
  console.log(JSON.stringify(await client(url, token, jobs)));
}

const clientInput = process.env.BENCH_CLIENT;
(clientInput ? clientMain(clientInput) : main()).catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
