import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql, type RawBuilder } from 'kysely';
import { PACKED_BATCH_SIZE, exportProbe } from '../../server/services/exports/exportStream.ts';
import { EXPORT_COLUMNS, type ExportKind } from '../../src/domain/exports/exportColumns.ts';
import { StreamCode } from '../../src/rpc/gen/seconde/v1/common_pb.ts';
import { timestampMs } from '../../src/workers/spreadsheet/cells.impl.ts';
import { unpackRows } from '../../src/workers/stream/exportSource.impl.ts';
import {
  expectedUuids as expectedUuidsOf,
  exporter as exporterOf,
  readExport,
  type ExportMessage,
} from '../helpers/exportStreams.ts';
import {
  startTestServer,
  type DemoRecords,
  type DemoUser,
  type TestServer,
} from '../helpers/testServer.ts';

/**
 * The packed message shape the app asks for (`packed_rows`): the database writes each batch's rows
 * as JSON. Same rows, order, labels, cursor and scopes as the row messages, in fewer, larger reads.
 */
let t: TestServer;
let records: DemoRecords;

beforeAll(async () => {
  // More than two packed batches of stock, so resuming crosses batch boundaries.
  t = await startTestServer({ demoProducts: 2 * PACKED_BATCH_SIZE + 300 }, [
    'vendor',
    'company',
    'customer',
    'admin',
    'developer',
  ]);
  records = await t.demoRecords();
}, 240_000);

afterAll(async () => {
  await t?.close();
});

afterEach(() => {
  exportProbe.beforeBatch = undefined;
  exportProbe.namedInQuery = undefined;
});

type Message = ExportMessage;
const exporter = (kind: ExportKind, who?: DemoUser, filters?: unknown) =>
  exporterOf(t, kind, who, filters);
const read = readExport;

const rowsOf = (kind: ExportKind, messages: readonly Message[]) =>
  messages.flatMap((m) => unpackRows(kind, m.rows) as Record<string, unknown>[]);
const uuidsOf = (kind: ExportKind, messages: readonly Message[]) =>
  rowsOf(kind, messages).map((r) => r.uuid as string);

const expectedUuids = (query: RawBuilder<unknown>) => expectedUuidsOf(t, query);

/** Count first, full packed batches, cumulative progress, FINISH at count; never `results`. */
function expectProtocol(messages: readonly Message[], total: number, before = 0): void {
  const [first, ...rest] = messages;
  expect(first).toMatchObject({ code: StreamCode.PROGRESS, count: total, progress: before });
  expect(first!.rows).toBe('');
  const last = rest.pop()!;
  expect(last).toMatchObject({ code: StreamCode.FINISH, count: total, progress: total, rows: '' });
  let delivered = before;
  rest.forEach((batch, i) => {
    const rows = JSON.parse(batch.rows) as unknown[];
    if (i < rest.length - 1) expect(rows).toHaveLength(PACKED_BATCH_SIZE);
    expect(batch.results).toEqual([]);
    delivered += rows.length;
    expect(batch.progress).toBe(delivered);
    expect(batch.cursor).not.toBe('');
  });
  expect(delivered).toBe(total);
}

/**
 * A field as the cells read it, the same whichever shape carried it: dates in milliseconds, and
 * the message's defaults ('', 0, []) and int64s as numbers as the NULL they stand for.
 */
function comparable(value: unknown): unknown {
  if (typeof value === 'bigint') return comparable(Number(value));
  const ms = typeof value === 'object' ? timestampMs(value) : null;
  if (ms !== null) return Math.floor(ms);
  if (value === '' || value === 0 || value === undefined) return null;
  if (Array.isArray(value) && value.length === 0) return null;
  return value;
}

