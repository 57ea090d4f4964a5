import {
  DAY_MS,
  cellValue,
  columnLetter,
  excelSerial,
  parisWallMs,
  timestampMs,
  xmlText,
  type CellValue,
} from './cells.impl.ts';
import {
  DATE_FORMAT,
  DATE_TIME_FORMAT,
  PRICE_FORMAT,
  ROW_HEIGHT,
  XLSX_MIME,
  type SheetColumnSpec,
  type SheetSpec,
} from './sheetSpec.ts';
import type * as Shell from './spreadsheet.impl.ts';
import { ZipWriter, readStoredZip, type ZipEntryWriter } from './zip.impl.ts';

/** Where the data sheet lives in the package: the first sheet exceljs writes. */
const DATA_SHEET = 'xl/worksheets/sheet1.xml';
const STYLES = 'xl/styles.xml';
/** Rows rendered between two encodings: keeps the strings short-lived and the heap flat. */
const ROWS_PER_CHUNK = 2_000;
/** Rows read to size the columns: the sheet starts once this many are in (or at the end). */
const WIDTH_SAMPLE = 500;

/**
 * The format code a date column carries until its last row is in: each date column has its own,
 * so its style is its own, and the styles part (written last) gives it the date or date-time code.
 */
const datePlaceholder = (column: number) => `seconde-date-${column}`;

function isMidnight(ms: number | null): boolean {
  return ms === null || parisWallMs(ms) % DAY_MS === 0;
}

/** A width that fits the header and the first rows' values, within reason. */
function widthOf(
  column: SheetColumnSpec,
  numFmt: string | undefined,
  sample: readonly CellValue[],
): number {
  if (numFmt) return Math.max(column.header.length + 4, numFmt.length + 2);
  let widest = column.header.length + 4;
  for (const value of sample) {
    const length = typeof value === 'string' ? value.length : String(value ?? '').length;
    if (length + 2 > widest) widest = length + 2;
  }
  return Math.min(Math.max(widest, 8), 60);
}

/** The style id exceljs gave each column (`<col min=".." style="n">`), which its cells reuse. */
function columnStyles(sheetXml: string, columnCount: number): string[] {
  const styles = Array.from({ length: columnCount }, () => '');
  for (const [, min, max, style] of sheetXml.matchAll(
    /<col min="(\d+)" max="(\d+)"[^>]*? style="(\d+)"/g,
  )) {
    for (let i = Number(min); i <= Number(max); i++) styles[i - 1] = ` s="${style}"`;
  }
  return styles;
}

/** The data sheet's part as exceljs wrote it: before its rows, and from their end. */
function splitSheet(entries: readonly { name: string; data: Uint8Array }[]) {
  const entry = entries.find((e) => e.name === DATA_SHEET);
  if (!entry) throw new Error('The workbook has no data sheet');
  const xml = new TextDecoder().decode(entry.data);
  const split = xml.indexOf('</sheetData>');
  if (split < 0) throw new Error('The data sheet has no sheetData');
  return { head: xml.slice(0, split), tail: xml.slice(split) };
}

/**
 * Writes an export's xlsx while its rows arrive: each batch becomes sheet XML at once, fed to the
 * platform's deflate, and dropped, so when the last row is in only the tail is left (closing tags,
 * the small parts exceljs writes, the zip directory). The sheet starts after the first 500 rows
 * (they size the columns); the row count and the date columns' formats (a column whose dates
 * all fall on a Paris midnight shows no time) are known only at the end, so they live in parts
 * written last: the autofilter after the rows, the filters sheet, and the styles, where each date
 * column has its own format. The sheet has no `dimension` (optional; readers count the rows).
 * Labels are read from the stream's map when a row is written: the stream names each uuid in
 * the message whose rows first refer to it.
 */
export class SheetWriter {
  private readonly zip: ZipWriter;
  private readonly letters: readonly string[];
  private readonly dateColumns: readonly number[];
  /** Per column: every date so far falls on a Paris midnight. */
  private readonly dateOnly: boolean[];
  private waiting: (readonly object[])[] = [];
  private waitingRows = 0;
  private labels: ReadonlyMap<string, string> = new Map();
  private starting: Promise<void> | undefined;
  private sheet: ZipEntryWriter | undefined;
  private styles: readonly string[] = [];
  private widths: readonly number[] = [];
  private rowCount = 0;
  private failure: { error: unknown } | undefined;

  constructor(
    private readonly spec: SheetSpec,
    private readonly loadShell: () => Promise<typeof Shell> = () => import('./spreadsheet.impl.ts'),
  ) {
    this.zip = new ZipWriter(parisWallMs(spec.exportedAt));
    this.letters = spec.columns.map((_, i) => columnLetter(i));
    this.dateColumns = spec.columns.flatMap((c, i) => (c.type === 'date' ? [i] : []));
    this.dateOnly = spec.columns.map(() => true);
  }

  /** Rows as they arrive, with every label the stream has sent so far (kept, read on writing). */
  push(rows: readonly object[], labels: ReadonlyMap<string, string>): void {
    this.check();
    this.labels = labels;
    if (rows.length === 0) return;
    if (this.sheet) {
      this.write(rows);
      return;
    }
    this.waiting.push(rows);
    this.waitingRows += rows.length;
    if (this.waitingRows >= WIDTH_SAMPLE) void this.start();
  }

