import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@connectrpc/connect';
import { sql, type RawBuilder } from 'kysely';
import { EXPORT_BATCH_SIZE, exportProbe } from '../../server/services/exports/exportStream.ts';
import { type ExportKind } from '../../src/domain/exports/exportColumns.ts';
import { StreamCode } from '../../src/rpc/gen/seconde/v1/common_pb.ts';
import { CustomerService } from '../../src/rpc/gen/seconde/v1/customer_pb.ts';
import { ProductService, SaleStatus } from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import {
  expectedUuids as expectedUuidsOf,
  exporter as exporterOf,
  readExport,
  type ExportMessage,
  type ExportRequest,
} from '../helpers/exportStreams.ts';
import {
  refusalOf,
  startTestServer,
  type DemoRecords,
  type DemoUser,
  type TestServer,
} from '../helpers/testServer.ts';

let t: TestServer;
let records: DemoRecords;

beforeAll(async () => {
  // More items than two batches, so resuming and keyset pages are exercised on the stock.
  t = await startTestServer({ demoProducts: 1300 }, [
    'vendor',
    'company',
    'admin',
    'customer',
    'developer',
  ]);
  records = await t.demoRecords();
}, 180_000);

afterAll(async () => {
  await t?.close();
});

afterEach(() => {
  exportProbe.beforeBatch = undefined;
});

type Message = ExportMessage;
type Request = ExportRequest;
const exporter = (kind: ExportKind, who?: DemoUser, filters?: unknown) =>
  exporterOf(t, kind, who, filters);
const read = readExport;

const uuidsOf = (messages: readonly Message[]) =>
  messages.flatMap((m) => m.results.map((r) => r.uuid as string));

const expectedUuids = (query: RawBuilder<unknown>) => expectedUuidsOf(t, query);

/** The protocol's shape: count first, full batches, cumulative progress, FINISH at count. */
function expectProtocol(messages: readonly Message[], total: number, before = 0): void {
  const [first, ...rest] = messages;
  expect(first).toMatchObject({ code: StreamCode.PROGRESS, count: total, progress: before });
  expect(first!.results).toEqual([]);
  const last = rest.pop()!;
  expect(last).toMatchObject({ code: StreamCode.FINISH, count: total, progress: total });
  expect(last.results).toEqual([]);
  let delivered = before;
  rest.forEach((batch, i) => {
    expect(batch.code).toBe(StreamCode.PROGRESS);
    if (i < rest.length - 1) expect(batch.results).toHaveLength(EXPORT_BATCH_SIZE);
    delivered += batch.results.length;
    expect(batch.progress).toBe(delivered);
    expect(batch.count).toBe(total);
    expect(batch.cursor).not.toBe('');
  });
  expect(delivered).toBe(total);
}

const vendorProducts = (vendor: string) => sql`
  select p.uuid from product p join deposit d on d.uuid = p.deposit
  where d.vendor = ${vendor} and d.status is distinct from 'RESTITUED'`;

