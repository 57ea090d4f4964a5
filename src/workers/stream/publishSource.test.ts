import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import { Code, ConnectError } from '@connectrpc/connect';
import * as Comlink from 'comlink';
import { describe, expect, it, vi } from 'vitest';
import { StreamCode } from '../../rpc/gen/seconde/v1/common_pb.ts';
import {
  PublishProductsRequestSchema,
  PublishProductsResponseSchema,
} from '../../rpc/gen/seconde/v1/publisher_pb.ts';
import {
  consumePublish,
  followPublish,
  type PublishHooks,
  type PublishMessage,
  type PublishProgress,
  type PublishSource,
  type PublishSpec,
} from './publishSource.impl.ts';
import { createStreamClient } from './stream.client.ts';
import { throwingWireErrors } from './wireError.ts';

const C1 = 'c-storefront';
const C2 = 'c-ebay';

const listing = (product: string, vendorConnector = C1) => ({
  product,
  vendorConnector,
  publisherName: vendorConnector === C1 ? 'SECONDE_STOREFRONT' : 'EBAY',
  url: `https://shop.test/${product}`,
  alreadyListed: false,
});

const message = (
  progress: number,
  extra: Partial<PublishMessage> = {},
  code: StreamCode = StreamCode.PROGRESS,
): PublishMessage => ({
  code,
  count: progress,
  progress,
  total: 4,
  message: '',
  connectorUrl: '',
  task: 'task-1',
  listings: [],
  errors: [],
  inlineOffers: [],
  ...extra,
});

const dropped = () =>
  new ConnectError('fetch failed', Code.Unknown, undefined, undefined, new TypeError('network'));

/** A server whose connection n sends `connections[n]`, then drops (unless a FINISH came). */
function fakeSource(connections: PublishMessage[][]) {
  const tasks: string[] = [];
  const source: PublishSource = async function* (task) {
    const messages = connections[tasks.length] ?? [];
    tasks.push(task);
    for (const m of messages) yield m;
    throw dropped();
  };
  return { source, tasks };
}

/** Frames run by hand: nothing is reported until the test says a frame passed. */
function manualFrames() {
  const frames: Array<() => void> = [];
  return {
    schedule: (cb: () => void) => void frames.push(cb),
    tick: () => frames.splice(0).forEach((cb) => cb()),
    pending: () => frames.length,
  };
}

const noWait = async () => undefined;

/** Every report's deltas merged, as the page does. */
function merged(reports: readonly PublishProgress[]) {
  return {
    listings: reports.flatMap((r) => r.listings.map((l) => `${l.product}@${l.vendorConnector}`)),
    errors: reports.flatMap((r) => r.errors.map((e) => `${e.product}@${e.vendorConnector}`)),
    offers: reports.flatMap((r) => r.inlineOffers),
  };
}

