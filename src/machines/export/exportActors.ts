import { fromCallback, fromPromise } from 'xstate';
import { toAppError } from '../../rpc/errors.ts';
import type { TokenGetter } from '../../rpc/interceptors/auth.ts';
import type { ExportJob, ExportJobHooks } from '../../workers/spreadsheet/exportJob.impl.ts';
import { exportMachine } from './exportMachine.ts';
import type { ExportProgressEvent, RunExportInput, SaveFileInput } from './exportTypes.ts';

/** Runs one export job and hands back its file (the spreadsheet worker's bridge in the app). */
export type RunJob = (job: ExportJob, hooks: ExportJobHooks, signal: AbortSignal) => Promise<Blob>;

export interface ExportDeps {
  readonly run: RunJob;
  /** Absolute base URL of the main service: the worker opens the stream itself. */
  readonly baseUrl: string;
  /** The current access token, asked on every (re)connection of the stream. */
  readonly getToken: TokenGetter;
  /** Hears a SUBSCRIPTION_UPDATE_NEEDED refusal, as the app's interceptor would. */
  readonly onSubscriptionRefused?: (message: string | undefined) => void;
  /** Saves the file in the browser; a download link by default. */
  readonly save?: (input: SaveFileInput) => Promise<void>;
}

/** Starts the browser's download of `file` under `fileName`. */
export async function downloadBlob({ file, fileName }: SaveFileInput): Promise<void> {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cut the download short in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  // The window closes in a task of its own, not in the one that drew "downloading".
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The export machine's actors over a job runner: `runExport` reports the worker's progress,
 * special messages and phases as events, and leaving the running state (cancel) aborts the
 * call, which terminates the worker and so ends the server stream.
 */
export function createExportActors(deps: ExportDeps) {
  return {
    runExport: fromCallback<ExportProgressEvent, RunExportInput>(({ input, sendBack }) => {
      const controller = new AbortController();
      const job: ExportJob = {
        source: {
          kind: input.kind,
          baseUrl: deps.baseUrl,
          filters: input.filters,
          ordering: input.ordering,
          search: input.search,
        },
        sheet: input.sheet,
      };
      const hooks: ExportJobHooks = {
        getToken: async () => (await deps.getToken()) ?? null,
        onProgress: ({ count, progress }) =>
          sendBack({ type: 'export.progressed', count, progress }),
        onSpecial: (message) => sendBack({ type: 'export.special', message }),
        onBuilding: () => sendBack({ type: 'export.building' }),
      };
      deps.run(job, hooks, controller.signal).then(
        (file) => sendBack({ type: 'export.built', file }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          const appError = toAppError(error);
          if (appError.code === 'subscriptionUpdateNeeded')
            deps.onSubscriptionRefused?.(appError.message);
          sendBack({ type: 'export.failed', error });
        },
      );
      return () => controller.abort();
    }),
    saveFile: fromPromise<void, SaveFileInput>(({ input }) => (deps.save ?? downloadBlob)(input)),
  };
}

/** The export machine with its real actors, built once per page load. */
export function exportLogic(deps: ExportDeps) {
  return exportMachine.provide({ actors: createExportActors(deps) });
}

export type ExportLogic = ReturnType<typeof exportLogic>;
