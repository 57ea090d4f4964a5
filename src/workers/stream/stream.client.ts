import * as Comlink from 'comlink';
import type {
  ExportRequestSpec,
  ExportStreamHooks,
  ExportStreamSummary,
} from './exportSource.impl.ts';
import type { PublishHooks, PublishSpec, PublishSummary } from './publishSource.impl.ts';
import type { StreamApi } from './stream.worker.ts';
import type { TasksFollowHooks, TasksFollowSpec } from './tasksSource.impl.ts';
import { callInWorker, type WorkerLike } from './workerCall.ts';

const startStreamWorker = (): WorkerLike =>
  new Worker(new URL('./stream.worker.ts', import.meta.url), { type: 'module', name: 'stream' });

/**
 * Follows server streams in a worker started per call and stopped when the call settles: an
 * export's rows are read and counted there, the task list is decoded there; only progress,
 * plain task lists and summaries cross.
 */
export function createStreamClient(start: () => WorkerLike = startStreamWorker) {
  return {
    follow(
      spec: ExportRequestSpec,
      hooks: ExportStreamHooks,
      signal: AbortSignal,
    ): Promise<ExportStreamSummary> {
      return callInWorker<StreamApi, ExportStreamSummary>(
        start,
        (api) => api.follow(spec, Comlink.proxy(hooks)),
        signal,
      );
    },
    /**
     * Follows the caller's background tasks in a worker of their own until `signal` aborts
     * (which stops the worker and its stream) or the worker gives up reconnecting (it rejects).
     */
    followTasks(
      spec: TasksFollowSpec,
      hooks: TasksFollowHooks,
      signal: AbortSignal,
    ): Promise<void> {
      return callInWorker<StreamApi, void>(
        start,
        (api) => api.followTasks(spec, Comlink.proxy(hooks)),
        signal,
      );
    },
    /**
     * Publishes products (or follows the publication `spec.task`) in a worker of its own.
     * Aborting stops the worker and so the following; the server's publication goes on.
     */
    publish(spec: PublishSpec, hooks: PublishHooks, signal: AbortSignal): Promise<PublishSummary> {
      return callInWorker<StreamApi, PublishSummary>(
        start,
        (api) => api.publish(spec, Comlink.proxy(hooks)),
        signal,
      );
    },
  };
}

export type StreamClient = ReturnType<typeof createStreamClient>;