describe('consumePublish', () => {
  it('follows the same task after a cut and keeps each listing, error and offer once', async () => {
    const first = [
      message(1, { listings: [listing('p1')], inlineOffers: ['d1'] }),
      message(2, {
        listings: [listing('p2')],
        errors: [
          {
            product: 'p3',
            vendorConnector: C2,
            message: 'Brand missing',
            code: 'INCOMPLETE',
            missing: ['BRAND'],
            reference: 'R3',
          },
        ],
      }),
    ];
    // After the cut the server re-sends what was done so far, then goes on.
    const second = [
      message(2, {
        listings: [listing('p1'), listing('p2')],
        errors: first[1]!.errors,
        inlineOffers: ['d1'],
      }),
      message(4, { listings: [listing('p4'), listing('p4', C2)], inlineOffers: ['d2'] }),
      message(4, {}, StreamCode.FINISH),
    ];
    const { source, tasks } = fakeSource([first, second]);
    const reports: PublishProgress[] = [];
    const summary = await consumePublish(source, {
      signal: new AbortController().signal,
      onProgress: (r) => reports.push(r),
      sleep: noWait,
      schedule: (cb) => cb(),
    });
    // The first connection starts the publication, the second follows its task.
    expect(tasks).toEqual(['', 'task-1']);
    expect(merged(reports)).toEqual({
      listings: ['p1@c-storefront', 'p2@c-storefront', 'p4@c-storefront', 'p4@c-ebay'],
      errors: ['p3@c-ebay'],
      offers: ['d1', 'd2'],
    });
    expect(summary).toEqual({ task: 'task-1', total: 4, progress: 4, listings: 4, errors: 1 });
    expect(reports.at(-1)).toMatchObject({ progress: 4, total: 4, task: 'task-1' });
  });

  it('sends at most one report per frame, with every delta since the previous one', async () => {
    const frames = manualFrames();
    const messages = [1, 2, 3].map((n) => message(n, { listings: [listing(`p${n}`)] }));
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const source: PublishSource = async function* () {
      yield* messages;
      await gate;
      yield message(4, { listings: [listing('p4')] }, StreamCode.FINISH);
    };
    const reports: PublishProgress[] = [];
    const done = consumePublish(source, {
      signal: new AbortController().signal,
      onProgress: (r) => reports.push(r),
      schedule: frames.schedule,
    });
    await new Promise((r) => setTimeout(r, 0));
    // Three messages, one frame asked for, nothing sent before it comes.
    expect(frames.pending()).toBe(1);
    expect(reports).toHaveLength(0);
    frames.tick();
    expect(reports).toHaveLength(1);
    expect(reports[0]!.progress).toBe(3);
    expect(reports[0]!.listings.map((l) => l.product)).toEqual(['p1', 'p2', 'p3']);
    release();
    await done;
    // The end is sent at once, with only what is new.
    expect(reports).toHaveLength(2);
    expect(reports[1]!.listings.map((l) => l.product)).toEqual(['p4']);
    expect(reports[1]!.listings[0]).not.toHaveProperty('$typeName');
  });

  it('stops at once when aborted, without reconnecting', async () => {
    const controller = new AbortController();
    let opened = 0;
    const source: PublishSource = async function* (_task, signal) {
      opened++;
      yield message(1);
      await new Promise((_, reject) =>
        signal.addEventListener('abort', () => reject(dropped()), { once: true }),
      );
    };
    const reports: PublishProgress[] = [];
    const done = consumePublish(source, {
      signal: controller.signal,
      onProgress: (r) => reports.push(r),
      sleep: noWait,
      schedule: () => undefined,
    });
    await new Promise((r) => setTimeout(r, 0));
    controller.abort();
    await expect(done).rejects.toMatchObject({ code: Code.Canceled });
    expect(opened).toBe(1);
    expect(reports).toHaveLength(0);
  });

  it('gives up after repeated drops without progress, and at once on a refusal', async () => {
    const { source, tasks } = fakeSource([[message(1)], [message(1)], [message(1)], [message(1)]]);
    await expect(
      consumePublish(source, {
        signal: new AbortController().signal,
        onProgress: () => undefined,
        sleep: noWait,
        retries: 2,
        schedule: (cb) => cb(),
      }),
    ).rejects.toMatchObject({ code: Code.Unknown });
    // The first connection, then two retries that brought nothing new.
    expect(tasks).toHaveLength(3);

    const refused: PublishSource = async function* () {
      yield message(1);
      throw new ConnectError('{"code":"CONNECTOR_INACTIVE"}', Code.FailedPrecondition);
    };
    const reports: PublishProgress[] = [];
    await expect(
      consumePublish(refused, {
        signal: new AbortController().signal,
        onProgress: (r) => reports.push(r),
        sleep: noWait,
        schedule: () => undefined,
      }),
    ).rejects.toMatchObject({ code: Code.FailedPrecondition });
    // What was read before the refusal is still reported.
    expect(reports.map((r) => r.progress)).toEqual([1]);
  });

  it('passes special messages on and resumes a task given from the start', async () => {
    const { source, tasks } = fakeSource([
      [
        message(0, { message: 'Compte eBay à reconnecter' }, StreamCode.SPECIAL),
        message(4, {}, StreamCode.FINISH),
      ],
    ]);
    const specials: string[] = [];
    await consumePublish(source, {
      signal: new AbortController().signal,
      task: 'task-0',
      onProgress: () => undefined,
      onSpecial: (m) => specials.push(m),
      schedule: (cb) => cb(),
    });
    expect(tasks).toEqual(['task-0']);
    expect(specials).toEqual(['Compte eBay à reconnecter']);
  });
});

const frame = (m: Parameters<typeof create<typeof PublishProductsResponseSchema>>[1]) => {
  const bytes = toBinary(PublishProductsResponseSchema, create(PublishProductsResponseSchema, m));
  const out = new Uint8Array(5 + bytes.length);
  new DataView(out.buffer).setUint32(1, bytes.length);
  out.set(bytes, 5);
  return out;
};

/**
 * PublishProducts as a Connect server speaks it in binary over fetch: the first connection sends
 * one listing and the network dies; the next (which must carry the task) re-sends it and ends.
 */
