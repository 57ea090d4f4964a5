import ExcelJS from 'exceljs';
import { SheetFileError } from './issues.ts';
import { MAX_SHEET_BYTES } from './limits.ts';
import { decodeText, parseCsv, type SheetRecord } from './text.ts';

export { MAX_SHEET_BYTES };

/** What a sheet file holds, whatever its format: its name and its lines as text cells. */
export interface SheetFile {
  /** The worksheet's name (.xlsx), or the file name without extension (.csv). */
  readonly sheetName: string;
  readonly records: readonly SheetRecord[];
}

const isZip = (b: Uint8Array) => b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
/** The old binary Excel and OpenDocument formats, which we do not read. */
const isOtherSpreadsheet = (b: Uint8Array, fileName: string) =>
  (b[0] === 0xd0 && b[1] === 0xcf && b[2] === 0x11 && b[3] === 0xe0) ||
  /\.(xls|ods)$/i.test(fileName);

/** The file name without folders and extension: `Stock été.csv` → `Stock été`. */
export function baseName(fileName: string): string {
  const name = fileName.split(/[\\/]/).pop() ?? '';
  return name.replace(/\.[^.]+$/, '').trim();
}

/**
 * Reads an .xlsx workbook (first sheet) or a CSV file into text records. Both go through the same
 * text validation afterwards, so one sheet gives the same preview in either format.
 */
export async function readSheetFile(bytes: Uint8Array, fileName: string): Promise<SheetFile> {
  if (bytes.byteLength === 0) throw new SheetFileError('fileEmpty');
  if (bytes.byteLength > MAX_SHEET_BYTES)
    throw new SheetFileError('fileTooLarge', { maxMb: MAX_SHEET_BYTES / 1024 / 1024 });
  if (isZip(bytes)) return readWorkbook(bytes);
  if (isOtherSpreadsheet(bytes, fileName) || bytes.subarray(0, 4096).includes(0))
    throw new SheetFileError('fileFormat');
  return { sheetName: baseName(fileName), records: parseCsv(decodeText(bytes)) };
}

async function readWorkbook(bytes: Uint8Array): Promise<SheetFile> {
  const workbook = new ExcelJS.Workbook();
  try {
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    await workbook.xlsx.load(buffer as ArrayBuffer);
  } catch {
    throw new SheetFileError('fileUnreadable');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new SheetFileError('fileEmpty');
  const records: SheetRecord[] = [];
  // Empty rows inside the sheet are kept, so they are reported as ignored like in a CSV file.
  sheet.eachRow({ includeEmpty: true }, (row, line) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellText(cell.value);
    });
    records.push({ line, cells: Array.from(cells, (c) => c ?? '') });
  });
  return { sheetName: sheet.name.trim(), records };
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A cell as text. Dates become DD/MM/YYYY (as a French CSV export writes them) and numbers their
 * plain digits; a formula becomes its own text (`=1+1`), never its result, so it meets the same
 * rule as in a CSV file: kept as text, never evaluated.
 */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date)
    return `${pad(value.getUTCDate())}/${pad(value.getUTCMonth() + 1)}/${value.getUTCFullYear()}`;
  if (typeof value === 'object') {
    if ('formula' in value && typeof value.formula === 'string') return `=${value.formula}`;
    if ('sharedFormula' in value) return `=${value.formula ?? value.sharedFormula}`;
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('error' in value) return '';
  }
  return String(value);
}
