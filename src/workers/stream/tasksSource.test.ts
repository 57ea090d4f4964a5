import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import { Code, ConnectError } from '@connectrpc/connect';
import * as Comlink from 'comlink';
import { describe, expect, it, vi } from 'vitest';
import {
  BackgroundTaskSchema,
  BackgroundTaskStatus,
  StreamListBackgroundTasksRequestSchema,
  StreamListBackgroundTasksResponseSchema,
  TaskName,
} from '../../rpc/gen/seconde/v1/background_task_pb.ts';
import { StreamCode } from '../../rpc/gen/seconde/v1/common_pb.ts';
import { defaultBackoff } from './stream.impl.ts';
import { createStreamClient } from './stream.client.ts';
import {
  followTaskStream,
  followTasks,
  type TaskSnapshot,
  type TasksFollowHooks,
  type TasksFollowSpec,
  type TasksSource,
} from './tasksSource.impl.ts';
import { throwingWireErrors } from './wireError.ts';

const task = (uuid: string, status: BackgroundTaskStatus, current = 0): TaskSnapshot =>
  create(BackgroundTaskSchema, {
    uuid,
    status,
    taskName: TaskName.IMPORT_SHEET_FILE,
    label: `${uuid}.csv`,
    currentItemNumber: current,
    totalItems: 4,
  });

const dropped = () =>
  new ConnectError('fetch failed', Code.Unknown, undefined, undefined, new TypeError('network'));

/** A server whose connection n sends the lists of `connections[n]`, then drops (or `end`s). */
function fakeSource(connections: TaskSnapshot[][][], end: unknown = dropped()) {
  let opened = 0;
  const source: TasksSource = async function* () {
    const lists = connections[opened++] ?? [];
    for (const results of lists) yield { results };
    throw end;
  };
  return { source, opened: () => opened };
}

describe('followTasks', () => {
  it('sends each list as plain data, the latest once per frame', async () => {
    const frames: Array<() => void> = [];
    const lists: (readonly TaskSnapshot[])[] = [];
    const { source } = fakeSource(
      [
        [
          [task('a', BackgroundTaskStatus.RUNNING, 1)],
          [task('a', BackgroundTaskStatus.RUNNING, 3)],
        ],
      ],
      new ConnectError('{"code":"SESSION_EXPIRED"}', Code.Unauthenticated),
    );
    const followed = followTasks(source, {
      signal: new AbortController().signal,
      onTasks: (tasks) => lists.push(tasks),
      schedule: (cb) => void frames.push(cb),
    });
    await expect(followed).rejects.toMatchObject({ code: Code.Unauthenticated });
    // Two messages, one frame asked for; giving up still sends the last list read.
    expect(frames.length).toBe(1);
    expect(lists).toHaveLength(1);
    expect(lists[0]).toEqual([
      {
        uuid: 'a',
        status: BackgroundTaskStatus.RUNNING,
        taskName: TaskName.IMPORT_SHEET_FILE,
        label: 'a.csv',
        currentItemNumber: 3,
        totalItems: 4,
      },
    ]);
    expect(Object.getPrototypeOf(lists[0]![0])).toBe(Object.prototype);
    expect(lists[0]![0]).not.toHaveProperty('$typeName');
  });

  it('reconnects after drops with a growing wait that a message starts over', async () => {
    const sleep = vi.fn((_ms: number, _signal: AbortSignal) => Promise.resolve());
    const lists: string[] = [];
    // Connection 1 sends a list then drops; 2 and 3 drop at once; 4 sends; 5 to 7 drop: it gives up.
    const { source, opened } = fakeSource([
      [[task('a', BackgroundTaskStatus.RUNNING)]],
      [],
      [],
      [[task('a', BackgroundTaskStatus.COMPLETED)]],
    ]);
    const followed = followTasks(source, {
      signal: new AbortController().signal,
      onTasks: (tasks) => lists.push(tasks.map((t) => `${t.uuid}:${t.status}`).join()),
      schedule: (cb) => cb(),
      sleep,
      retries: 3,
    });
    await expect(followed).rejects.toMatchObject({ code: Code.Unknown });
    expect(lists).toEqual([
      `a:${BackgroundTaskStatus.RUNNING}`,
      `a:${BackgroundTaskStatus.COMPLETED}`,
    ]);
    expect(opened()).toBe(7);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([
      defaultBackoff(1),
      defaultBackoff(2),
      defaultBackoff(3),
      defaultBackoff(1),
      defaultBackoff(2),
      defaultBackoff(3),
    ]);
  });

  it('treats a clean end as a drop, and stops at once when aborted', async () => {
    const controller = new AbortController();
    let opened = 0;
    const source: TasksSource = async function* () {
      opened++;
      yield { results: [] };
    };
    const followed = followTasks(source, {
      signal: controller.signal,
      onTasks: () => {},
      backoff: () => 60_000,
    });
    await vi.waitFor(() => expect(opened).toBe(1));
    controller.abort();
    await expect(followed).rejects.toMatchObject({ code: Code.Canceled });
    expect(opened).toBe(1);
  });
});

