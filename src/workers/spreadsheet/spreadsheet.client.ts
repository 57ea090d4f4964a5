import * as Comlink from 'comlink';
import { callInWorker, type WorkerLike } from '../stream/workerCall.ts';
import type { ExportJob, ExportJobHooks } from './exportJob.impl.ts';
import type { SpreadsheetApi } from './spreadsheet.worker.ts';

const startSpreadsheetWorker = (): WorkerLike =>
  new Worker(new URL('./spreadsheet.worker.ts', import.meta.url), {
    type: 'module',
    name: 'spreadsheet',
  });

/** A worker started ahead and not used within this time is stopped. */
const SPARE_MS = 120_000;

/**
 * Runs a spreadsheet export in a worker of its own (exceljs loads in it only once rows come),
 * stopped as soon as the file is handed back or the signal aborts: aborting stops the server
 * stream with the worker. `warm` starts the next export's worker ahead (a page showing an export
 * button), so the click only sends the request: starting a worker takes longer than the first
 * progress may.
 */
export function createSpreadsheetClient(start: () => WorkerLike = startSpreadsheetWorker) {
  let spare: { worker: WorkerLike; timer: ReturnType<typeof setTimeout> } | null = null;
  const take = (): WorkerLike => {
    if (!spare) return start();
    clearTimeout(spare.timer);
    const { worker } = spare;
    spare = null;
    return worker;
  };
  return {
    run(job: ExportJob, hooks: ExportJobHooks, signal: AbortSignal): Promise<Blob> {
      return callInWorker<SpreadsheetApi, Blob>(
        take,
        (api) => api.run(job, Comlink.proxy(hooks)),
        signal,
      );
    },
    warm(): void {
      if (spare) return;
      const worker = start();
      const timer = setTimeout(() => {
        if (spare?.worker !== worker) return;
        spare = null;
        worker.terminate();
      }, SPARE_MS);
      spare = { worker, timer };
    },
  };
}

export type SpreadsheetClient = ReturnType<typeof createSpreadsheetClient>;
