import { randomUUID } from 'node:crypto';
import { Code } from '@connectrpc/connect';
import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { TaskName } from '../../../src/rpc/gen/seconde/v1/background_task_pb.ts';
import { fail } from '../../rpc/reasons.ts';
import {
  claimTask,
  endRun,
  insertTask,
  markScheduled,
  queueOf,
  setProgress,
  setTotal,
  toTaskMessage,
  unfinishedTasks,
} from './taskRows.ts';
import {
  TaskFailure,
  type RunnerOptions,
  type TaskChange,
  type TaskQueue,
  type TaskRunner,
} from './taskQueue.ts';

/** pg-boss's own schema beside the product's tables. */
const SCHEMA = 'pgboss';
/** Jobs that failed for good (interrupted with no retry left, or expired) land here. */
const DEAD_LETTER = 'task-dead-letter';
const DEFAULT_EXPIRE_SECONDS = 30 * 60;
/**
 * Deliveries after the first: an idempotent task cut short runs again; any other task is only
 * delivered again to be ended in ERROR (its runner never runs twice). A runner's own failure is
 * never retried.
 */
const IDEMPOTENT_RETRIES = 3;
const OTHER_RETRIES = 1;
const RETRY_DELAY_SECONDS = 2;
/** A new job wakes its worker at once (notifyWorker); the poll catches other processes' jobs. */
const POLL_SECONDS = 2;
const DEAD_LETTER_POLL_SECONDS = 10;
/** A runner is aborted this long before pg-boss would give up on its job. */
const EXPIRY_MARGIN_SECONDS = 5;
const STOP_TIMEOUT_MS = 10_000;

/** Texts written into progress_messages (the panel shows its own translated text for errors). */
export const TASK_MESSAGES = {
  failed: 'The task failed unexpectedly.',
  interruptedResumes: 'Interrupted by a server restart; the task resumes by itself.',
  interruptedFailed: 'Interrupted by a server restart; start the task again.',
  lost: 'The server stopped while this task ran; start the task again.',
} as const;

interface Registered {
  readonly runner: TaskRunner;
  readonly options: RunnerOptions;
}

interface JobData {
  readonly taskUuid: string;
}

export interface TaskQueueOptions {
  /**
   * The database serves this process alone (embedded PGlite): a job found active at start died
   * with the previous run, so it is failed at once (retried or ended) instead of waiting for its
   * expiry, which is what protects a job another live server may still be running on PostgreSQL.
   */
  readonly exclusive?: boolean;
}

/**
 * Background tasks on pg-boss 10, on the product's own database (PGlite or PostgreSQL) through
 * the same pool as Kysely. One queue per task name (its retry policy follows the runner's
 * idempotence), one dead-letter queue, one worker per queue running one job at a time.
 *
 * Restarts: stop() aborts every runner through its reporter's signal; an idempotent task goes
 * back to SCHEDULED and its job to pg-boss's retry, any other ends in ERROR. A job cut by a crash
 * stays active until its expiry (or, on an exclusive database, until the next start), then pg-boss
 * delivers it again: an idempotent task runs again, any other is ended in ERROR without running
 * twice; a job out of retries goes to the dead letter, whose worker ends its task in ERROR. At
 * start, a task whose job is gone or over is ended in ERROR, so no task shows RUNNING forever.
 * Rows are written outside any transaction held across a runner's work (PGlite has one connection).
 */
