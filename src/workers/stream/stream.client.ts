import * as Comlink from 'comlink';
import type {
  ExportRequestSpec,
  ExportStreamHooks,
  ExportStreamSummary,
} from './exportSource.impl.ts';
import type { PublishHooks, PublishSpec, PublishSummary } from './publishSource.impl.ts';
import type { PublishApi } from './publish.worker.ts';
import type { StreamApi } from './stream.worker.ts';
import type { TasksFollowHooks, TasksFollowSpec } from './tasksSource.impl.ts';
import { callInWorker, type WorkerLike } from './workerCall.ts';

const startStreamWorker = (): WorkerLike =>
  new Worker(new URL('./stream.worker.ts', import.meta.url), { type: 'module', name: 'stream' });

const startPublishWorker = (): WorkerLike =>
  new Worker(new URL('./publish.worker.ts', import.meta.url), { type: 'module', name: 'publish' });

/** A worker started ahead and not used within this time is stopped. */
const SPARE_MS = 120_000;

/**
 * Follows server streams in a worker started per call and stopped when the call settles: an
 * export's rows are read and counted there, the task list is decoded there; only progress,
 * plain task lists and summaries cross.
 */
export function createStreamClient(
  start: () => WorkerLike = startStreamWorker,
  // A test's own endpoint serves publications too.
  startPublish: () => WorkerLike = start === startStreamWorker ? startPublishWorker : start,
) {
  // The publish worker started ahead (see `warmPublish`), taken by the next publication.
  let spare: { worker: WorkerLike; timer: ReturnType<typeof setTimeout> } | null = null;
  const takePublishWorker = (): WorkerLike => {
    if (!spare) return startPublish();
    clearTimeout(spare.timer);
    const { worker } = spare;
    spare = null;
    return worker;
  };
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
      return callInWorker<PublishApi, PublishSummary>(
        takePublishWorker,
        (api) => api.publish(spec, Comlink.proxy(hooks)),
        signal,
      );
    },
    /**
     * Starts the next publication's worker now (while the vendor confirms), so the click only
     * sends the request: loading a worker takes longer than the first progress may.
     */
    warmPublish(): void {
      if (spare) return;
      const worker = startPublish();
      const timer = setTimeout(() => {
        if (spare?.worker !== worker) return;
        spare = null;
        worker.terminate();
      }, SPARE_MS);
      spare = { worker, timer };
    },
  };
}

export type StreamClient = ReturnType<typeof createStreamClient>;
