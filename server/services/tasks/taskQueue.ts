import type { TaskName } from '../../../src/rpc/gen/seconde/v1/background_task_pb.ts';
import type { BackgroundTask } from '../../../src/rpc/gen/seconde/v1/background_task_pb.ts';

/** What a running task tells the panel; each call is written to its background_task row. */
export interface TaskReporter {
  /** The number of items the task will handle, once known. */
  setTotal(total: number): Promise<void>;
  /** Items done so far, with an optional line for the task's progress messages. */
  progress(current: number, message?: string): Promise<void>;
  /**
   * Aborted when the server stops (or the run outlives its expiry): the runner should throw soon
   * (the signal's reason will do). A runner that throws after the abort counts as interrupted, not
   * failed: an idempotent task is queued again, another ends in ERROR with a clear message.
   */
  readonly signal: AbortSignal;
}

/** Thrown by a runner to end its task in ERROR with a message the user may read. */
export class TaskFailure extends Error {}

export interface TaskContext {
  readonly taskUuid: string;
  /** The vendor who owns the task (owner_object_uuid). */
  readonly vendorUuid: string;
  /** Who asked for it (the caller's subject): a staff member may start a task for a vendor. */
  readonly requestedBy: string;
}

/** Does the work of one kind of task; its payload is what `enqueue` stored. */
export type TaskRunner = (
  payload: Record<string, unknown>,
  report: TaskReporter,
  context: TaskContext,
) => Promise<void>;

/** How the queue treats one kind of task when a run is cut short. */
export interface RunnerOptions {
  /**
   * Running the task twice gives the same result (it skips what an earlier run did). An idempotent
   * task cut short by a restart, a crash or its expiry is queued again (pg-boss retry); any other
   * ends in ERROR. Default false: nothing is done twice unless the runner says it is safe.
   */
  readonly idempotent?: boolean;
  /** The longest one run may take before pg-boss expires it (default 30 minutes). */
  readonly expireInSeconds?: number;
}

export interface EnqueueInput {
  readonly name: TaskName;
  readonly vendorUuid: string;
  /** What the user recognises the task by: a file name, a profile address. */
  readonly label: string;
  readonly payload: Record<string, unknown>;
  /** Items expected, when known before the run (rows of a sheet). */
  readonly totalItems?: number;
  /**
   * The caller's subject, when a staff member starts a task for a vendor: the task then shows in
   * that staff member's panel too. Defaults to nobody beyond the owning vendor.
   */
  readonly requestedBy?: string;
}

/**
 * Background tasks on a PostgreSQL job queue: a background_task row per task (what the panel
 * streams) and a queued job that runs it. Runners register per task name at start-up.
 */
export interface TaskQueue {
  register(name: TaskName, runner: TaskRunner, options?: RunnerOptions): void;
  /** Creates the task row (status CREATED) and queues its job; answers the row. */
  enqueue(input: EnqueueInput): Promise<BackgroundTask>;
  /**
   * Hears every change this process makes to a task row (created, started, progressed, ended,
   * dismissed), with the owning vendor: the panel's stream wakes on it instead of waiting for
   * its next poll. Answers the unsubscription.
   */
  onChange(listener: (change: TaskChange) => void): () => void;
  /** Tells the listeners of a change made outside the queue (the panel's Dismiss). */
  changed(change: TaskChange): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface TaskChange {
  readonly taskUuid: string;
  readonly vendorUuid: string;
}
