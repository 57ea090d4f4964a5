import { transfer, wrap, type Remote } from 'comlink';
import type { PreviewOutcome } from '../../domain/sheetImport/previewFile.ts';
import type { PreviewInput } from './sheetImport.impl.ts';
import type { SheetImportApi } from './sheetImport.worker.ts';

/** A connection to a sheet worker: its remote interface and the way to end it. */
export interface SheetImportEndpoint {
  readonly api: Remote<SheetImportApi>;
  terminate(): void;
}

export interface SheetImportBridge {
  /** Reads and checks a file in the worker; aborting terminates the worker (Comlink cannot cancel). */
  preview(input: PreviewInput, signal?: AbortSignal): Promise<PreviewOutcome>;
  /** Ends the worker now, if one runs. */
  dispose(): void;
}

function startWorker(): SheetImportEndpoint {
  const worker = new Worker(new URL('./sheetImport.worker.ts', import.meta.url), {
    type: 'module',
    name: 'sheet-import',
  });
  return { api: wrap<SheetImportApi>(worker), terminate: () => worker.terminate() };
}

/** A worker left without work this long is ended; the next file starts a new one. */
export const IDLE_MS = 30_000;

/**
 * The lazy bridge to the sheet worker: started on the first file, reused while files follow,
 * terminated after IDLE_MS without work or when a preview is aborted.
 */
export function createSheetImportBridge(
  connect: () => SheetImportEndpoint = startWorker,
  idleMs = IDLE_MS,
): SheetImportBridge {
  let current: { endpoint: SheetImportEndpoint; ended: Promise<never>; end(): void } | null = null;
  let running = 0;
  let idle: ReturnType<typeof setTimeout> | undefined;

  const stop = () => {
    clearTimeout(idle);
    current?.end();
    current = null;
  };
  const open = () => {
    if (current) return current;
    const endpoint = connect();
    let reject: (reason: unknown) => void = () => {};
    const ended = new Promise<never>((_, r) => (reject = r));
    // Nobody may be waiting when it ends; the rejection is only for calls in flight.
    ended.catch(() => {});
    current = {
      endpoint,
      ended,
      end: () => {
        endpoint.terminate();
        reject(new DOMException('The sheet worker was stopped', 'AbortError'));
      },
    };
    return current;
  };

  return {
    async preview(input, signal) {
      signal?.throwIfAborted();
      clearTimeout(idle);
      const worker = open();
      const onAbort = () => {
        if (current === worker) stop();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      running++;
      try {
        return await Promise.race([
          worker.endpoint.api.previewSheetFile(transfer(input, [input.bytes])),
          worker.ended,
        ]);
      } finally {
        running--;
        signal?.removeEventListener('abort', onAbort);
        if (running === 0 && current === worker) idle = setTimeout(stop, idleMs);
      }
    },
    dispose: stop,
  };
}

let shared: SheetImportBridge | undefined;

/** The app's one sheet bridge, made on first use. */
export function sheetImportBridge(): SheetImportBridge {
  shared ??= createSheetImportBridge();
  return shared;
}