describe('the four exports', () => {
  it('stream every product exactly once in created_at order, with only the exported fields', async () => {
    const messages = await read(exporter('products', 'admin'));
    const expected = await expectedUuids(sql`select uuid from product order by created_at, uuid`);
    expect(expected.length).toBeGreaterThan(2 * EXPORT_BATCH_SIZE);
    expectProtocol(messages, expected.length);
    expect(uuidsOf(messages)).toEqual(expected);
    const row = messages[1]!.results.find((r) => r.saleStatus === SaleStatus.SELL)!;
    expect(row.reference).toMatch(/^REF-/);
    expect(row.selledPrice).toBeGreaterThan(0);
    expect(row.stockEntryDatetime).toBeDefined();
    // Fields no column of the export needs stay empty: less to send, less to build.
    expect(row.mainImageUrl).toBe('');
    expect(row.sellOn).toBe(0);
    expect(row.rowVersion).toBe(0);
  });

  it('name each referenced category, brand, size, colour and deposit once per stream', async () => {
    const messages = await read(exporter('products', 'admin'));
    const labels: Record<string, string> = {};
    for (const m of messages) {
      for (const [uuid, label] of Object.entries(m.labels)) {
        expect(labels, `${uuid} named twice`).not.toHaveProperty(uuid);
        labels[uuid] = label;
      }
    }
    const rows = messages.flatMap((m) => m.results);
    for (const [i, row] of rows.entries()) {
      const referenced = [
        row.category,
        row.brand,
        row.productSize,
        row.deposit,
        ...(row.colors as string[]),
      ];
      for (const uuid of referenced.filter(Boolean) as string[])
        expect(labels, `row ${i}: ${uuid}`).toHaveProperty(uuid);
    }
    const { rows: names } = await sql<{ uuid: string; name: string }>`
      select uuid, name from category union all select uuid, name from brand
      union all select uuid, name from deposit union all select uuid, title from product_size
      union all select uuid, title from color`.execute(t.server.db);
    const byUuid = new Map(names.map((n) => [n.uuid, n.name ?? '']));
    for (const [uuid, label] of Object.entries(labels)) expect(label).toBe(byUuid.get(uuid));
    // A label is sent with the batch that first refers to it.
    const firstBatch = messages[1]!;
    expect(firstBatch.labels).toHaveProperty(firstBatch.results[0]!.category as string);
  });

  it('stream the deposits the deposit list shows, with customer names', async () => {
    const messages = await read(exporter('deposits', 'admin'));
    const expected = await expectedUuids(sql`select uuid from deposit
      where (status is null or status not in ('ABANDONED', 'CANCELED'))
        and not (status = 'DRAFT' and is_created_by_public_form) order by created_at, uuid`);
    expectProtocol(messages, expected.length);
    expect(uuidsOf(messages)).toEqual(expected);
    const { rows } = await sql<{ uuid: string; name: string }>`
      select uuid, concat_ws(' ', first_name, last_name) as name from customer`.execute(
      t.server.db,
    );
    const labels = Object.assign({}, ...messages.map((m) => m.labels)) as Record<string, string>;
    const customers = new Set(messages.flatMap((m) => m.results.map((r) => r.customer as string)));
    customers.delete('');
    expect(customers.size).toBeGreaterThan(0);
    for (const uuid of customers)
      expect(labels[uuid]).toBe(rows.find((r) => r.uuid === uuid)!.name);
  });

  it('stream every customer and every invoice once, in order', async () => {
    const customers = await read(exporter('customers', 'admin'));
    const allCustomers = await expectedUuids(
      sql`select uuid from customer order by created_at, uuid`,
    );
    expectProtocol(customers, allCustomers.length);
    expect(uuidsOf(customers)).toEqual(allCustomers);
    expect(customers[1]!.results[0]!.createdAt).toBeDefined();

    const invoices = await read(exporter('invoices', 'developer'));
    const allInvoices = await expectedUuids(
      sql`select uuid from invoice order by created_at, uuid`,
    );
    expect(allInvoices.length).toBeGreaterThan(0);
    expectProtocol(invoices, allInvoices.length);
    expect(uuidsOf(invoices)).toEqual(allInvoices);
    const labels = Object.assign({}, ...invoices.map((m) => m.labels)) as Record<string, string>;
    expect(labels[records.vendorUuid]).toBe('Valérie ' + (await lastName(records.vendorUuid)));
  });

  it('apply the filters header like the lists do', async () => {
    const messages = await read(exporter('products', 'admin', { sale_status: 'SELL' }));
    const expected = await expectedUuids(
      sql`select uuid from product where sale_status = 'SELL' order by created_at, uuid`,
    );
    expect(expected.length).toBeGreaterThan(0);
    expectProtocol(messages, expected.length);
    expect(uuidsOf(messages)).toEqual(expected);
    // A status in the header replaces the deposit list's default (no ABANDONED, no CANCELED).
    const abandoned = await read(exporter('deposits', 'admin', { status: ['ABANDONED'] }));
    const expectedAbandoned = await expectedUuids(
      sql`select uuid from deposit where status = 'ABANDONED' order by created_at, uuid`,
    );
    expect(expectedAbandoned.length).toBeGreaterThan(0);
    expect(uuidsOf(abandoned)).toEqual(expectedAbandoned);
    expect(await refusalOf(read(exporter('products', 'admin', { no_such_column: 1 })))).toEqual({
      code: Code.InvalidArgument,
      reason: 'INVALID_FILTERS',
    });
  });

  it('apply the search box words as the lists do', async () => {
    const products = await read(exporter('products', 'admin'), { search: 'REF-00001' });
    const list = await t.client(ProductService, 'admin').list({
      search: 'REF-00001',
      pagination: { pageSize: 1000 },
    });
    expect(list.count).toBeGreaterThan(0);
    expectProtocol(products, list.count);
    expect(new Set(uuidsOf(products))).toEqual(new Set(list.results.map((p) => p.uuid)));
    const { rows } = await sql<{ last_name: string }>`
      select last_name from customer order by created_at limit 1`.execute(t.server.db);
    const name = rows[0]!.last_name;
    const customers = await read(exporter('customers', 'admin'), { search: name });
    const listed = await t.client(CustomerService, 'admin').list({
      search: name,
      pagination: { pageSize: 1000 },
    });
    expect(listed.count).toBeGreaterThan(0);
    expect(new Set(uuidsOf(customers))).toEqual(new Set(listed.results.map((c) => c.uuid)));
  });
});