/** One Connect envelope: flags, big-endian length, payload. */
function envelope(flags: number, payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(5 + payload.length);
  out[0] = flags;
  new DataView(out.buffer).setUint32(1, payload.length);
  out.set(payload, 5);
  return out;
}
const listFrame = (results: TaskSnapshot[]) =>
  envelope(
    0,
    toBinary(
      StreamListBackgroundTasksResponseSchema,
      create(StreamListBackgroundTasksResponseSchema, {
        code: StreamCode.PROGRESS,
        count: results.length,
        results: results.map((t) => create(BackgroundTaskSchema, t)),
      }),
    ),
  );

/**
 * The StreamList of a server speaking Connect in binary over fetch: the first connection sends
 * a running import then the network dies; the next sends it completed and stays open.
 */
function connectServer() {
  const seen: { url: string; authorization: string | null }[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    fromBinary(StreamListBackgroundTasksRequestSchema, (init?.body as Uint8Array).subarray(5));
    seen.push({
      url: String(input),
      authorization: new Headers(init?.headers).get('authorization'),
    });
    const first = seen.length === 1;
    const frames = [
      listFrame([
        task('imp', first ? BackgroundTaskStatus.RUNNING : BackgroundTaskStatus.COMPLETED),
      ]),
    ];
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent < frames.length) controller.enqueue(frames[sent++]!);
        else if (first) controller.error(new TypeError('network error'));
        // Later connections stay open, as the real stream does.
        else return new Promise<void>(() => {});
      },
    });
    return new Response(body, {
      status: 200,
      headers: { 'content-type': 'application/connect+proto' },
    });
  };
  return { fetchImpl, seen };
}

/** Waits past a frame, so the list read before a drop is sent before the next connection. */
const afterAFrame = () => new Promise<void>((resolve) => setTimeout(resolve, 50));

describe('the stream worker following tasks', () => {
  it('asks the token on each connection and sends plain lists across the Comlink boundary', async () => {
    const { fetchImpl, seen } = connectServer();
    const api = {
      followTasks: throwingWireErrors((spec: TasksFollowSpec, hooks: TasksFollowHooks) =>
        followTaskStream(spec, hooks, undefined, { fetch: fetchImpl, sleep: afterAFrame }),
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
    const lists: (readonly TaskSnapshot[])[] = [];
    const controller = new AbortController();
    const followed = createStreamClient(start).followTasks(
      { baseUrl: 'https://seconde.test' },
      { getToken: () => `token-${++renewals}`, onTasks: (tasks) => lists.push(tasks) },
      controller.signal,
    );
    await vi.waitFor(() => expect(lists.at(-1)?.[0]?.status).toBe(BackgroundTaskStatus.COMPLETED));
    expect(lists[0]).toEqual([
      expect.objectContaining({ uuid: 'imp', status: BackgroundTaskStatus.RUNNING }),
    ]);
    expect(lists.at(-1)![0]).not.toHaveProperty('$typeName');
    expect(seen).toEqual([
      {
        url: 'https://seconde.test/seconde.v1.BackgroundTaskService/StreamList',
        authorization: 'Bearer token-1',
      },
      {
        url: 'https://seconde.test/seconde.v1.BackgroundTaskService/StreamList',
        authorization: 'Bearer token-2',
      },
    ]);
    // Aborting ends the call and stops the worker.
    controller.abort();
    await expect(followed).rejects.toMatchObject({ code: Code.Canceled });
    expect(terminated).toBe(1);
    ports.forEach((p) => p.close());
  });
});
