import { Code, ConnectError } from '@connectrpc/connect';
import { describe, expect, it, vi } from 'vitest';
import { StreamCode } from '../../rpc/gen/seconde/v1/common_pb.ts';
import {
  consumeStream,
  defaultBackoff,
  isDroppedConnection,
  type StreamMessage,
  type StreamSource,
} from './stream.impl.ts';

interface Row {
  readonly uuid: string;
}

const BATCH = 500;
const message = (m: Partial<StreamMessage<Row>>): StreamMessage<Row> => ({
  code: StreamCode.PROGRESS,
  count: 0,
  progress: 0,
  message: '',
  cursor: '',
  results: [],
  labels: {},
  ...m,
});

interface FakeServer {
  readonly source: StreamSource<Row>;
  /** The cursor each connection was opened with. */
  readonly cursors: string[];
}

/**
 * A server holding `total` rows that speaks the export protocol: a count first, batches of 500
 * with a cursor and the labels of the batch, FINISH. Connection n dies after `dropAfter[n]`
 * batches with `error`; `specialAt` sends a special message before that batch of each stream.
 */
function fakeServer(
  total: number,
  options: { dropAfter?: number[]; error?: unknown; specialAt?: number; noFinish?: number[] } = {},
): FakeServer {
  const rows = Array.from({ length: total }, (_, i) => ({ uuid: `row-${i}` }));
  const cursors: string[] = [];
  const source: StreamSource<Row> = async function* (cursor) {
    const connection = cursors.push(cursor) - 1;
    const start = cursor ? Number(cursor.replace('after-', '')) : 0;
    yield message({ count: total, progress: start });
    let batches = 0;
    for (let at = start; at < total; at += BATCH) {
      if (options.dropAfter?.[connection] === batches)
        throw (
          options.error ??
          new ConnectError(
            'fetch failed',
            Code.Unknown,
            undefined,
            undefined,
            new TypeError('network'),
          )
        );
      if (options.specialAt === batches)
        yield message({ code: StreamCode.SPECIAL, message: 'Export limité', count: total });
      const results = rows.slice(at, at + BATCH);
      yield message({
        count: total,
        progress: at + results.length,
        results,
        cursor: `after-${at + results.length}`,
        labels: { [`label-${at}`]: `Label ${at}` },
      });
      batches++;
    }
    if (options.noFinish?.includes(connection)) return;
    yield message({ code: StreamCode.FINISH, count: total, progress: total });
  };
  return { source, cursors };
}

const noWait = (_ms: number, _signal: AbortSignal) => Promise.resolve();
const uuids = (rows: readonly Row[]) => rows.map((r) => r.uuid);
const expected = (total: number) => Array.from({ length: total }, (_, i) => `row-${i}`);