  /** The last row is in: writes the tail and gives the file. */
  async finish(): Promise<Blob> {
    this.check();
    await this.start();
    const sheet = this.sheet!;
    const shell = await this.loadShell();
    const finalFormats = this.spec.columns.map((column, i) =>
      column.type === 'date' ? (this.dateOnly[i] ? DATE_FORMAT : DATE_TIME_FORMAT) : undefined,
    );
    const entries = readStoredZip(
      new Uint8Array(await shell.buildShell(this.spec, this.formats(), this.widths, this.rowCount)),
    );
    const encoder = new TextEncoder();
    sheet.write(encoder.encode(splitSheet(entries).tail));
    await sheet.close();
    for (const entry of entries) {
      if (entry.name.endsWith('/') || entry.name === DATA_SHEET) continue;
      let data = entry.data;
      if (entry.name === STYLES) {
        let xml = new TextDecoder().decode(data);
        for (const i of this.dateColumns)
          xml = xml.replace(
            `formatCode="${datePlaceholder(i)}"`,
            `formatCode="${finalFormats[i]}"`,
          );
        data = encoder.encode(xml);
      }
      await this.zip.add(entry.name, [data]);
    }
    const parts = this.zip.finish(entries.map((e) => e.name));
    return new Blob(parts as Uint8Array<ArrayBuffer>[], { type: XLSX_MIME });
  }

  /** Throws why the writer stopped, if it did. */
  private check(): void {
    if (this.failure) throw this.failure.error;
  }

  /** Stops: what was compressed is dropped and any later call fails with `reason`. */
  abort(reason: unknown): void {
    this.failure ??= { error: reason };
    this.waiting = [];
    this.sheet?.abort(reason);
  }

  /** Each column's number format while rows are written: date columns have a placeholder. */
  private formats(): (string | undefined)[] {
    return this.spec.columns.map((column, i) =>
      column.type === 'price'
        ? PRICE_FORMAT
        : column.type === 'date'
          ? datePlaceholder(i)
          : undefined,
    );
  }

  /** Builds the sheet's head from the rows waiting, then writes them (once). */
  private start(): Promise<void> {
    if (!this.starting) {
      this.starting = this.open().catch((error: unknown) => {
        this.abort(error);
        throw error;
      });
      // Rows keep coming meanwhile: a failure is told by the next push, or by `finish`.
      this.starting.catch(() => undefined);
    }
    return this.starting;
  }

  private async open(): Promise<void> {
    const shell = await this.loadShell();
    this.check();
    const sample = this.waiting.flat().slice(0, WIDTH_SAMPLE);
    const { columns } = this.spec;
    this.widths = columns.map((column) => {
      // The width of the format the sample suggests: the final one is known only at the end.
      const numFmt =
        column.type === 'price'
          ? PRICE_FORMAT
          : column.type === 'date'
            ? sample.every((row) => isMidnight(timestampMs(fieldOf(row, column))))
              ? DATE_FORMAT
              : DATE_TIME_FORMAT
            : undefined;
      return widthOf(
        column,
        numFmt,
        sample.map((row) => cellValue(column, row, this.labels)),
      );
    });
    const entries = readStoredZip(
      new Uint8Array(await shell.buildShell(this.spec, this.formats(), this.widths, 0)),
    );
    this.check();
    const { head } = splitSheet(entries);
    this.styles = columnStyles(head, columns.length);
    const sheet = this.zip.open(DATA_SHEET);
    sheet.write(new TextEncoder().encode(head.replace(/<dimension ref="[^"]*"\/>/, '')));
    this.sheet = sheet;
    const waiting = this.waiting;
    this.waiting = [];
    this.waitingRows = 0;
    for (const rows of waiting) this.write(rows);
  }

  /**
   * Renders rows as sheet XML in the exact form exceljs writes them (`t="str"` texts, the
   * column's style id on each cell), a chunk at a time. exceljs would build an object per cell
   * and one string for the whole sheet; at 100k rows that is most of the time and memory.
   */
  private write(rows: readonly object[]): void {
    const { columns } = this.spec;
    const { letters, styles, labels, dateOnly } = this;
    const encoder = new TextEncoder();
    let xml = '';
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i]!;
      const r = ++this.rowCount + 1;
      xml += `<row r="${r}" ht="${ROW_HEIGHT}" customHeight="1">`;
      for (let c = 0; c < columns.length; c++) {
        const column = columns[c]!;
        let value: CellValue;
        if (column.type === 'date') {
          const ms = timestampMs(fieldOf(row, column));
          if (ms === null) continue;
          if (dateOnly[c] && !isMidnight(ms)) dateOnly[c] = false;
          value = excelSerial(ms);
        } else {
          value = cellValue(column, row, labels);
          if (value === null) continue;
        }
        xml +=
          typeof value === 'number'
            ? `<c r="${letters[c]}${r}"${styles[c]}><v>${value}</v></c>`
            : `<c r="${letters[c]}${r}"${styles[c]} t="str"><v>${xmlText(value)}</v></c>`;
      }
      xml += '</row>';
      if ((i + 1) % ROWS_PER_CHUNK === 0) {
        this.sheet!.write(encoder.encode(xml));
        xml = '';
      }
    }
    if (xml) this.sheet!.write(encoder.encode(xml));
  }
}

const fieldOf = (row: object, column: SheetColumnSpec): unknown =>
  (row as Record<string, unknown>)[column.field];

/**
 * The xlsx file of an export: typed columns (numbers, prices in euros, Paris wall-time dates,
 * translated enums, resolved labels, joined lists), rows 25 high, a bold frozen header with an
 * autofilter, and a second sheet naming the filters and the export date.
 */
export async function buildSpreadsheet(
  rows: readonly object[],
  labels: ReadonlyMap<string, string>,
  spec: SheetSpec,
): Promise<Blob> {
  const writer = new SheetWriter(spec);
  writer.push(rows, labels);
  return writer.finish();
}
