import { decodeIssue, type FileIssue, type RowIssue } from '../../domain/sheetImport/issues.ts';
import type { PreviewOutcome } from '../../domain/sheetImport/previewFile.ts';
import type { AppError, AppErrorCode } from '../../rpc/errors.ts';

/** Where the rows go: a deposit's products ('' makes a deposit from the sheet) or contacts. */
export type ImportTarget =
  | { readonly kind: 'products'; readonly deposit: string }
  | { readonly kind: 'customers'; readonly vendor: string };

export interface ImportJob {
  readonly file: File;
  readonly target: ImportTarget;
}

/** What the server answered: its task, the deposit filled, the rows it refused (encoded). */
export interface SubmitResult {
  readonly taskUuid: string;
  readonly deposit: string;
  readonly errors: readonly string[];
  /** Rows the task will write. */
  readonly count: number;
}

/** A refused import: the app error, and the issues of a SHEET_INVALID refusal (encoded). */
export class SheetImportFailure extends Error {
  constructor(
    readonly appError: AppError,
    readonly issues: readonly string[],
  ) {
    super(appError.code);
  }
}

export type ReadyPreview = Extract<PreviewOutcome, { ok: true }>;

export interface SheetImportContext {
  readonly target: ImportTarget;
  readonly file: File | null;
  readonly preview: ReadyPreview | null;
  /** Why the file itself was refused before any row was read. */
  readonly fileIssue: FileIssue | null;
  readonly result: SubmitResult | null;
  readonly errorCode: AppErrorCode | null;
  /** The server's reason (DEPOSIT_NAME_EXISTS, SHEET_INVALID...) when it gave one. */
  readonly errorReason: string | null;
  /** Rows the server refused that the preview had accepted (a reference added meanwhile). */
  readonly serverIssues: readonly RowIssue[];
}

export type SheetImportEvent =
  | { type: 'import.open'; target: ImportTarget }
  | { type: 'import.choose'; file: File }
  | { type: 'import.submit' }
  | { type: 'import.cancel' };

export type SheetImportEmitted = { type: 'import.submitted'; taskUuid: string; deposit: string };

export const EMPTY: Omit<SheetImportContext, 'target'> = {
  file: null,
  preview: null,
  fileIssue: null,
  result: null,
  errorCode: null,
  errorReason: null,
  serverIssues: [],
};

/** Row issues of encoded errors that the preview did not already show as refusals. */
export function newRefusals(preview: ReadyPreview | null, errors: readonly string[]): RowIssue[] {
  const known = new Set(
    (preview?.preview.rows ?? []).filter((r) => r.values === null).map((r) => r.row),
  );
  return errors.flatMap((text) => {
    const decoded = decodeIssue(text);
    return decoded.kind === 'row' && !known.has(decoded.issue.row) ? [decoded.issue] : [];
  });
}
