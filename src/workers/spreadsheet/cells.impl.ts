import type { SheetColumnSpec } from './sheetSpec.ts';

/** Excel refuses longer sheet names. */
export const MAX_SHEET_NAME = 31;
/** Excel keeps at most this many characters in a cell. */
export const MAX_CELL_TEXT = 32_767;

/**
 * A name Excel accepts for a sheet: * / ? [ ] \ and : become underscores (1-app-shell.md §9), as
 * does an apostrophe at either end, then the name is cut to 31 characters without splitting a
 * surrogate pair. An empty result takes `fallback`.
 */
export function sanitizeSheetName(name: string, fallback = 'Export'): string {
  let cleaned = name
    .trim()
    .replace(/[*/?[\]\\:]/g, '_')
    .replace(/^'|'$/g, '_');
  if (cleaned.length > MAX_SHEET_NAME) {
    cleaned = cleaned.slice(0, MAX_SHEET_NAME);
    if (/[\uD800-\uDBFF]$/.test(cleaned)) cleaned = cleaned.slice(0, -1);
  }
  return cleaned || fallback;
}

const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
/** Days from Excel's epoch (1899-12-30 in the 1900 system) to 1970-01-01. */
const EXCEL_EPOCH_DAYS = 25_569;

const parisClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Paris',
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});
const offsets = new Map<number, number>();

/**
 * How far Paris wall time is ahead of UTC at `utcMs` (1 or 2 hours today). Paris changes offset
 * on whole UTC hours, so one Intl lookup per hour serves every instant of that hour: 100k dates
 * cost a few hundred lookups.
 */
export function parisOffsetMs(utcMs: number): number {
  const hour = Math.floor(utcMs / HOUR_MS);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    const start = hour * HOUR_MS;
    const part: Record<string, number> = {};
    for (const { type, value } of parisClock.formatToParts(start)) part[type] = Number(value);
    const wall = Date.UTC(
      part.year!,
      part.month! - 1,
      part.day!,
      part.hour!,
      part.minute!,
      part.second!,
    );
    offset = wall - start;
    offsets.set(hour, offset);
  }
  return offset;
}

/** The instant as Paris wall-clock milliseconds (what a spreadsheet shows, timezone-free). */
export const parisWallMs = (utcMs: number): number => utcMs + parisOffsetMs(utcMs);

/** A spreadsheet date serial (1900 system) of the instant's Paris wall time. */
export const excelSerial = (utcMs: number): number =>
  parisWallMs(utcMs) / DAY_MS + EXCEL_EPOCH_DAYS;

/**
 * Milliseconds of a date as streamed: a number of milliseconds (packed rows) or a
 * google.protobuf.Timestamp; null when absent.
 */
export function timestampMs(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'object' || value === null) return null;
  const { seconds, nanos } = value as { seconds?: bigint | number; nanos?: number };
  if (seconds === undefined) return null;
  return Number(seconds) * 1000 + Math.floor((nanos ?? 0) / 1_000_000);
}

/** A cell as written: a number (numbers, prices, date serials), a text, or nothing. */
export type CellValue = number | string | null;

const text = (value: string): CellValue =>
  value === '' ? null : value.length > MAX_CELL_TEXT ? value.slice(0, MAX_CELL_TEXT) : value;

/**
 * The cell of one column for one streamed row: numbers stay numbers, dates become Paris
 * wall-time serials, enums their translated label, label columns the display name the stream
 * sent for the uuid, lists the display names of their uuids joined with ", ". A uuid the stream
 * named nowhere leaves nothing rather than its identifier: a sheet shows names, never uuids.
 */
export function cellValue(
  column: SheetColumnSpec,
  row: object,
  labels: ReadonlyMap<string, string>,
): CellValue {
  const value = (row as Record<string, unknown>)[column.field];
  switch (column.type) {
    case 'text':
      return typeof value === 'string' ? text(value) : value == null ? null : text(String(value));
    case 'number':
    case 'price': {
      const n = typeof value === 'bigint' ? Number(value) : value;
      return typeof n === 'number' && Number.isFinite(n) ? n : null;
    }
    case 'date': {
      const ms = timestampMs(value);
      return ms === null ? null : excelSerial(ms);
    }
    case 'enum':
      return typeof value === 'number' ? (column.enumLabels?.[value] ?? null) : null;
    case 'label':
      return typeof value === 'string' && value !== '' ? (labels.get(value) ?? null) : null;
    case 'list': {
      if (!Array.isArray(value)) return null;
      const names: string[] = [];
      for (const item of value as unknown[]) {
        const name = typeof item === 'string' ? labels.get(item) : undefined;
        if (name) names.push(name);
      }
      return text(names.join(', '));
    }
  }
}

/** True when every date of the column falls on a Paris midnight: shown without the time. */
export function isDateOnly(column: SheetColumnSpec, rows: readonly object[]): boolean {
  for (const row of rows) {
    const ms = timestampMs((row as Record<string, unknown>)[column.field]);
    if (ms !== null && parisWallMs(ms) % DAY_MS !== 0) return false;
  }
  return true;
}

/** Column letters: 0 → A, 25 → Z, 26 → AA. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

// Markup characters, characters XML 1.0 forbids, and lone halves of surrogate pairs.
const UNSAFE =
  // eslint-disable-next-line no-control-regex -- finding the control characters XML refuses is the point
  /[&<>\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNSAFE_ALL = new RegExp(UNSAFE.source, 'g');
const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/** Text safe inside an XML element: markup escaped, forbidden characters dropped. */
export function xmlText(value: string): string {
  if (!UNSAFE.test(value)) return value;
  return value.replace(UNSAFE_ALL, (c) => ENTITIES[c] ?? '');
}
