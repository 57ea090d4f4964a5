import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Code, ConnectError } from '@connectrpc/connect';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/db/schema.gen.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { TASK_MESSAGES, createTaskQueue } from '../../server/services/tasks/pgBossQueue.ts';
import {
  TaskFailure,
  type RunnerOptions,
  type TaskQueue,
  type TaskRunner,
} from '../../server/services/tasks/taskQueue.ts';
import { BackgroundImportService } from '../../src/rpc/gen/seconde/v1/background_import_pb.ts';
import {
  BackgroundTaskService,
  BackgroundTaskStatus,
  TaskName,
  type StreamListBackgroundTasksResponse,
} from '../../src/rpc/gen/seconde/v1/background_task_pb.ts';
import { StreamCode } from '../../src/rpc/gen/seconde/v1/common_pb.ts';
import { startMarketplaceDouble, type MarketplaceDouble } from '../helpers/marketplaceDouble.ts';
import { demoToken, rpcClient } from '../helpers/demoClient.ts';
import { createTestDatabase } from '../helpers/testDatabase.ts';
import { refusalOf, startTestServer, type TestServer } from '../helpers/testServer.ts';

type Row = Record<string, unknown> & { status: string; progress_messages: string[] | null };

/** Polls `read` until `until` holds (or fails the test after `ms`). */
async function waitFor<T>(read: () => Promise<T>, until: (v: T) => boolean, ms = 20_000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (until(value)) return value;
    if (Date.now() > end) throw new Error(`still waiting after ${ms} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function taskRow(db: Kysely<Database>, uuid: string): Promise<Row> {
  const { rows } = await sql<Row>`
    select *, status::text as status from background_task where uuid = ${uuid}`.execute(db);
  return rows[0]!;
}

/**
 * One database the queue can be reopened on: a PGlite folder, or a PostgreSQL database of its own
 * when DATABASE_URL is set. Each `open` is a fresh connection, as after a server restart.
 */
async function reopenableDatabase() {
  const server = await createTestDatabase();
  const dir = server.url ? undefined : await mkdtemp(path.join(tmpdir(), 'seconde-tasks-'));
  return {
    async open(): Promise<DatabaseHandle> {
      const database = await openDatabase({ databaseUrl: server.url, dataDir: dir });
      await migrate(database.db);
      return database;
    },
    async drop() {
      await server.drop();
      if (dir) await rm(dir, { recursive: true, force: true });
    },
  };
}

interface Run {
  readonly database: DatabaseHandle;
  readonly queue: TaskQueue;
  close(): Promise<void>;
}

/** A started queue with the given runners, on a fresh connection to the database. */
async function startQueue(
  store: Awaited<ReturnType<typeof reopenableDatabase>>,
  runners: readonly [TaskName, TaskRunner, RunnerOptions?][],
): Promise<Run> {
  const database = await store.open();
  const queue = createTaskQueue(database.db, database.pool, () => new Date(), { exclusive: true });
  for (const [name, runner, options] of runners) queue.register(name, runner, options);
  await queue.start();
  return {
    database,
    queue,
    async close() {
      await queue.stop();
      await database.close();
    },
  };
}

const SHEET = TaskName.IMPORT_SHEET_FILE;
const CUSTOMERS = TaskName.IMPORT_CUSTOMERS;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs until its signal aborts, then throws: what a long import does when the server stops. */
const untilAborted: TaskRunner = async (_payload, report) => {
  await report.setTotal(10);
  await report.progress(2);
  await new Promise((_, reject) =>
    report.signal.addEventListener('abort', () => reject(report.signal.reason as Error)),
  );
};

describe('the task queue (pg-boss on the product database)', () => {
  let store: Awaited<ReturnType<typeof reopenableDatabase>>;
  beforeAll(async () => {
    store = await reopenableDatabase();
  });
  afterAll(async () => {
    await store?.drop();
  });

  it('runs a task: SCHEDULED, RUNNING with progress, then COMPLETED', async () => {
    const seen: string[] = [];
    const run = await startQueue(store, [
      [
        SHEET,
        async (payload, report, context) => {
          expect(payload).toEqual({ file: 'stock.xlsx' });
          expect(context.requestedBy).toBe('sub-1');
          await report.setTotal(3);
          for (let i = 1; i <= 3; i++) {
            await wait(20);
            await report.progress(i, i === 2 ? 'halfway' : undefined);
            // The panel reads the row when told of a change: each step waits until it was seen
            // there, so a slow read cannot skip a step the test looks for.
            await waitFor(
              async () => seen,
              (s) => s.includes(`RUNNING:${i}/3`),
            );
          }
        },
      ],
    ]);
    const vendor = randomUUID();
    const off = run.queue.onChange(({ taskUuid }) => {
      void taskRow(run.database.db, taskUuid).then((r) =>
        seen.push(`${r.status}:${String(r.current_item_number)}/${String(r.total_items)}`),
      );
    });
    const task = await run.queue.enqueue({
      name: SHEET,
      vendorUuid: vendor,
      label: 'stock.xlsx',
      payload: { file: 'stock.xlsx' },
      requestedBy: 'sub-1',
    });
    expect(task.status).toBe(BackgroundTaskStatus.SCHEDULED);
    expect(task.ownerObjectUuid).toBe(vendor);
    expect(task.ownerContentType).toBe('vendor');
    expect(task.label).toBe('stock.xlsx');
    const done = await waitFor(
      () => taskRow(run.database.db, task.uuid),
      (r) => r.status === 'COMPLETED',
    );
    off();
    expect(done.progress).toBe(100);
    expect(done.current_item_number).toBe(3);
    expect(done.total_items).toBe(3);
    expect(done.progress_messages).toEqual(['halfway']);
    expect(done.job_id).toBe(task.uuid);
    expect(done.last_run_start_datetime).toBeInstanceOf(Date);
    expect(done.last_run_end_datetime).toBeInstanceOf(Date);
    expect(seen).toContain('RUNNING:1/3');
    expect(seen).toContain('RUNNING:2/3');
    await waitFor(
      async () => seen,
      (s) => s.includes('COMPLETED:3/3'),
    );
    expect(seen.indexOf('COMPLETED:3/3')).toBeGreaterThan(seen.indexOf('RUNNING:2/3'));
    expect(seen.filter((s) => !/^(SCHEDULED|RUNNING|COMPLETED):/.test(s))).toEqual([]);
    await run.close();
  });

  it('ends a failing runner in ERROR with its message, or a generic one', async () => {
    const run = await startQueue(store, [
      [
        SHEET,
        async (payload) => {
          if (payload.kind === 'told') throw new TaskFailure('Row 4 has no price.');
          throw new Error('database exploded');
        },
      ],
    ]);
    const enqueue = (kind: string) =>
      run.queue.enqueue({ name: SHEET, vendorUuid: randomUUID(), label: kind, payload: { kind } });
    const told = await enqueue('told');
    const crashed = await enqueue('crashed');
    for (const [task, message] of [
      [told, 'Row 4 has no price.'],
      [crashed, TASK_MESSAGES.failed],
    ] as const) {
      const row = await waitFor(
        () => taskRow(run.database.db, task.uuid),
        (r) => r.status === 'ERROR',
      );
      expect(row.progress_messages).toEqual([message]);
      expect(row.last_run_end_datetime).toBeInstanceOf(Date);
    }
    await run.close();
  });

  it('refuses a task without a runner, and a runner registered after start', async () => {
    const run = await startQueue(store, []);
    await expect(
      run.queue.enqueue({ name: SHEET, vendorUuid: randomUUID(), label: 'x', payload: {} }),
    ).rejects.toThrow(/cannot run/);
    expect(() => run.queue.register(SHEET, untilAborted)).toThrow(/before the queue starts/);
    await run.close();
  });

  it('resumes an idempotent task cut by a stop on the next start; fails another cleanly', async () => {
    let runs = 0;
    const resumable: TaskRunner = async (payload, report, context) => {
      runs++;
      if (runs === 1) return untilAborted(payload, report, context);
      await report.setTotal(10);
      await report.progress(10);
    };
    const first = await startQueue(store, [
      [SHEET, resumable, { idempotent: true }],
      [CUSTOMERS, untilAborted],
    ]);
    const vendorUuid = randomUUID();
    const idempotent = await first.queue.enqueue({
      name: SHEET,
      vendorUuid,
      label: 'a',
      payload: {},
    });
    const other = await first.queue.enqueue({
      name: CUSTOMERS,
      vendorUuid,
      label: 'b',
      payload: {},
    });
    for (const task of [idempotent, other])
      await waitFor(
        () => taskRow(first.database.db, task.uuid),
        (r) => r.status === 'RUNNING' && r.current_item_number === 2,
      );
    await first.close();

    // While the server is down: the first waits for its retry, the second is over.
    const between = await store.open();
    const paused = await taskRow(between.db, idempotent.uuid);
    expect(paused.status).toBe('SCHEDULED');
    expect(paused.progress_messages).toEqual([TASK_MESSAGES.interruptedResumes]);
    const ended = await taskRow(between.db, other.uuid);
    expect(ended.status).toBe('ERROR');
    expect(ended.progress_messages).toEqual([TASK_MESSAGES.interruptedFailed]);
    await between.close();

    const second = await startQueue(store, [
      [SHEET, resumable, { idempotent: true }],
      [CUSTOMERS, untilAborted],
    ]);
    const resumed = await waitFor(
      () => taskRow(second.database.db, idempotent.uuid),
      (r) => r.status === 'COMPLETED',
    );
    expect(resumed.current_item_number).toBe(10);
    expect(runs).toBe(2);
    expect((await taskRow(second.database.db, other.uuid)).status).toBe('ERROR');
    await second.close();
  });

  it('after a crash (job left active), reruns an idempotent task and ends another in ERROR', async () => {
    let runs = 0;
    const counted: TaskRunner = async (_payload, report) => {
      runs++;
      await report.setTotal(1);
      await report.progress(1);
    };
    const first = await startQueue(store, [
      [SHEET, untilAborted, { idempotent: true }],
      [CUSTOMERS, untilAborted],
    ]);
    const vendorUuid = randomUUID();
    const tasks = [
      await first.queue.enqueue({ name: SHEET, vendorUuid, label: 'a', payload: {} }),
      await first.queue.enqueue({ name: CUSTOMERS, vendorUuid, label: 'b', payload: {} }),
    ];
    for (const task of tasks)
      await waitFor(
        () => taskRow(first.database.db, task.uuid),
        (r) => r.status === 'RUNNING',
      );
    await first.close();
    // What a killed server leaves behind: the rows RUNNING and their jobs active.
    const crashed = await store.open();
    for (const task of tasks) {
      await sql`update background_task set status = 'RUNNING', progress_messages = '{}'
        where uuid = ${task.uuid}`.execute(crashed.db);
      await sql`update pgboss.job set state = 'active', started_on = now()
        where id = ${task.uuid}::uuid`.execute(crashed.db);
    }
    await crashed.close();

    const second = await startQueue(store, [
      [SHEET, counted, { idempotent: true }],
      [CUSTOMERS, counted],
    ]);
    const [rerun, notTwice] = tasks;
    expect(
      (
        await waitFor(
          () => taskRow(second.database.db, rerun!.uuid),
          (r) => r.status === 'COMPLETED',
        )
      ).current_item_number,
    ).toBe(1);
    const failed = await waitFor(
      () => taskRow(second.database.db, notTwice!.uuid),
      (r) => r.status === 'ERROR',
    );
    expect(failed.progress_messages).toEqual([TASK_MESSAGES.lost]);
    expect(runs).toBe(1);
    await second.close();
  });

  it('ends a task whose job is gone at the next start', async () => {
    const first = await startQueue(store, [[SHEET, untilAborted, { idempotent: true }]]);
    const task = await first.queue.enqueue({
      name: SHEET,
      vendorUuid: randomUUID(),
      label: 'a',
      payload: {},
    });
    await waitFor(
      () => taskRow(first.database.db, task.uuid),
      (r) => r.status === 'RUNNING',
    );
    await first.close();
    const between = await store.open();
    await sql`delete from pgboss.job where id = ${task.uuid}::uuid`.execute(between.db);
    await between.close();
    const second = await startQueue(store, [[SHEET, untilAborted, { idempotent: true }]]);
    const row = await taskRow(second.database.db, task.uuid);
    expect(row.status).toBe('ERROR');
    expect(row.progress_messages?.at(-1)).toBe(TASK_MESSAGES.lost);
    await second.close();
  });
});

describe('BackgroundTaskService', () => {
  let t: TestServer;
  let double: MarketplaceDouble;
  let vendorUuid: string;

  beforeAll(async () => {
    double = await startMarketplaceDouble();
    t = await startTestServer(
      { demoProducts: 0, config: loadConfig({ MARKETPLACE_API_URL: double.apiUrl }) },
      ['vendor', 'trial', 'admin', 'customer'],
    );
    vendorUuid = (await t.me('vendor')).vendorUuid;
  });
  afterAll(async () => {
    await t?.close();
    await double?.close();
  });

  const importProfile = (who: 'vendor' | 'trial' | 'admin', member: string, vendor?: string) =>
    t
      .client(BackgroundImportService, who)
      .importMarketplaceProfile({ profileUrl: `https://www.vinted.fr/member/${member}`, vendor });

  const statusOf = async (uuid: string) =>
    (
      await t.client(BackgroundTaskService, 'admin').list({ pagination: { pageSize: 500 } })
    ).results.find((task) => task.uuid === uuid)?.status;

  it('streams the panel at once, then each change, and stops when the client aborts', async () => {
    const controller = new AbortController();
    const stream = t
      .client(BackgroundTaskService, 'vendor')
      .streamList({}, { signal: controller.signal });
    const messages: StreamListBackgroundTasksResponse[] = [];
    let task: string | undefined;
    let ended: unknown;
    try {
      for await (const message of stream) {
        messages.push(message);
        if (messages.length === 1) {
          expect(message.code).toBe(StreamCode.PROGRESS);
          expect(message.count).toBe(message.results.length);
          task = (await importProfile('vendor', '1003-julie')).backgroundTask!.uuid;
        }
        const mine = message.results.find((r) => r.uuid === task);
        if (mine?.status === BackgroundTaskStatus.COMPLETED) controller.abort();
      }
    } catch (error) {
      ended = error;
    }
    expect(ConnectError.from(ended).code).toBe(Code.Canceled);
    const progress = messages
      .map((m) => m.results.find((r) => r.uuid === task))
      .filter((r) => r?.status === BackgroundTaskStatus.RUNNING)
      .map((r) => r!.currentItemNumber);
    // 12 items read 4 per page, 700 ms apart: the panel sees the count grow.
    expect(new Set(progress).size).toBeGreaterThanOrEqual(2);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const last = messages.at(-1)!.results.find((r) => r.uuid === task)!;
    expect(last).toMatchObject({ currentItemNumber: 12, totalItems: 12, progress: 100 });
  });

  it('refuses to clear the panel while a task runs, then clears the finished ones', async () => {
    const tasks = t.client(BackgroundTaskService, 'vendor');
    const running = (await importProfile('vendor', '1003-julie')).backgroundTask!;
    expect(await refusalOf(tasks.dismiss({}))).toEqual({
      code: Code.FailedPrecondition,
      reason: 'TASKS_STILL_RUNNING',
    });
    await waitFor(
      () => statusOf(running.uuid),
      (s) => s === BackgroundTaskStatus.COMPLETED,
    );
    const { dismissedCount } = await tasks.dismiss({});
    expect(dismissedCount).toBeGreaterThanOrEqual(2);
    // The stream no longer sends them; the history still lists them.
    for await (const first of tasks.streamList({})) {
      expect(first.results).toEqual([]);
      break;
    }
    expect((await tasks.dismiss({})).dismissedCount).toBe(0);
    const history = await tasks.list({ pagination: { pageSize: 100 } });
    expect(history.results.map((r) => r.uuid)).toContain(running.uuid);
  }, 30_000);

  it('keeps each vendor to their own tasks; staff list them all', async () => {
    const other = (await importProfile('trial', '1001-paul')).backgroundTask!;
    const trialUuid = (await t.me('trial')).vendorUuid;
    expect(other.ownerObjectUuid).toBe(trialUuid);
    const mine = await t.client(BackgroundTaskService, 'vendor').list({});
    expect(mine.results.every((r) => r.ownerObjectUuid === vendorUuid)).toBe(true);
    expect(mine.results.map((r) => r.uuid)).not.toContain(other.uuid);
    expect(
      (await t.client(BackgroundTaskService, 'vendor').list({ ownerObjectUuid: trialUuid })).count,
    ).toBe(0);
    expect(
      await refusalOf(
        (async () => {
          for await (const _ of t
            .client(BackgroundTaskService, 'vendor')
            .streamList({ ownerObjectUuid: trialUuid }))
            break;
        })(),
      ),
    ).toEqual({ code: Code.PermissionDenied, reason: 'FORBIDDEN' });
    expect((await t.client(BackgroundTaskService, 'customer').list({})).count).toBe(0);
    expect((await t.client(BackgroundTaskService, 'customer').dismiss({})).dismissedCount).toBe(0);
    const all = await t.client(BackgroundTaskService, 'admin').list({
      ownerObjectUuid: trialUuid,
      statuses: [
        BackgroundTaskStatus.SCHEDULED,
        BackgroundTaskStatus.RUNNING,
        BackgroundTaskStatus.COMPLETED,
      ],
    });
    expect(all.results.map((r) => r.uuid)).toContain(other.uuid);
  });

  it('shows staff the import they started for a vendor, owned by that vendor', async () => {
    const started = (await importProfile('admin', '1001-paul', vendorUuid)).backgroundTask!;
    expect(started.ownerObjectUuid).toBe(vendorUuid);
    for await (const first of t.client(BackgroundTaskService, 'admin').streamList({})) {
      expect(first.results.map((r) => r.uuid)).toContain(started.uuid);
      break;
    }
    await waitFor(
      () => statusOf(started.uuid),
      (s) => s === BackgroundTaskStatus.COMPLETED,
    );
  });
});

