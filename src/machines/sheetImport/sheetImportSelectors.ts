import type { SnapshotFrom } from 'xstate';
import type { RowIssue } from '../../domain/sheetImport/issues.ts';
import type { sheetImportMachine } from './sheetImportMachine.ts';
import type { ImportTarget, ReadyPreview } from './sheetImportTypes.ts';

type Snapshot = SnapshotFrom<typeof sheetImportMachine>;

/** Which part of the dialog shows. */
export type ImportStep =
  'choosing' | 'parsing' | 'preview' | 'fileRefused' | 'submitting' | 'submitted' | 'failed';

export const selectIsOpen = (s: Snapshot) => s.hasTag('open');
export const selectIsBusy = (s: Snapshot) => s.hasTag('busy');
export const selectStep = (s: Snapshot): ImportStep | null =>
  s.matches('closed') ? null : (s.value as ImportStep);
export const selectTarget = (s: Snapshot) => s.context.target;
/** The checked sheet (one object per file: views derive their lists from it with useMemo). */
export const selectPreview = (s: Snapshot) => s.context.preview;
export const selectFileName = (s: Snapshot) => s.context.file?.name ?? '';
export const selectFileIssue = (s: Snapshot) => s.context.fileIssue;
export const selectServerIssues = (s: Snapshot) => s.context.serverIssues;
export const selectCanSubmit = (s: Snapshot) => s.can({ type: 'import.submit' });

/** What the server said when it refused the import, for the dialog to translate. */
export const selectFailure = (s: Snapshot) =>
  s.context.errorCode ? { code: s.context.errorCode, reason: s.context.errorReason } : null;

export interface ImportSummary {
  readonly sheetName: string;
  readonly validCount: number;
  readonly refusedCount: number;
  /** Accepted rows that carry a notice (a colour left out, a formula kept as text). */
  readonly noticeCount: number;
  readonly skippedCount: number;
  readonly ignoredColumns: readonly string[];
  /** Products without a deposit: the server makes one named after the sheet. */
  readonly createsDeposit: boolean;
}

export function summaryOf(
  outcome: ReadyPreview | null,
  target: ImportTarget,
): ImportSummary | null {
  if (!outcome) return null;
  const { preview } = outcome;
  return {
    sheetName: preview.sheetName,
    validCount: preview.validCount,
    refusedCount: preview.refusedCount,
    noticeCount: preview.rows.filter((r) => r.values !== null && r.issues.length > 0).length,
    skippedCount: preview.skipped.length,
    ignoredColumns: preview.ignoredColumns,
    createsDeposit: target.kind === 'products' && target.deposit === '',
  };
}

/** One line of the preview table: where it is, what identifies it, what is wrong. */
export interface PreviewLine {
  readonly row: number;
  /** The reference of a product, the e-mail of a contact. */
  readonly key: string;
  /** The product's name, the contact's names. */
  readonly label: string;
  readonly refused: boolean;
  readonly issues: readonly RowIssue[];
}

export type PreviewFilter = 'refused' | 'notices' | 'all';

/** The rows with something to say, refused ones or every one with a notice (all: every row). */
export function previewLines(outcome: ReadyPreview | null, filter: PreviewFilter): PreviewLine[] {
  if (!outcome) return [];
  const lines: PreviewLine[] = [];
  for (const r of outcome.preview.rows) {
    const refused = r.values === null;
    if (filter === 'refused' && !refused) continue;
    if (filter === 'notices' && r.issues.length === 0) continue;
    const cells = r.cells as Readonly<Record<string, string | undefined>>;
    const key = outcome.kind === 'products' ? cells.reference : cells.email;
    const label =
      outcome.kind === 'products'
        ? cells.name
        : [cells.first_name, cells.last_name].filter(Boolean).join(' ');
    lines.push({ row: r.row, key: key ?? '', label: label ?? '', refused, issues: r.issues });
  }
  return lines;
}

/** Translation key of a sheet column (`postal_code` → `importsColumns.postalCode`). */
export const columnI18nKey = (column: string) =>
  `importsColumns.${column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())}`;

/** Translation key of a file or row problem. */
export const issueI18nKey = (code: string) => `importsErrors.${code}`;
