import {
  exportSource,
  type ExportRequestSpec,
  type ExportRow,
  type ExportStreamHooks,
} from '../stream/exportSource.impl.ts';
import { consumeStream, type ConsumeOptions, type StreamSource } from '../stream/stream.impl.ts';
import { throwingWireErrors } from '../stream/wireError.ts';
import type { SheetSpec } from './sheetSpec.ts';
import { SheetWriter } from './sheetWriter.impl.ts';
import type * as Shell from './spreadsheet.impl.ts';

/** One spreadsheet export as the main thread describes it: plain data. */
export interface ExportJob {
  readonly source: ExportRequestSpec;
  readonly sheet: SheetSpec;
}

export interface ExportJobHooks extends ExportStreamHooks {
  /** Every row is in: the file's tail is being written. */
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
 * Streams the export and writes its file in the same place, each batch as it arrives, so the
 * rows never travel and are not kept: only progress, special messages and the finished Blob
 * leave the worker. Failing or cancelling drops what was written.
 */
export async function runExportJob(
  job: ExportJob,
  hooks: ExportJobHooks,
  options: ExportJobOptions = {},
): Promise<Blob> {
  const { openSource = exportSource, signal = new AbortController().signal } = options;
  // The workbook's builder (exceljs) loads once the first answer is in, while the rows come:
  // loaded with the worker, it held the stream's request back by a quarter of a second.
  let shell: Promise<typeof Shell> | undefined;
  const loadShell = () => (shell ??= import('./spreadsheet.impl.ts'));
  const sheet = new SheetWriter(job.sheet, loadShell);
  try {
    await consumeStream(
      openSource(job.source, () => hooks.getToken()),
      {
        signal,
        onProgress: (progress) => {
          hooks.onProgress(progress);
          void loadShell().catch(() => undefined);
        },
        onSpecial: hooks.onSpecial,
        onRows: (rows, labels) => sheet.push(rows, labels),
        ...(options.sleep && { sleep: options.sleep }),
        ...(options.schedule && { schedule: options.schedule }),
      },
    );
    hooks.onBuilding();
    return await sheet.finish();
  } catch (error) {
    sheet.abort(error);
    throw error;
  }
}

/** What the spreadsheet worker exposes: failures cross as WireErrors. */
export const spreadsheetApi = {
  run: throwingWireErrors((job: ExportJob, hooks: ExportJobHooks) => runExportJob(job, hooks)),
};
