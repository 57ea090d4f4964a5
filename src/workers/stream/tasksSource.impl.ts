import { Code, ConnectError, createClient } from '@connectrpc/connect';
import {
  BackgroundTaskService,
  type BackgroundTask,
} from '../../rpc/gen/seconde/v1/background_task_pb.ts';
import type { TokenGetter } from '../../rpc/interceptors/auth.ts';
import { createTransport } from '../../rpc/transport.ts';
import { frameBatched, type FrameScheduler } from '../shared/progress.impl.ts';
import { readResumable } from './resumableStream.ts';

/** One task as it crosses the worker boundary: the message's fields, as plain cloneable data. */
export type TaskSnapshot = Pick<
  BackgroundTask,
  | 'uuid'
  | 'taskName'
  | 'status'
  | 'label'
  | 'currentItemNumber'
  | 'totalItems'
  | 'lastRunEndDatetime'
>;

/** The caller's tasks stream: each message is the whole current list. */
export type TasksSource = (
  signal: AbortSignal,
) => AsyncIterable<{ readonly results: readonly TaskSnapshot[] }>;

/** What the main thread tells the worker about the task stream to follow. */
export interface TasksFollowSpec {
  /** Absolute base URL of the main service. */
  readonly baseUrl: string;
}

/** The main thread's side of the task stream: the token on demand, then each list. */
export interface TasksFollowHooks {
  readonly getToken: () => Promise<string | null | undefined> | string | null | undefined;
  /** At most once per animation frame, the latest list always sent. */
  readonly onTasks: (tasks: readonly TaskSnapshot[]) => void;
}

export interface FollowTasksOptions {
  readonly signal: AbortSignal;
  readonly onTasks: (tasks: readonly TaskSnapshot[]) => void;
  /** Reconnections after consecutive drops before giving up (the caller then waits longer). */
  readonly retries?: number;
  readonly backoff?: (attempt: number) => number;
  /** Test seam: how waiting is done (rejects when `signal` aborts). */
  readonly sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Test seam: when lists are sent. */
  readonly schedule?: FrameScheduler;
}

/** The StreamList of the caller's tasks, opened inside the worker with the app's own transport. */
export function tasksSource(
  spec: TasksFollowSpec,
  getToken: TokenGetter,
  fetchImpl?: typeof globalThis.fetch,
): TasksSource {
  const client = createClient(
    BackgroundTaskService,
    createTransport({ baseUrl: spec.baseUrl, getToken, fetch: fetchImpl }),
  );
  return (signal) => client.streamList({}, { signal });
}

const plain = (task: TaskSnapshot): TaskSnapshot => ({
  uuid: task.uuid,
  taskName: task.taskName,
  status: task.status,
  label: task.label,
  currentItemNumber: task.currentItemNumber,
  totalItems: task.totalItems,
  lastRunEndDatetime: task.lastRunEndDatetime,
});

const cancelled = () => new ConnectError('The task stream was cancelled', Code.Canceled);

/**
 * Follows the caller's tasks until `signal` aborts. The stream never finishes by itself: when it
 * drops (network, server restart, or a clean end) it is opened again after a growing wait, and
 * any message starts the count over. It gives up with the error after `retries` drops in a row
 * without a message, or at once on a refusal (an expired session), for its caller to try later.
 */
export async function followTasks(source: TasksSource, options: FollowTasksOptions): Promise<void> {
  const { signal } = options;
  const lists = frameBatched(options.onTasks, options.schedule);
  try {
    await readResumable(
      source,
      (message) => {
        lists.push(message.results.map(plain));
        return 'advanced';
      },
      {
        signal,
        retries: options.retries,
        backoff: options.backoff,
        sleep: options.sleep,
        cancelled,
        endedEarly: 'The task stream ended',
      },
    );
  } finally {
    // The last list read gets through, whatever ends the stream.
    if (!signal.aborted) lists.flush();
  }
}

/** Follows the task stream over the real transport, asking the token on every connection. */
export function followTaskStream(
  spec: TasksFollowSpec,
  hooks: TasksFollowHooks,
  signal: AbortSignal = new AbortController().signal,
  seams: { readonly fetch?: typeof globalThis.fetch } & Pick<
    FollowTasksOptions,
    'sleep' | 'schedule'
  > = {},
): Promise<void> {
  const source = tasksSource(spec, () => hooks.getToken(), seams.fetch);
  return followTasks(source, {
    signal,
    onTasks: (tasks) => hooks.onTasks(tasks),
    ...(seams.sleep && { sleep: seams.sleep }),
    ...(seams.schedule && { schedule: seams.schedule }),
  });
}