async function lastName(vendor: string): Promise<string> {
  const { rows } = await sql<{ last_name: string }>`
    select last_name from vendor where uuid = ${vendor}`.execute(t.server.db);
  return rows[0]!.last_name;
}

describe('who may export what', () => {
  it('gives a vendor only their own rows, whatever cursor they send', async () => {
    const own = await read(exporter('products', 'vendor'));
    const expected = await expectedUuids(
      sql`${vendorProducts(records.vendorUuid)} order by p.created_at, p.uuid`,
    );
    expect(expected.length).toBeGreaterThan(0);
    expectProtocol(own, expected.length);
    expect(uuidsOf(own)).toEqual(expected);

    // Another vendor's resume point positions the keyset, nothing more.
    const theirs = await read(exporter('products', 'company'), {}, 1);
    const foreign = new Set(uuidsOf(await read(exporter('products', 'company'))));
    const resumed = await read(exporter('products', 'vendor'), { cursor: theirs[1]!.cursor });
    expect(uuidsOf(resumed).filter((u) => foreign.has(u))).toEqual([]);
    expect(uuidsOf(resumed).every((u) => expected.includes(u))).toBe(true);

    const v = records.vendorUuid;
    const scoped: [ExportKind, RawBuilder<unknown>][] = [
      [
        'deposits',
        sql`select uuid from deposit where vendor = ${v} and status is distinct from 'RESTITUED'
          and status not in ('ABANDONED', 'CANCELED')
          and not (status = 'DRAFT' and is_created_by_public_form) order by created_at, uuid`,
      ],
      [
        'customers',
        sql`select uuid from customer where ${v}::uuid = any(vendors) order by created_at, uuid`,
      ],
      ['invoices', sql`select uuid from invoice where vendor = ${v} order by created_at, uuid`],
    ];
    for (const [kind, query] of scoped) {
      const mine = await expectedUuids(query);
      expect(mine.length, kind).toBeGreaterThan(0);
      expect(uuidsOf(await read(exporter(kind, 'vendor'))), kind).toEqual(mine);
    }
  });

  it('gives a customer their invoices and refuses them the vendor exports', async () => {
    const invoices = await read(exporter('invoices', 'customer'));
    const expected = await expectedUuids(sql`select uuid from invoice
      where customer = ${records.customerUuid} order by created_at, uuid`);
    expect(expected.length).toBeGreaterThan(0);
    expect(uuidsOf(invoices)).toEqual(expected);
    for (const kind of ['products', 'deposits', 'customers'] as const) {
      expect(await refusalOf(read(exporter(kind, 'customer'))), kind).toEqual({
        code: Code.PermissionDenied,
        reason: 'FORBIDDEN',
      });
    }
  });

  it('refuses a caller who is not signed in', async () => {
    for (const kind of ['products', 'deposits', 'customers', 'invoices'] as const) {
      expect(await refusalOf(read(exporter(kind))), kind).toEqual({
        code: Code.Unauthenticated,
        reason: 'UNAUTHENTICATED',
      });
    }
  });
});