describe('consumeStream', () => {
  it('keeps every row once, in order, with the labels of every batch', async () => {
    const { source, cursors } = fakeServer(1234);
    const result = await consumeStream(source, { signal: new AbortController().signal });
    expect(uuids(result.rows)).toEqual(expected(1234));
    expect(result.count).toBe(1234);
    expect([...result.labels.keys()]).toEqual(['label-0', 'label-500', 'label-1000']);
    expect(cursors).toEqual(['']);
  });

  it('hands each batch over with its own labels already known, and keeps no row', async () => {
    const server = fakeServer(1200, { dropAfter: [1] });
    const batches: { first: string; size: number; named: boolean }[] = [];
    const result = await consumeStream(server.source, {
      signal: new AbortController().signal,
      sleep: noWait,
      onRows: (rows, labels) =>
        batches.push({
          first: rows[0]!.uuid,
          size: rows.length,
          named: labels.get(`label-${rows[0]!.uuid.slice(4)}`) !== undefined,
        }),
    });
    expect(batches).toEqual([
      { first: 'row-0', size: 500, named: true },
      { first: 'row-500', size: 500, named: true },
      { first: 'row-1000', size: 200, named: true },
    ]);
    expect(result.rows).toEqual([]);
    expect(result.labels.size).toBe(3);
  });

  it('resumes from the last cursor after drops: no row lost, none twice', async () => {
    const sleep = vi.fn(noWait);
    // The first connection dies after 2 batches, the second after 1, the third runs to the end.
    const { source, cursors } = fakeServer(2300, { dropAfter: [2, 1] });
    const result = await consumeStream(source, { signal: new AbortController().signal, sleep });
    expect(uuids(result.rows)).toEqual(expected(2300));
    expect(cursors).toEqual(['', 'after-1000', 'after-1500']);
    // Each drop followed rows, so the wait starts over at the first step.
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([defaultBackoff(1), defaultBackoff(1)]);
    expect(result.labels.size).toBe(5);
  });

  it('reconnects when a stream ends without FINISH', async () => {
    const { source, cursors } = fakeServer(900, { noFinish: [0] });
    const result = await consumeStream(source, {
      signal: new AbortController().signal,
      sleep: noWait,
    });
    expect(uuids(result.rows)).toEqual(expected(900));
    expect(cursors).toEqual(['', 'after-900']);
  });

  it('gives up after the retries when nothing comes through, waiting longer each time', async () => {
    const sleep = vi.fn(noWait);
    const { source, cursors } = fakeServer(800, { dropAfter: [0, 0, 0, 0] });
    await expect(
      consumeStream(source, { signal: new AbortController().signal, sleep, retries: 3 }),
    ).rejects.toMatchObject({ code: Code.Unknown });
    expect(cursors).toEqual(['', '', '', '']);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([500, 1000, 2000]);
  });

  it('does not retry a refusal', async () => {
    const refusal = new ConnectError('{"code":"FORBIDDEN"}', Code.PermissionDenied);
    const { source, cursors } = fakeServer(800, { dropAfter: [1], error: refusal });
    await expect(
      consumeStream(source, { signal: new AbortController().signal, sleep: noWait }),
    ).rejects.toBe(refusal);
    expect(cursors).toEqual(['']);
    expect(isDroppedConnection(refusal)).toBe(false);
    expect(isDroppedConnection(new ConnectError('down', Code.Unavailable))).toBe(true);
  });

  it('passes special messages on without taking them for rows', async () => {
    const specials: string[] = [];
    const { source } = fakeServer(1000, { specialAt: 1 });
    const result = await consumeStream(source, {
      signal: new AbortController().signal,
      onSpecial: (m) => specials.push(m),
    });
    expect(specials).toEqual(['Export limité']);
    expect(uuids(result.rows)).toEqual(expected(1000));
  });

  it('reports progress at most once per frame, the last value always', async () => {
    const frames: Array<() => void> = [];
    const reports: { count: number; progress: number }[] = [];
    const { source } = fakeServer(2000);
    const result = consumeStream(source, {
      signal: new AbortController().signal,
      onProgress: (p) => reports.push(p),
      schedule: (cb) => void frames.push(cb),
    });
    await result;
    // Six messages, one frame asked for, nothing sent before it came, then the final value.
    expect(frames.length).toBe(1);
    expect(reports).toEqual([{ count: 2000, progress: 2000 }]);
    frames.splice(0).forEach((cb) => cb());
    expect(reports).toEqual([{ count: 2000, progress: 2000 }]);
  });

  it('stops at once when aborted, mid-stream or while waiting to reconnect', async () => {
    const controller = new AbortController();
    let opened = 0;
    const source: StreamSource<Row> = async function* (_, signal) {
      opened++;
      yield message({ count: 10 });
      controller.abort();
      signal.throwIfAborted();
      yield message({ count: 10, progress: 10, results: [{ uuid: 'late' }], cursor: 'x' });
    };
    await expect(consumeStream(source, { signal: controller.signal })).rejects.toMatchObject({
      code: Code.Canceled,
    });
    expect(opened).toBe(1);

    const waiting = new AbortController();
    const dropping = fakeServer(600, { dropAfter: [1] });
    const consumed = consumeStream(dropping.source, {
      signal: waiting.signal,
      backoff: () => 60_000,
    });
    await vi.waitFor(() => expect(dropping.cursors).toEqual(['']));
    waiting.abort();
    await expect(consumed).rejects.toMatchObject({ code: Code.Canceled });
    expect(dropping.cursors).toEqual(['']);
  });
});
