import * as Comlink from 'comlink';
import type {
  ExportRequestSpec,
  ExportStreamHooks,
  ExportStreamSummary,
} from './exportSource.impl.ts';
import type { StreamApi } from './stream.worker.ts';
import { callInWorker, type WorkerLike } from './workerCall.ts';

const startStreamWorker = (): WorkerLike =>
  new Worker(new URL('./stream.worker.ts', import.meta.url), { type: 'module', name: 'stream' });

/**
 * Follows an export stream in a worker started on first use and stopped when the call settles:
 * the rows are read and counted there; only progress, special messages and the summary cross.
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
  };
}

export type StreamClient = ReturnType<typeof createStreamClient>;