describe('resuming and ordering', () => {
  it('resumes after the last cursor received without losing or repeating a row', async () => {
    const full = uuidsOf(await read(exporter('products', 'admin')));
    const start = await read(exporter('products', 'admin'), {}, 2);
    expect(start).toHaveLength(3);
    expect(start[2]!.progress).toBe(2 * EXPORT_BATCH_SIZE);
    const rest = await read(exporter('products', 'admin'), { cursor: start[2]!.cursor });
    expectProtocol(rest, full.length, 2 * EXPORT_BATCH_SIZE);
    expect([...uuidsOf(start), ...uuidsOf(rest)]).toEqual(full);
  });

  it('refuses a forged cursor, or one made for another ordering or export', async () => {
    const start = await read(exporter('products', 'admin'), {}, 1);
    const cursor = start[1]!.cursor;
    const json = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as Record<string, unknown>;
    const forge = (change: Record<string, unknown>) =>
      Buffer.from(JSON.stringify({ ...json, ...change })).toString('base64url');
    const cases: [ExportKind, Request][] = [
      ['products', { cursor: 'not a cursor' }],
      ['products', { cursor: Buffer.from('[1,2]').toString('base64url') }],
      ['products', { cursor: forge({ u: 'nope' }) }],
      ['products', { cursor: forge({ n: -1 }) }],
      ['products', { cursor: forge({ v: 'not a date' }) }],
      ['products', { cursor, ordering: '-created_at' }],
      ['products', { cursor, ordering: 'name' }],
      ['customers', { cursor }],
    ];
    for (const [kind, req] of cases) {
      expect(await refusalOf(read(exporter(kind, 'admin'), req)), JSON.stringify(req)).toEqual({
        code: Code.InvalidArgument,
        reason: 'INVALID_CURSOR',
      });
    }
    for (const ordering of ['no_such_field', 'created_at,name']) {
      expect(await refusalOf(read(exporter('products', 'admin'), { ordering }))).toEqual({
        code: Code.InvalidArgument,
        reason: 'INVALID_ORDERING',
      });
    }
  });

  it('orders contacts by last name, as the contacts list does', async () => {
    const expected = await expectedUuids(
      sql`select uuid from customer where ${records.vendorUuid}::uuid = any(vendors)
        order by last_name asc nulls last, uuid asc`,
    );
    const messages = await read(exporter('customers', 'vendor'), { ordering: 'last_name' });
    expectProtocol(messages, expected.length);
    expect(uuidsOf(messages)).toEqual(expected);
  });

  const orderings: [string, RawBuilder<unknown>][] = [
    ['-created_at', sql`order by created_at desc, uuid desc`],
    ['sell_datetime', sql`order by sell_datetime asc nulls last, uuid asc`],
    ['-sellDatetime', sql`order by sell_datetime desc nulls last, uuid desc`],
    ['sale_status', sql`order by sale_status asc nulls last, uuid asc`],
  ];
  for (const [ordering, order] of orderings) {
    it(`orders by ${ordering}, in one stream or resumed after every batch`, async () => {
      const expected = await expectedUuids(sql`select uuid from product ${order}`);
      const whole = await read(exporter('products', 'admin'), { ordering });
      expectProtocol(whole, expected.length);
      expect(uuidsOf(whole)).toEqual(expected);
      // One batch per stream: crosses from the values to the NULLs on a cursor.
      const pieces: string[] = [];
      let cursor = '';
      for (let i = 0; i < 10 && pieces.length < expected.length; i++) {
        const part = await read(exporter('products', 'admin'), { ordering, cursor }, 1);
        expect(part[0]!.progress).toBe(pieces.length);
        pieces.push(...uuidsOf(part));
        cursor = part[part.length - 1]!.cursor;
      }
      expect(pieces).toEqual(expected);
    });
  }
});

describe('rows changing during a stream', () => {
  it('leaves out a row that stopped matching after the stream began', async () => {
    const filters = { sale_status: 'ONLINE' };
    const expected = await expectedUuids(
      sql`select uuid from product where sale_status = 'ONLINE' order by created_at, uuid`,
    );
    const victim = expected[expected.length - 1]!;
    exportProbe.beforeBatch = async () => {
      exportProbe.beforeBatch = undefined;
      await sql`update product set sale_status = 'SELL' where uuid = ${victim}`.execute(
        t.server.db,
      );
    };
    try {
      const messages = await read(exporter('products', 'admin', filters));
      expect(uuidsOf(messages)).toEqual(expected.slice(0, -1));
    } finally {
      await sql`update product set sale_status = 'ONLINE' where uuid = ${victim}`.execute(
        t.server.db,
      );
    }
  });
});

describe('cancellation', () => {
  it('stops querying once the client aborts', async () => {
    let held = 0;
    let sawAbort = false;
    exportProbe.beforeBatch = async (signal) => {
      // Hold the second batch until the server hears of the abort (or give up after 5 s).
      if (++held !== 2) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 5000);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      sawAbort = signal.aborted;
    };
    const before = exportProbe.batchQueries;
    const messages = await read(exporter('products', 'admin'), {}, 1);
    expect(messages).toHaveLength(2);
    await expect.poll(() => sawAbort, { timeout: 6000 }).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // One row query for the first batch; none after the client went away (a full export runs 3+).
    expect(exportProbe.batchQueries - before).toBe(1);
  });
});
