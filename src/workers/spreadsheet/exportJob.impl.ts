import {
  exportSource,
  type ExportRequestSpec,
  type ExportRow,
  type ExportStreamHooks,
} from '../stream/exportSource.impl.ts';
import { consumeStream, type ConsumeOptions, type StreamSource } from '../stream/stream.impl.ts';
import { throwingWireErrors } from '../stream/wireError.ts';
import type { SheetSpec } from './sheetSpec.ts';
import type * as Builder from './spreadsheet.impl.ts';

/** One spreadsheet export as the main thread describes it: plain data. */
export interface ExportJob {
  readonly source: ExportRequestSpec;
  readonly sheet: SheetSpec;
}

export interface ExportJobHooks extends ExportStreamHooks {
  /** Every row is in: the file is being built. */
  readonly onBuilding: () => void;
}

export interface ExportJobOptions extends Partial<Pick<ConsumeOptions, 'sleep' | 'schedule'>> {
  readonly signal?: AbortSignal;
  /** Test seam: where the rows come from (the server stream otherwise). */
  readonly openSource?: (
    spec: ExportRequestSpec,
    getToken: ExportStreamHooks['getToken'],
  ) => StreamSource<ExportRow>;
}

/**
 * Streams the export and builds its file in the same place, so the rows never travel: only
 * progress, special messages and the finished Blob leave the worker.
 */
export async function runExportJob(
  job: ExportJob,
  hooks: ExportJobHooks,
  options: ExportJobOptions = {},
): Promise<Blob> {
  const { openSource = exportSource, signal = new AbortController().signal } = options;
  // The file's builder (exceljs) loads once the first answer is in, while the rows come: loaded
  // with the worker, it held the stream's request back by a quarter of a second.
  let builder: Promise<typeof Builder> | undefined;
  const loadBuilder = () => (builder ??= import('./spreadsheet.impl.ts'));
  const { rows, labels } = await consumeStream(
    openSource(job.source, () => hooks.getToken()),
    {
      signal,
      onProgress: (progress) => {
        hooks.onProgress(progress);
        void loadBuilder().catch(() => undefined);
      },
      onSpecial: hooks.onSpecial,
      ...(options.sleep && { sleep: options.sleep }),
      ...(options.schedule && { schedule: options.schedule }),
    },
  );
  hooks.onBuilding();
  const { buildSpreadsheet } = await loadBuilder();
  return buildSpreadsheet(rows, labels, job.sheet);
}

/** What the spreadsheet worker exposes: failures cross as WireErrors. */
export const spreadsheetApi = {
  run: throwingWireErrors((job: ExportJob, hooks: ExportJobHooks) => runExportJob(job, hooks)),
};
