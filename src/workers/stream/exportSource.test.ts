import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { StreamCode } from '../../rpc/gen/seconde/v1/common_pb.ts';
import {
  ExportListProductsRequestSchema,
  ExportListProductsResponseSchema,
} from '../../rpc/gen/seconde/v1/product_pb.ts';
import * as Comlink from 'comlink';
import {
  exportSource,
  followExport,
  type ExportRequestSpec,
  type ExportStreamHooks,
} from './exportSource.impl.ts';
import { createStreamClient } from './stream.client.ts';
import { throwingWireErrors } from './wireError.ts';
import { consumeStream } from './stream.impl.ts';

/** One Connect envelope: flags, big-endian length, payload. */
function envelope(flags: number, payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(5 + payload.length);
  out[0] = flags;
  new DataView(out.buffer).setUint32(1, payload.length);
  out.set(payload, 5);
  return out;
}

const frame = (init: Parameters<typeof create<typeof ExportListProductsResponseSchema>>[1]) =>
  envelope(
    0,
    toBinary(ExportListProductsResponseSchema, create(ExportListProductsResponseSchema, init)),
  );
const endStream = envelope(2, new TextEncoder().encode('{}'));
/** Rows p<from>..p<to - 1> packed as the server's database writes them: uuid, then the columns. */
const packed = (from: number, to: number) =>
  JSON.stringify(
    Array.from({ length: to - from }, (_, i) => [`p${from + i}`, `REF-${from + i}`, null]),
  );

interface Seen {
  readonly url: string;
  readonly authorization: string | null;
  readonly filters: string | null;
  readonly cursor: string;
  readonly ordering: string;
  readonly packedRows: boolean;
}

/**
 * A server speaking the Connect protocol in binary over fetch, with rows p0..p2 in batches of
 * two: the first connection sends the count and one batch, then the network dies mid-body.
 */
function connectServer() {
  const seen: Seen[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    const body = init?.body as Uint8Array;
    const request = fromBinary(ExportListProductsRequestSchema, body.subarray(5));
    seen.push({
      url: String(input),
      authorization: headers.get('authorization'),
      filters: headers.get('filters'),
      cursor: request.cursor,
      ordering: request.ordering,
      packedRows: request.packedRows,
    });
    // Resumes right after the cursor; the first connection dies after its first batch.
    const from = request.cursor ? Number(request.cursor.replace('after-', '')) : 0;
    const frames = [frame({ code: StreamCode.PROGRESS, count: 3, progress: from })];
    for (let at = from; at < 3; at += 2) {
      const to = Math.min(at + 2, 3);
      frames.push(
        frame({
          code: StreamCode.PROGRESS,
          count: 3,
          progress: to,
          rows: packed(at, to),
          cursor: `after-${to}`,
          labels: { [`brand${at}`]: `Marque ${at}` },
        }),
      );
    }
    frames.push(frame({ code: StreamCode.FINISH, count: 3, progress: 3 }), endStream);
    const dropAt = seen.length === 1 ? 2 : Infinity;
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === dropAt) controller.error(new TypeError('network error'));
        else if (sent < frames.length) controller.enqueue(frames[sent++]!);
        else controller.close();
      },
    });
    return new Response(stream, {
      status: 200,
      headers: { 'content-type': 'application/connect+proto' },
    });
  };
  return { fetchImpl, seen };
}

const SPEC = {
  kind: 'products',
  baseUrl: 'https://seconde.test',
  filters: { sale_status: ['SELL'], search: 'Créateur' },
  ordering: '-stock_entry_datetime',
  search: '',
} as const;

describe('exportSource', () => {
  it('resumes over the real transport with the token of the moment and the same filters', async () => {
    const { fetchImpl, seen } = connectServer();
    const tokens = ['token-1', 'token-2'];
    let asked = 0;
    const getToken = () => tokens[asked++] ?? null;
    const { rows, labels, count } = await consumeStream(exportSource(SPEC, getToken, fetchImpl), {
      signal: new AbortController().signal,
      sleep: () => Promise.resolve(),
    });
    expect(rows.map((p) => (p as { uuid: string }).uuid)).toEqual(['p0', 'p1', 'p2']);
    // Packed rows are read by field name, in the export's column order after the uuid.
    expect(rows[1]).toMatchObject({ uuid: 'p1', reference: 'REF-1', name: null });
    expect(count).toBe(3);
    expect(Object.fromEntries(labels)).toEqual({ brand0: 'Marque 0', brand2: 'Marque 2' });
    expect(seen.map((s) => [s.authorization, s.cursor])).toEqual([
      ['Bearer token-1', ''],
      ['Bearer token-2', 'after-2'],
    ]);
    for (const s of seen) {
      expect(s.url).toBe('https://seconde.test/seconde.v1.ProductService/ExportList');
      expect(s.ordering).toBe('-stock_entry_datetime');
      expect(s.packedRows).toBe(true);
      expect(JSON.parse(decodeURIComponent(s.filters!))).toEqual(SPEC.filters);
    }
  });

  it('follows an export without handing its rows out', async () => {
    const { fetchImpl } = connectServer();
    const progress: number[] = [];
    const summary = await followExport(
      SPEC,
      {
        getToken: () => 'token',
        onProgress: (p) => progress.push(p.progress),
        onSpecial: () => {},
      },
      new AbortController().signal,
      { fetch: fetchImpl, sleep: () => Promise.resolve() },
    );
    expect(summary).toEqual({ count: 3, fetched: 3 });
    expect(progress.at(-1)).toBe(3);
  });

  it('asks the main thread for the token on each connection, across the Comlink boundary', async () => {
    const { fetchImpl, seen } = connectServer();
    const api = {
      follow: throwingWireErrors((spec: ExportRequestSpec, hooks: ExportStreamHooks) =>
        followExport(spec, hooks, undefined, { fetch: fetchImpl, sleep: () => Promise.resolve() }),
      ),
    };
    const ports: MessagePort[] = [];
    const start = () => {
      const { port1, port2 } = new MessageChannel();
      ports.push(port1, port2);
      Comlink.expose(api, port1);
      return Object.assign(port2, { terminate: () => port1.close() });
    };
    let renewals = 0;
    const summary = await createStreamClient(start).follow(
      SPEC,
      { getToken: () => `token-${++renewals}`, onProgress: () => {}, onSpecial: () => {} },
      new AbortController().signal,
    );
    ports.forEach((p) => p.close());
    expect(summary).toEqual({ count: 3, fetched: 3 });
    expect(seen.map((s) => s.authorization)).toEqual(['Bearer token-1', 'Bearer token-2']);
  });
});