export function createTaskQueue(
  db: Kysely<Database>,
  pool: pg.Pool,
  clock: () => Date,
  options: TaskQueueOptions = {},
): TaskQueue {
  const runners = new Map<TaskName, Registered>();
  const listeners = new Set<(change: TaskChange) => void>();
  const workerIds = new Map<string, string>();
  const aborts = new Set<AbortController>();
  /** Queries pg-boss fires without awaiting (job completion): stop() waits for them. */
  const inFlight = new Set<Promise<unknown>>();
  let boss: PgBoss | undefined;
  let stopping = false;

  const executeSql = (text: string, values?: unknown[]) => {
    const query = pool.query(text, values);
    inFlight.add(query);
    void query.then(
      () => inFlight.delete(query),
      () => inFlight.delete(query),
    );
    return query;
  };

  const changed = (change: TaskChange) => {
    for (const listener of listeners) listener(change);
  };
  const changedRow = (row: { uuid: string; owner_object_uuid: string } | undefined) => {
    if (row) changed({ taskUuid: row.uuid, vendorUuid: row.owner_object_uuid });
  };

  async function runJob(
    job: PgBoss.JobWithMetadata<JobData>,
    { runner, options: runnerOptions }: Registered,
  ): Promise<void> {
    // A job fetched while stopping is left to pg-boss's retry, untouched.
    if (stopping) throw new Error('The server is stopping');
    const { taskUuid } = job.data;
    const idempotent = runnerOptions.idempotent ?? false;
    const row = await claimTask(db, taskUuid, job.id, clock(), !idempotent);
    if (!row) {
      // Over already, or a task that may not run twice and whose earlier run was cut short.
      changedRow(await endRun(db, taskUuid, 'ERROR', TASK_MESSAGES.lost, clock()));
      return;
    }
    changedRow(row);
    const controller = new AbortController();
    aborts.add(controller);
    const expiry = setTimeout(
      () => controller.abort(new Error('The task ran past its expiry')),
      Math.max(1, job.expireInSeconds - EXPIRY_MARGIN_SECONDS) * 1000,
    );
    const payload = { ...((row.payload as Record<string, unknown> | null) ?? {}) };
    const requestedBy = typeof payload.requestedBy === 'string' ? payload.requestedBy : '';
    delete payload.requestedBy;
    const write = async (update: Promise<void>) => {
      await update;
      changedRow(row);
    };
    const reporter = {
      signal: controller.signal,
      setTotal: (total: number) => write(setTotal(db, taskUuid, total, clock())),
      progress: (current: number, message?: string) =>
        write(setProgress(db, taskUuid, current, message ?? null, clock())),
    };
    try {
      await runner(payload, reporter, {
        taskUuid,
        vendorUuid: row.owner_object_uuid,
        requestedBy,
      });
      changedRow(await endRun(db, taskUuid, 'COMPLETED', null, clock()));
    } catch (error) {
      if (!controller.signal.aborted) {
        // The runner's own failure ends the task; the job completes, nothing is retried.
        if (!(error instanceof TaskFailure)) console.error(`task ${taskUuid} failed`, error);
        const message = error instanceof TaskFailure ? error.message : TASK_MESSAGES.failed;
        changedRow(await endRun(db, taskUuid, 'ERROR', message, clock()));
        return;
      }
      if (idempotent && job.retryCount < job.retryLimit) {
        changedRow(
          await endRun(db, taskUuid, 'SCHEDULED', TASK_MESSAGES.interruptedResumes, clock()),
        );
        // pg-boss fails the job, which its queue retries after RETRY_DELAY_SECONDS.
        throw error;
      }
      changedRow(await endRun(db, taskUuid, 'ERROR', TASK_MESSAGES.interruptedFailed, clock()));
    } finally {
      clearTimeout(expiry);
      aborts.delete(controller);
    }
  }

  /**
   * Ends the tasks whose job is over or gone (lost with a crash between the two, or removed).
   * A task whose job waits or runs is left to its worker.
   */
  async function reconcile(): Promise<void> {
    for (const task of await unfinishedTasks(db, SCHEMA)) {
      if (task.jobState && ['created', 'retry', 'active'].includes(task.jobState)) continue;
      changedRow(await endRun(db, task.uuid, 'ERROR', TASK_MESSAGES.lost, clock()));
    }
  }

  /** On an exclusive database every active job belongs to a run that is over. */
  async function failDeadJobs(started: PgBoss): Promise<void> {
    for (const name of runners.keys()) {
      const queue = queueOf(name);
      const { rows } = await executeSql(
        `select id from ${SCHEMA}.job where name = $1 and state = 'active'`,
        [queue],
      );
      for (const { id } of rows as { id: string }[])
        await started.fail(queue, id, { message: TASK_MESSAGES.lost });
    }
  }

  return {
    register(name, runner, runnerOptions = {}) {
      if (boss) throw new Error('Register task runners before the queue starts');
      if (runners.has(name)) throw new Error(`A runner is already registered for task ${name}`);
      runners.set(name, { runner, options: runnerOptions });
    },

    async enqueue(input) {
      const started = boss;
      if (!started || !runners.has(input.name))
        throw fail(Code.Unavailable, 'UNIMPLEMENTED', 'This background task cannot run now');
      const uuid = randomUUID();
      const queue = queueOf(input.name);
      const now = clock();
      const payload = input.requestedBy
        ? { ...input.payload, requestedBy: input.requestedBy }
        : input.payload;
      const row = await db.transaction().execute(async (trx) => {
        await insertTask(trx, {
          uuid,
          name: input.name,
          vendorUuid: input.vendorUuid,
          label: input.label,
          payload,
          totalItems: input.totalItems ?? 0,
          now,
        });
        // The job is queued in the row's transaction: both exist, or neither.
        const inTransaction = {
          executeSql: async (text: string, values: unknown[]) => ({
            rows: (await trx.executeQuery(CompiledQuery.raw(text, values ?? []))).rows,
          }),
        };
        const jobId = await started.send(queue, { taskUuid: uuid } satisfies JobData, {
          id: uuid,
          db: inTransaction,
        });
        return markScheduled(trx, uuid, jobId ?? uuid, now);
      });
      changedRow(row);
      const worker = workerIds.get(queue);
      if (worker) started.notifyWorker(worker);
      return toTaskMessage(db, row);
    },

    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    changed,

    async start() {
      const started = new PgBoss({
        db: { executeSql },
        schema: SCHEMA,
        schedule: false,
        supervise: true,
        migrate: true,
      });
      started.on('error', (error) => console.error('task queue:', error));
      await started.start();
      boss = started;
      await started.createQueue(DEAD_LETTER);
      for (const [name, { options: o }] of runners) {
        const queue = {
          name: queueOf(name),
          retryLimit: o.idempotent ? IDEMPOTENT_RETRIES : OTHER_RETRIES,
          retryDelay: RETRY_DELAY_SECONDS,
          retryBackoff: false,
          expireInSeconds: o.expireInSeconds ?? DEFAULT_EXPIRE_SECONDS,
          deadLetter: DEAD_LETTER,
        };
        await started.createQueue(queue.name, queue);
        // A queue made by an earlier version keeps the current policy.
        await started.updateQueue(queue.name, queue);
      }
      if (options.exclusive) await failDeadJobs(started);
      await reconcile();
      for (const [name, registered] of runners) {
        const queue = queueOf(name);
        const id = await started.work<JobData>(
          queue,
          { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: POLL_SECONDS },
          async ([job]) => {
            if (job) await runJob(job, registered);
          },
        );
        workerIds.set(queue, id);
      }
      await started.work<JobData>(
        DEAD_LETTER,
        { batchSize: 1, pollingIntervalSeconds: DEAD_LETTER_POLL_SECONDS },
        async ([job]) => {
          if (job?.data.taskUuid)
            changedRow(await endRun(db, job.data.taskUuid, 'ERROR', TASK_MESSAGES.lost, clock()));
        },
      );
    },

    async stop() {
      const started = boss;
      if (!started) return;
      stopping = true;
      for (const controller of aborts) controller.abort(new Error('The server is stopping'));
      await started.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS });
      // pg-boss completes or fails the last jobs without awaiting (and a fetch may still bring a
      // job, failed at once): let those writes land before the database closes.
      for (;;) {
        await new Promise((resolve) => setImmediate(resolve));
        if (inFlight.size === 0) break;
        await Promise.allSettled([...inFlight]);
      }
      boss = undefined;
      stopping = false;
      listeners.clear();
    },
  };
}