function connectServer() {
  const seen: { task: string; authorization: string | null; products: string[] }[] = [];
  const fetchImpl: typeof fetch = async (_input, init) => {
    const request = fromBinary(
      PublishProductsRequestSchema,
      (init?.body as Uint8Array).subarray(5),
    );
    seen.push({
      task: request.task,
      products: request.products,
      authorization: new Headers(init?.headers).get('authorization'),
    });
    const first = seen.length === 1;
    const listings = [listing('p1')];
    const frames = first
      ? [frame({ code: StreamCode.PROGRESS, progress: 1, total: 2, task: 't-9', listings })]
      : [
          frame({ code: StreamCode.PROGRESS, progress: 1, total: 2, task: 't-9', listings }),
          frame({
            code: StreamCode.FINISH,
            progress: 2,
            total: 2,
            task: 't-9',
            listings: [listing('p2')],
          }),
          new Uint8Array([2, 0, 0, 0, 2, 123, 125]),
        ];
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent < frames.length) controller.enqueue(frames[sent++]!);
        else if (first) controller.error(new TypeError('network error'));
        else controller.close();
      },
    });
    return new Response(body, {
      status: 200,
      headers: { 'content-type': 'application/connect+proto' },
    });
  };
  return { fetchImpl, seen };
}

describe('the stream worker publishing', () => {
  it('asks a fresh token on each connection and sends plain deltas across Comlink', async () => {
    const { fetchImpl, seen } = connectServer();
    const api = {
      publish: throwingWireErrors((spec: PublishSpec, hooks: PublishHooks) =>
        followPublish(spec, hooks, undefined, { fetch: fetchImpl, sleep: noWait }),
      ),
    };
    const ports: MessagePort[] = [];
    let terminated = 0;
    const start = () => {
      const { port1, port2 } = new MessageChannel();
      ports.push(port1, port2);
      Comlink.expose(api, port1);
      return Object.assign(port2, { terminate: () => void terminated++ });
    };
    let renewals = 0;
    const reports: PublishProgress[] = [];
    const summary = await createStreamClient(start).publish(
      {
        baseUrl: 'https://seconde.test',
        products: ['p1', 'p2'],
        vendorConnectors: [C1],
        completeOnly: true,
        task: '',
      },
      {
        getToken: () => `token-${++renewals}`,
        onProgress: (r) => reports.push(r),
        onSpecial: () => undefined,
      },
      new AbortController().signal,
    );
    expect(summary).toMatchObject({ task: 't-9', listings: 2, progress: 2 });
    expect(seen).toEqual([
      { task: '', products: ['p1', 'p2'], authorization: 'Bearer token-1' },
      { task: 't-9', products: ['p1', 'p2'], authorization: 'Bearer token-2' },
    ]);
    // The reports travel on the hooks' own channel: they may land just after the answer.
    await vi.waitFor(() =>
      expect(merged(reports).listings).toEqual(['p1@c-storefront', 'p2@c-storefront']),
    );
    expect(terminated).toBe(1);
    ports.forEach((p) => p.close());
  });

  it('sends the token given with the request first, then asks for fresh ones', async () => {
    const { fetchImpl, seen } = connectServer();
    let renewals = 0;
    await followPublish(
      {
        baseUrl: 'https://seconde.test',
        products: ['p1', 'p2'],
        vendorConnectors: [C1],
        completeOnly: true,
        task: '',
        token: 'given',
      },
      {
        getToken: () => `token-${++renewals}`,
        onProgress: () => undefined,
        onSpecial: () => undefined,
      },
      undefined,
      { fetch: fetchImpl, sleep: noWait },
    );
    expect(seen.map((s) => s.authorization)).toEqual(['Bearer given', 'Bearer token-1']);
  });

  it('hands the worker started ahead to the next publication, then starts its own', async () => {
    const { fetchImpl } = connectServer();
    const api = {
      publish: throwingWireErrors((spec: PublishSpec, hooks: PublishHooks) =>
        followPublish(spec, hooks, undefined, { fetch: fetchImpl, sleep: noWait }),
      ),
    };
    const ports: MessagePort[] = [];
    let started = 0;
    const start = () => {
      started++;
      const { port1, port2 } = new MessageChannel();
      ports.push(port1, port2);
      Comlink.expose(api, port1);
      return Object.assign(port2, { terminate: () => undefined });
    };
    const client = createStreamClient(start);
    const publishOnce = () =>
      client.publish(
        {
          baseUrl: 'https://seconde.test',
          products: ['p1', 'p2'],
          vendorConnectors: [C1],
          completeOnly: true,
          task: '',
        },
        { getToken: () => 'token', onProgress: () => undefined, onSpecial: () => undefined },
        new AbortController().signal,
      );
    client.warmPublish();
    client.warmPublish();
    expect(started).toBe(1);
    await publishOnce();
    expect(started).toBe(1);
    await publishOnce();
    expect(started).toBe(2);
    ports.forEach((p) => p.close());
  });
});
