import {
  previewImportFile,
  type PreviewOutcome,
  type PreviewRequest,
} from '../../domain/sheetImport/previewFile.ts';

/** What the import dialog hands the worker: the file's bytes (transferred) and what to check. */
export interface PreviewInput {
  readonly bytes: ArrayBuffer;
  readonly fileName: string;
  readonly request: PreviewRequest;
}

/**
 * Reads and checks a sheet off the main thread (unzipping a workbook and checking thousands of
 * rows would freeze the dialog): the same shared code the server runs when the file is sent.
 */
export function previewSheetFile(input: PreviewInput): Promise<PreviewOutcome> {
  return previewImportFile(new Uint8Array(input.bytes), input.fileName, input.request);
}

/** The worker's interface; the worker exposes it, the tests expose it over a MessageChannel. */
export const sheetImportApi = { previewSheetFile };
