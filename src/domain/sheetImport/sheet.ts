import { SheetFileError, type IssueParams, type RowIssue, type RowIssueCode } from './issues.ts';
import { cleanCell, matchKey, textSafety, type SheetRecord } from './text.ts';

/** One column an import understands. */
export interface ColumnSpec<K extends string> {
  readonly key: K;
  /** Header spellings, French and English, compared with `matchKey`. */
  readonly headers: readonly string[];
  /** The file is refused without it. */
  readonly required?: boolean;
  /**
   * `text` cells go through the markup and formula rules; `code` cells (e-mails, phones,
   * numbers, dates) through the markup rule only, since their own format check comes after.
   */
  readonly kind: 'text' | 'code';
  readonly maxLength?: number;
}

/** A row of the preview: what was typed, what it became, and what is wrong with it. */
export interface PreviewRow<K extends string, V> {
  readonly row: number;
  /** The cells as typed (trimmed), by column key. */
  readonly cells: Readonly<Partial<Record<K, string>>>;
  /** The row's values once checked; null when the row is refused. */
  readonly values: V | null;
  readonly issues: readonly RowIssue[];
}

export interface SheetPreview<K extends string, V> {
  readonly sheetName: string;
  /** Columns recognised, in the sheet's order. */
  readonly columns: readonly K[];
  /** Headers that match no column: their cells are not imported. */
  readonly ignoredColumns: readonly string[];
  /** Every non-empty row, in sheet order. */
  readonly rows: readonly PreviewRow<K, V>[];
  /** Rows left out because all their cells are empty. */
  readonly skipped: readonly number[];
  readonly validCount: number;
  readonly refusedCount: number;
}

/** What a row check says about one row: its values when they make sense, and its issues. */
export interface RowVerdict<V> {
  readonly values: V;
  readonly issues: readonly RowProblem[];
}

export interface RowProblem {
  readonly code: RowIssueCode;
  readonly level?: 'error' | 'warning';
  readonly column?: string;
  readonly params?: IssueParams;
}

/** The column of each header cell; a missing required column refuses the file. */
export function mapHeader<K extends string>(
  specs: readonly ColumnSpec<K>[],
  header: readonly string[],
): { columns: Map<number, ColumnSpec<K>>; ignored: string[] } {
  const columns = new Map<number, ColumnSpec<K>>();
  const ignored: string[] = [];
  header.forEach((name, index) => {
    const key = matchKey(name);
    if (!key) return;
    const spec = specs.find((s) => s.headers.includes(key));
    if (spec && ![...columns.values()].includes(spec)) columns.set(index, spec);
    else ignored.push(cleanCell(name));
  });
  const missing = specs.find((s) => s.required && ![...columns.values()].includes(s));
  if (missing) throw new SheetFileError('columnMissing', { column: missing.key });
  return { columns, ignored };
}

/** The safety and length rules every text cell meets, before the sheet's own rules. */
function cellProblems<K extends string>(spec: ColumnSpec<K>, value: string): RowProblem[] {
  const problems: RowProblem[] = [];
  const safety = textSafety(value);
  if (safety === 'markup') problems.push({ code: 'markupRefused', column: spec.key });
  else if (safety === 'formula' && spec.kind === 'text')
    problems.push({ code: 'formulaAsText', level: 'warning', column: spec.key });
  if (spec.maxLength && value.length > spec.maxLength)
    problems.push({ code: 'textTooLong', column: spec.key, params: { max: spec.maxLength } });
  return problems;
}

/**
 * Runs a sheet through its columns and row check: the first record is the header, rows whose
 * cells are all empty are skipped, every other row gets its verdict. `check` sees the rows in
 * order, so it may remember earlier ones (duplicates).
 */
export function previewSheet<K extends string, V>(
  sheetName: string,
  records: readonly SheetRecord[],
  specs: readonly ColumnSpec<K>[],
  check: (cells: Readonly<Partial<Record<K, string>>>, row: number) => RowVerdict<V>,
): SheetPreview<K, V> {
  const [header, ...lines] = records;
  if (!header) throw new SheetFileError('fileEmpty');
  const { columns, ignored } = mapHeader(specs, header.cells);
  const rows: PreviewRow<K, V>[] = [];
  const skipped: number[] = [];
  let validCount = 0;
  for (const { line, cells: raw } of lines) {
    const cells: Partial<Record<K, string>> = {};
    const problems: RowProblem[] = [];
    for (const [index, spec] of columns) {
      const value = cleanCell(raw[index]);
      if (!value) continue;
      cells[spec.key] = value;
      problems.push(...cellProblems(spec, value));
    }
    if (Object.keys(cells).length === 0) {
      skipped.push(line);
      continue;
    }
    const verdict = check(cells, line);
    const issues = [...problems, ...verdict.issues].map((p): RowIssue => ({
      row: line,
      code: p.code,
      level: p.level ?? 'error',
      ...(p.column && { column: p.column }),
      ...(p.params && { params: p.params }),
    }));
    const valid = !issues.some((i) => i.level === 'error');
    if (valid) validCount++;
    rows.push({ row: line, cells, values: valid ? verdict.values : null, issues });
  }
  const recognised = [...columns.entries()].sort(([a], [b]) => a - b).map(([, s]) => s.key);
  return {
    sheetName,
    columns: recognised,
    ignoredColumns: ignored,
    rows,
    skipped,
    validCount,
    refusedCount: rows.length - validCount,
  };
}

/** The refused rows' errors (warnings left out), in sheet order: what the answers list. */
export function refusals<K extends string, V>(preview: SheetPreview<K, V>): RowIssue[] {
  return preview.rows.flatMap((r) =>
    r.values === null ? r.issues.filter((i) => i.level === 'error') : [],
  );
}

/** The accepted rows with their values: what the import writes. */
export function acceptedRows<K extends string, V>(
  preview: SheetPreview<K, V>,
): { row: number; values: V }[] {
  return preview.rows.flatMap((r) => (r.values === null ? [] : [{ row: r.row, values: r.values }]));
}