describe('packed export rows', () => {
  it('stream every product once, in order, in batches of the packed size', async () => {
    const messages = await read(exporter('products', 'admin'), { packedRows: true });
    const expected = await expectedUuids(sql`select uuid from product order by created_at, uuid`);
    expect(expected.length).toBeGreaterThan(2 * PACKED_BATCH_SIZE);
    expectProtocol(messages, expected.length);
    expect(uuidsOf('products', messages)).toEqual(expected);
  });

  for (const [kind, who] of [
    ['products', 'admin'],
    ['deposits', 'admin'],
    ['customers', 'admin'],
    ['invoices', 'developer'],
  ] as const) {
    it(`hold the same ${kind} values and labels as the row messages`, async () => {
      const packed = await read(exporter(kind, who), { packedRows: true });
      const messages = await read(exporter(kind, who), {});
      const rows = rowsOf(kind, packed);
      const results = messages.flatMap((m) => m.results);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.map((r) => r.uuid)).toEqual(results.map((r) => r.uuid));
      for (const [i, row] of rows.entries()) {
        for (const { field, type } of EXPORT_COLUMNS[kind]) {
          const value = type === 'date' ? Math.floor(row[field] as number) : row[field];
          expect(comparable(value), `${kind} row ${i} ${field}`).toEqual(
            comparable(results[i]![field]),
          );
        }
      }
      // Each uuid named once per stream, with the name the row messages give it.
      const named = new Map<string, string>();
      for (const m of packed) {
        for (const [uuid, label] of Object.entries(m.labels)) {
          expect(named.has(uuid), `${uuid} named twice`).toBe(false);
          named.set(uuid, label);
        }
      }
      const labels = Object.assign({}, ...messages.map((m) => m.labels)) as Record<string, string>;
      expect(Object.fromEntries(named)).toEqual(labels);
    });
  }

  it('name each reference once and in time when the stream has named more than its queries carry', async () => {
    // Past this many named uuids, a batch's query names all its references and the server drops
    // the ones already sent.
    exportProbe.namedInQuery = 10;
    const messages = await read(exporter('products', 'admin'), { packedRows: true });
    const named = new Set<string>();
    for (const m of messages) {
      for (const uuid of Object.keys(m.labels)) {
        expect(named.has(uuid), `${uuid} named twice`).toBe(false);
        named.add(uuid);
      }
      for (const row of unpackRows('products', m.rows) as Record<string, unknown>[]) {
        const referenced = [row.category, row.brand, row.productSize, row.deposit];
        for (const uuid of [...referenced, ...((row.colors as string[] | null) ?? [])])
          if (typeof uuid === 'string') expect(named.has(uuid), uuid).toBe(true);
      }
    }
    expect(named.size).toBeGreaterThan(10);
  });

  it('name a row’s references no later than the batch that holds it', async () => {
    const messages = await read(exporter('products', 'admin'), { packedRows: true });
    const named = new Set<string>();
    for (const m of messages) {
      for (const uuid of Object.keys(m.labels)) named.add(uuid);
      for (const row of unpackRows('products', m.rows) as Record<string, unknown>[]) {
        const referenced = [row.category, row.brand, row.productSize, row.deposit];
        for (const uuid of [...referenced, ...((row.colors as string[] | null) ?? [])])
          if (typeof uuid === 'string') expect(named.has(uuid), uuid).toBe(true);
      }
    }
  });
});

