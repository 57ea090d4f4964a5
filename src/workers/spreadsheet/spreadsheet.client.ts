import * as Comlink from 'comlink';
import { callInWorker, type WorkerLike } from '../stream/workerCall.ts';
import type { ExportJob, ExportJobHooks } from './exportJob.impl.ts';
import type { SpreadsheetApi } from './spreadsheet.worker.ts';

const startSpreadsheetWorker = (): WorkerLike =>
  new Worker(new URL('./spreadsheet.worker.ts', import.meta.url), {
    type: 'module',
    name: 'spreadsheet',
  });

/**
 * Runs a spreadsheet export in a worker started for it (its code, exceljs included, loads only
 * then) and stopped as soon as the file is handed back or the signal aborts: aborting stops the
 * server stream with the worker.
 */
export function createSpreadsheetClient(start: () => WorkerLike = startSpreadsheetWorker) {
  return {
    run(job: ExportJob, hooks: ExportJobHooks, signal: AbortSignal): Promise<Blob> {
      return callInWorker<SpreadsheetApi, Blob>(
        start,
        (api) => api.run(job, Comlink.proxy(hooks)),
        signal,
      );
    },
  };
}

export type SpreadsheetClient = ReturnType<typeof createSpreadsheetClient>;
