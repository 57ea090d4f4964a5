import type { TaskName } from '../../../src/rpc/gen/seconde/v1/background_task_pb.ts';
import type { BackgroundTask } from '../../../src/rpc/gen/seconde/v1/background_task_pb.ts';

/** What a running task tells the panel; each call is written to its background_task row. */
export interface TaskReporter {
  /** The number of items the task will handle, once known. */
  setTotal(total: number): Promise<void>;
  /** Items done so far, with an optional line for the task's progress messages. */
  progress(current: number, message?: string): Promise<void>;
  /** Aborted when the server stops: the runner should return soon, the task is resumed later. */
  readonly signal: AbortSignal;
}

/** Thrown by a runner to end its task in ERROR with a message the user may read. */
export class TaskFailure extends Error {}

export interface TaskContext {
  readonly taskUuid: string;
  /** The vendor who owns the task (owner_object_uuid). */
  readonly vendorUuid: string;
}

/** Does the work of one kind of task; its payload is what `enqueue` stored. */
export type TaskRunner = (
  payload: Record<string, unknown>,
  report: TaskReporter,
  context: TaskContext,
) => Promise<void>;

export interface EnqueueInput {
  readonly name: TaskName;
  readonly vendorUuid: string;
  /** What the user recognises the task by: a file name, a profile address. */
  readonly label: string;
  readonly payload: Record<string, unknown>;
  /** Items expected, when known before the run (rows of a sheet). */
  readonly totalItems?: number;
}

/**
 * Background tasks on a PostgreSQL job queue: a background_task row per task (what the panel
 * streams) and a queued job that runs it. Runners register per task name at start-up.
 */
export interface TaskQueue {
  register(name: TaskName, runner: TaskRunner): void;
  /** Creates the task row (status CREATED) and queues its job; answers the row. */
  enqueue(input: EnqueueInput): Promise<BackgroundTask>;
  start(): Promise<void>;
  stop(): Promise<void>;
}