describe('a server restart during a wardrobe import', () => {
  it('resumes the import on the next start, without duplicates', async () => {
    const double = await startMarketplaceDouble();
    const store = await createTestDatabase();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'seconde-restart-'));
    const boot = () =>
      startServer({
        port: 0,
        databaseUrl: store.url,
        dataDir,
        seed: 'demo',
        demoProducts: 0,
        config: loadConfig({ MARKETPLACE_API_URL: double.apiUrl }),
      });
    try {
      const first = await boot();
      const token = await demoToken(first, 'vendor@seconde.test');
      const { backgroundTask } = await rpcClient(
        first.url,
        BackgroundImportService,
        token,
      ).importMarketplaceProfile({ profileUrl: 'https://www.vinted.fr/member/1003-julie' });
      const uuid = backgroundTask!.uuid;
      await waitFor(
        () => taskRow(first.db, uuid),
        (r) => r.status === 'RUNNING' && Number(r.current_item_number) >= 4,
      );
      await first.close();

      const second = await boot();
      try {
        const done = await waitFor(
          () => taskRow(second.db, uuid),
          (r) => r.status === 'COMPLETED',
        );
        expect(done.current_item_number).toBe(12);
        expect(done.progress_messages).toContain(TASK_MESSAGES.interruptedResumes);
        const { rows } = await sql<{ n: number }>`
          select count(*)::int as n from product where resale_marketplace_id like '1003%'`.execute(
          second.db,
        );
        expect(rows[0]!.n).toBe(12);
      } finally {
        await second.close();
      }
    } finally {
      await store.drop();
      await rm(dataDir, { recursive: true, force: true });
      await double.close();
    }
  }, 120_000);
});