describe('resuming packed rows', () => {
  it('resumes after a cut without losing or repeating a row, and names again what it needs', async () => {
    const full = uuidsOf(
      'products',
      await read(exporter('products', 'admin'), { packedRows: true }),
    );
    const start = await read(exporter('products', 'admin'), { packedRows: true }, 1);
    expect(start).toHaveLength(2);
    expect(start[1]!.progress).toBe(PACKED_BATCH_SIZE);
    const rest = await read(exporter('products', 'admin'), {
      packedRows: true,
      cursor: start[1]!.cursor,
    });
    expectProtocol(rest, full.length, PACKED_BATCH_SIZE);
    const resumed = [...uuidsOf('products', start), ...uuidsOf('products', rest)];
    expect(resumed).toEqual(full);
    expect(new Set(resumed).size).toBe(full.length);
    // The resumed stream names the references of its own rows, whatever the cut one sent.
    const firstRow = unpackRows('products', rest[1]!.rows)[0] as Record<string, unknown>;
    expect(rest[1]!.labels).toHaveProperty(firstRow.category as string);
  });

  it('resumes after every batch across the NULLs of a descending ordering', async () => {
    const expected = await expectedUuids(
      sql`select uuid from product order by sell_datetime desc nulls last, uuid desc`,
    );
    const pieces: string[] = [];
    let cursor = '';
    for (let i = 0; i < 10 && pieces.length < expected.length; i++) {
      const part = await read(
        exporter('products', 'admin'),
        { ordering: '-sellDatetime', cursor, packedRows: true },
        1,
      );
      expect(part[0]!.progress).toBe(pieces.length);
      pieces.push(...uuidsOf('products', part));
      cursor = part[part.length - 1]!.cursor;
    }
    expect(pieces).toEqual(expected);
  });

  // Keyset orderings (an index on the column then uuid), NULL values among them, both directions;
  // sale_status has no such index and takes the sorted uuid list.
  for (const [ordering, order] of [
    ['-created_at', sql`order by created_at desc, uuid desc`],
    ['sell_datetime', sql`order by sell_datetime asc nulls last, uuid asc`],
    ['-stock_entry_datetime', sql`order by stock_entry_datetime desc nulls last, uuid desc`],
    ['stock_entry_datetime', sql`order by stock_entry_datetime asc nulls last, uuid asc`],
    ['sale_status', sql`order by sale_status asc nulls last, uuid asc`],
  ] as const) {
    it(`orders by ${ordering}, whole or resumed after every batch, for admin and a vendor`, async () => {
      const expected = await expectedUuids(sql`select uuid from product ${order}`);
      const whole = await read(exporter('products', 'admin'), { ordering, packedRows: true });
      expectProtocol(whole, expected.length);
      expect(uuidsOf('products', whole)).toEqual(expected);
      const pieces: string[] = [];
      let cursor = '';
      for (let i = 0; i < 10 && pieces.length < expected.length; i++) {
        const part = await read(
          exporter('products', 'admin'),
          { ordering, cursor, packedRows: true },
          1,
        );
        expect(part[0]!.progress).toBe(pieces.length);
        pieces.push(...uuidsOf('products', part));
        cursor = part[part.length - 1]!.cursor;
      }
      expect(pieces).toEqual(expected);
      const own = await expectedUuids(sql`
        select uuid from product where deposit in (select d.uuid from deposit d
          where d.vendor = ${records.vendorUuid} and d.status is distinct from 'RESTITUED')
        ${order}`);
      expect(own.length).toBeGreaterThan(0);
      const vendor = await read(exporter('products', 'vendor'), { ordering, packedRows: true });
      expect(uuidsOf('products', vendor)).toEqual(own);
    });
  }

  it('sends no row added after the stream started, read straight from the index', async () => {
    const expected = await expectedUuids(sql`select uuid from product order by created_at, uuid`);
    const added: string[] = [];
    exportProbe.beforeBatch = async () => {
      if (added.length) return;
      // A copy of a product, created now: after every row of the stream in its order.
      const { rows } = await sql<{ uuid: string }>`
        insert into product select (jsonb_populate_record(null::product, to_jsonb(p)
          || jsonb_build_object('uuid', gen_random_uuid(), 'reference', p.reference || '-copy',
            'created_at', now()))).*
        from product as p order by p.created_at limit 1 returning uuid`.execute(t.server.db);
      added.push(rows[0]!.uuid);
    };
    try {
      const messages = await read(exporter('products', 'admin'), { packedRows: true });
      expect(added).toHaveLength(1);
      expectProtocol(messages, expected.length);
      expect(uuidsOf('products', messages)).toEqual(expected);
      // The next export has it, last.
      exportProbe.beforeBatch = undefined;
      const next = uuidsOf(
        'products',
        await read(exporter('products', 'admin'), { packedRows: true }),
      );
      expect(next).toEqual([...expected, added[0]]);
    } finally {
      await sql`delete from product where uuid = any(${added}::uuid[])`.execute(t.server.db);
    }
  });

  it('accepts a cursor of the row messages, and the reverse', async () => {
    const full = uuidsOf(
      'products',
      await read(exporter('products', 'admin'), { packedRows: true }),
    );
    const rowStart = await read(exporter('products', 'admin'), {}, 1);
    const rest = await read(exporter('products', 'admin'), {
      packedRows: true,
      cursor: rowStart[1]!.cursor,
    });
    expect([...rowStart[1]!.results.map((r) => r.uuid), ...uuidsOf('products', rest)]).toEqual(
      full,
    );
  });
});

describe('packed rows keep the scopes', () => {
  it('give a vendor only their own rows', async () => {
    const expected = await expectedUuids(sql`
      select p.uuid from product p join deposit d on d.uuid = p.deposit
      where d.vendor = ${records.vendorUuid} and d.status is distinct from 'RESTITUED'
      order by p.created_at, p.uuid`);
    expect(expected.length).toBeGreaterThan(0);
    const own = await read(exporter('products', 'vendor'), { packedRows: true });
    expectProtocol(own, expected.length);
    expect(uuidsOf('products', own)).toEqual(expected);
  });

  it('stop querying once the client aborts', async () => {
    let held = 0;
    let sawAbort = false;
    exportProbe.beforeBatch = async (signal) => {
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
    const messages = await read(exporter('products', 'admin'), { packedRows: true }, 1);
    expect(messages).toHaveLength(2);
    await expect.poll(() => sawAbort, { timeout: 6000 }).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(exportProbe.batchQueries - before).toBe(1);
  });
});
