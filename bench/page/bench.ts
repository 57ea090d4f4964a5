import * as Comlink from 'comlink';
import { sheetSpec } from '../../src/machines/export/exportSpec.ts';
import { createI18n } from '../../src/i18n/index.ts';
import { createSpreadsheetClient } from '../../src/workers/spreadsheet/spreadsheet.client.ts';
import type { StreamProgress } from '../../src/workers/stream/stream.impl.ts';
import type { Baseline, BaselineHooks, runBaseline } from './baselines.impl.ts';

/**
 * The bench page: runs one export pipeline of 100k products against the real server, in a
 * worker, and answers its timings. `ours` is the app's own spreadsheet worker; the baselines
 * share its stream consumer and differ only in how the file is built.
 */
export type Pipeline = 'ours' | Baseline;

export interface PipelineTimings {
  readonly totalMs: number;
  readonly firstProgressMs: number | null;
  readonly rows: number;
  readonly bytes: number;
}

declare global {
  interface Window {
    runPipeline(pipeline: Pipeline, token: string): Promise<PipelineTimings>;
  }
}

const t = createI18n('en').t;

window.runPipeline = async (pipeline, token) => {
  const source = {
    kind: 'products' as const,
    baseUrl: location.origin,
    filters: {},
    ordering: 'created_at',
    search: '',
  };
  const spec = sheetSpec('products', t, [], Date.now());
  const start = performance.now();
  let firstProgressMs: number | null = null;
  let rows = 0;
  const hooks = {
    getToken: async () => token,
    onProgress: ({ count, progress }: StreamProgress) => {
      firstProgressMs ??= performance.now() - start;
      rows = Math.max(rows, progress, count);
    },
  };
  let file: Blob;
  if (pipeline === 'ours') {
    file = await createSpreadsheetClient().run(
      { source, sheet: spec },
      { ...hooks, onSpecial: () => undefined, onBuilding: () => undefined },
      new AbortController().signal,
    );
  } else {
    const worker = new Worker(new URL('./baselines.worker.ts', import.meta.url), {
      type: 'module',
    });
    const api = Comlink.wrap<{ runBaseline: typeof runBaseline }>(worker);
    try {
      file = await api.runBaseline(pipeline, source, spec, Comlink.proxy<BaselineHooks>(hooks));
    } finally {
      worker.terminate();
    }
  }
  // The download a user gets: an object URL clicked through an anchor.
  const url = URL.createObjectURL(file);
  const anchor = Object.assign(document.createElement('a'), { href: url, download: `${pipeline}` });
  anchor.click();
  URL.revokeObjectURL(url);
  return { totalMs: performance.now() - start, firstProgressMs, rows, bytes: file.size };
};

document.getElementById('status')!.textContent = 'loaded';
