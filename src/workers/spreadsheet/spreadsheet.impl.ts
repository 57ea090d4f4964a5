import ExcelJS from 'exceljs';
import {
  cellValue,
  columnLetter,
  isDateOnly,
  parisWallMs,
  sanitizeSheetName,
  xmlText,
  type CellValue,
} from './cells.impl.ts';
import { XLSX_MIME, type SheetColumnSpec, type SheetSpec } from './sheetSpec.ts';
import { ZipWriter, readStoredZip } from './zip.impl.ts';

/** Every row of both sheets is this tall (1-app-shell.md §9). */
export const ROW_HEIGHT = 25;
export const PRICE_FORMAT = '#,##0.00 "€"';
export const DATE_FORMAT = 'dd/mm/yyyy';
export const DATE_TIME_FORMAT = 'dd/mm/yyyy hh:mm';
/** Where the data sheet lives in the package: the first sheet exceljs writes. */
const DATA_SHEET = 'xl/worksheets/sheet1.xml';
/** Rows rendered between two encodings: keeps the strings short-lived and the heap flat. */
const ROWS_PER_CHUNK = 2_000;
/** Rows read to size the columns. */
const WIDTH_SAMPLE = 500;

function numFmtOf(column: SheetColumnSpec, rows: readonly object[]): string | undefined {
  if (column.type === 'price') return PRICE_FORMAT;
  if (column.type === 'date') return isDateOnly(column, rows) ? DATE_FORMAT : DATE_TIME_FORMAT;
  return undefined;
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

/**
 * The workbook around the rows, built by exceljs: the data sheet's columns (headers, widths,
 * number formats), its bold frozen header row with an autofilter over every row, and the second
 * sheet naming the filters and the export date. Written unzipped, since it is opened again.
 */
async function buildShell(
  spec: SheetSpec,
  formats: readonly (string | undefined)[],
  widths: readonly number[],
  rowCount: number,
): Promise<ExcelJS.Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Seconde';
  workbook.created = new Date(spec.exportedAt);
  const sheet = workbook.addWorksheet(sanitizeSheetName(spec.sheetName), {
    views: [{ state: 'frozen', xSplit: 0, ySplit: 1, topLeftCell: 'A2', activeCell: 'A2' }],
    properties: { defaultRowHeight: ROW_HEIGHT },
  });
  sheet.columns = spec.columns.map((column, i) => ({
    header: column.header,
    key: column.field,
    width: widths[i],
    ...(formats[i] && { style: { numFmt: formats[i] } }),
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.height = ROW_HEIGHT;
  sheet.autoFilter = {
    from: { row: 1, column: 1 },
    to: { row: rowCount + 1, column: spec.columns.length },
  };

  const { about } = spec;
  const info = workbook.addWorksheet(sanitizeSheetName(about.sheetName, 'Filtres'), {
    properties: { defaultRowHeight: ROW_HEIGHT },
  });
  info.columns = [{ width: 32 }, { width: 60 }];
  const exportedAt = new Date(parisWallMs(spec.exportedAt));
  info.addRow([about.exportedAtLabel, exportedAt]).getCell(2).numFmt = DATE_TIME_FORMAT;
  info.addRow([about.rowCountLabel, rowCount]);
  info.addRow([]);
  info.addRow([about.filterHeader, about.valueHeader]).font = { bold: true };
  if (about.filters.length === 0) info.addRow([about.noFilters]);
  for (const filter of about.filters) info.addRow([filter.name, filter.value]);
  info.eachRow({ includeEmpty: true }, (row) => {
    row.height = ROW_HEIGHT;
  });
  return workbook.xlsx.writeBuffer({ zip: { compression: 'STORE' } });
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

/**
 * Renders the data rows as sheet XML, chunk by chunk, each chunk encoded at once. exceljs would
 * build an object per cell and one string for the whole sheet; at 100k rows that is most of
 * the time and memory, so the rows are written here in the exact form exceljs writes them
 * (`t="str"` texts, the column's style id on each cell) and deflated as they come.
 */
function* renderRows(
  rows: readonly object[],
  labels: ReadonlyMap<string, string>,
  columns: readonly SheetColumnSpec[],
  styles: readonly string[],
): Generator<Uint8Array> {
  const encoder = new TextEncoder();
  const letters = columns.map((_, i) => columnLetter(i));
  let xml = '';
  for (let i = 0; i < rows.length; i++) {
    const r = i + 2;
    xml += `<row r="${r}" ht="${ROW_HEIGHT}" customHeight="1">`;
    for (let c = 0; c < columns.length; c++) {
      const value = cellValue(columns[c]!, rows[i]!, labels);
      if (value === null) continue;
      xml +=
        typeof value === 'number'
          ? `<c r="${letters[c]}${r}"${styles[c]}><v>${value}</v></c>`
          : `<c r="${letters[c]}${r}"${styles[c]} t="str"><v>${xmlText(value)}</v></c>`;
    }
    xml += '</row>';
    if ((i + 1) % ROWS_PER_CHUNK === 0) {
      yield encoder.encode(xml);
      xml = '';
    }
  }
  if (xml) yield encoder.encode(xml);
}

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
  const { columns } = spec;
  const formats = columns.map((column) => numFmtOf(column, rows));
  const sample = rows.slice(0, WIDTH_SAMPLE);
  const widths = columns.map((column, i) =>
    widthOf(
      column,
      formats[i],
      sample.map((row) => cellValue(column, row, labels)),
    ),
  );
  const shell = readStoredZip(new Uint8Array(await buildShell(spec, formats, widths, rows.length)));
  const zip = new ZipWriter(parisWallMs(spec.exportedAt));
  const encoder = new TextEncoder();
  for (const entry of shell) {
    if (entry.name.endsWith('/')) continue;
    if (entry.name !== DATA_SHEET) {
      await zip.add(entry.name, [entry.data]);
      continue;
    }
    const shellXml = new TextDecoder().decode(entry.data);
    const split = shellXml.indexOf('</sheetData>');
    if (split < 0) throw new Error('The data sheet has no sheetData');
    const last = columnLetter(columns.length - 1);
    const head = shellXml
      .slice(0, split)
      .replace(/<dimension ref="[^"]*"\/>/, `<dimension ref="A1:${last}${rows.length + 1}"/>`);
    const styles = columnStyles(shellXml, columns.length);
    await zip.add(
      DATA_SHEET,
      (function* () {
        yield encoder.encode(head);
        yield* renderRows(rows, labels, columns, styles);
        yield encoder.encode(shellXml.slice(split));
      })(),
    );
  }
  return new Blob(zip.finish() as Uint8Array<ArrayBuffer>[], { type: XLSX_MIME });
}
