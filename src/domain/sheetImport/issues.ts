/**
 * What can be wrong with an imported sheet, as codes and parameters rather than sentences: the
 * server and the worker find the same problems, and the browser translates each code
 * (`imports.errors.<code>`) in the user's language.
 */

/** Problems that refuse the whole file before any row is looked at. */
export const FILE_ISSUE_CODES = [
  'fileEmpty',
  'fileTooLarge',
  'fileUnreadable',
  'fileFormat',
  'columnMissing',
  'noValidRow',
] as const;
export type FileIssueCode = (typeof FILE_ISSUE_CODES)[number];

/** Problems of one row: an error refuses the row, a warning keeps it and says what was done. */
export const ROW_ISSUE_CODES = [
  // Both sheets.
  'markupRefused',
  'formulaAsText',
  'textTooLong',
  // Products.
  'referenceMissing',
  'referenceDuplicate',
  'referenceExists',
  'nameMissing',
  'categoryMissing',
  'categoryUnknown',
  'categoryGuessed',
  'sizeUnknown',
  'colorUnknown',
  'qualityUnknown',
  'priceMissing',
  'priceInvalid',
  'priceNotPositive',
  'dateInvalid',
  // Customers.
  'emailMissing',
  'emailInvalid',
  'emailDuplicate',
  'personNameMissing',
  'postalCodeInvalid',
  'customerOfAnotherVendor',
] as const;
export type RowIssueCode = (typeof ROW_ISSUE_CODES)[number];

export type IssueParams = Readonly<Record<string, string | number>>;

export interface RowIssue {
  /** The spreadsheet row (1 is the header line), as the user sees it in their software. */
  readonly row: number;
  readonly code: RowIssueCode;
  readonly level: 'error' | 'warning';
  /** The column concerned, by its key (`price`, `email`), when there is one. */
  readonly column?: string;
  readonly params?: IssueParams;
}

export interface FileIssue {
  readonly code: FileIssueCode;
  readonly params?: IssueParams;
}

/** Thrown by the readers and the header check; the preview and the server turn it into a refusal. */
export class SheetFileError extends Error {
  constructor(
    readonly code: FileIssueCode,
    readonly params: IssueParams = {},
  ) {
    super(`${code} ${JSON.stringify(params)}`);
    this.name = 'SheetFileError';
  }
}

const isRowCode = (code: unknown): code is RowIssueCode =>
  (ROW_ISSUE_CODES as readonly unknown[]).includes(code);
const isFileCode = (code: unknown): code is FileIssueCode =>
  (FILE_ISSUE_CODES as readonly unknown[]).includes(code);

/**
 * One refused row as it travels in the answers' `errors` (repeated string): a small JSON object
 * `{"row":62,"code":"priceMissing","column":"price"}`, so clients translate it and tests read it.
 */
export function encodeRowIssue(issue: RowIssue): string {
  const { row, code, column, params } = issue;
  return JSON.stringify({
    row,
    code,
    ...(column && { column }),
    ...(params && Object.keys(params).length > 0 && { params }),
  });
}

/** A file-level refusal in the same list (row 0). */
export function encodeFileIssue(issue: FileIssue): string {
  return JSON.stringify({
    row: 0,
    code: issue.code,
    ...(issue.params && Object.keys(issue.params).length > 0 && { params: issue.params }),
  });
}

export type DecodedIssue =
  | { readonly kind: 'row'; readonly issue: RowIssue }
  | { readonly kind: 'file'; readonly issue: FileIssue }
  | { readonly kind: 'text'; readonly text: string };

/** Reads an entry of `errors` back; anything else (an older server's sentence) stays text. */
export function decodeIssue(text: string): DecodedIssue {
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    const params = (
      parsed.params && typeof parsed.params === 'object' ? parsed.params : undefined
    ) as IssueParams | undefined;
    const row = Number(parsed.row);
    if (row === 0 && isFileCode(parsed.code))
      return { kind: 'file', issue: { code: parsed.code, ...(params && { params }) } };
    if (row > 0 && isRowCode(parsed.code)) {
      const column = typeof parsed.column === 'string' ? parsed.column : undefined;
      return {
        kind: 'row',
        issue: {
          row,
          code: parsed.code,
          level: 'error',
          ...(column && { column }),
          ...(params && { params }),
        },
      };
    }
  } catch {
    // Not JSON: shown as it came.
  }
  return { kind: 'text', text };
}

/** The issue list sorted by row, then by column order of appearance (stable). */
export function byRow<T extends { readonly row: number }>(issues: readonly T[]): T[] {
  return [...issues].sort((a, b) => a.row - b.row);
}

/** The stable reason of a sheet refused before anything is written. */
export const SHEET_INVALID = 'SHEET_INVALID';

/**
 * The text of a SHEET_INVALID refusal: the server's usual `{"code", "message"}` plus `errors`, the
 * encoded issues (a file problem, or every refused row when none is left to import).
 */
export function sheetRefusalText(message: string, errors: readonly string[]): string {
  return JSON.stringify({ code: SHEET_INVALID, message, errors });
}

/** The encoded issues a SHEET_INVALID refusal carries; empty for any other text. */
export function sheetRefusalErrors(rawMessage: string): string[] {
  const start = rawMessage.indexOf('{');
  if (start < 0) return [];
  try {
    const parsed = JSON.parse(rawMessage.slice(start)) as { code?: unknown; errors?: unknown };
    if (parsed.code !== SHEET_INVALID || !Array.isArray(parsed.errors)) return [];
    return parsed.errors.filter((e): e is string => typeof e === 'string');
  } catch {
    return [];
  }
}
