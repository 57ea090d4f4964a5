import ExcelJS from 'exceljs';
import { ImportFileError, type Record_ } from './csv.ts';

/**
 * The first worksheet of an .xlsx file as text records, numbered by spreadsheet row so errors name
 * the row the user sees. Dates become DD/MM/YYYY, formulas their last computed value, numbers
 * their plain digits (a postal code typed as a number stays "75011").
 */
export async function readSheetRecords(bytes: Uint8Array): Promise<Record_[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
  } catch {
    throw new ImportFileError('The spreadsheet cannot be read: save it again as .xlsx or CSV');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new ImportFileError('The spreadsheet has no sheet');
  const records: Record_[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellText(cell.value);
    });
    records.push({ line, cells: Array.from(cells, (c) => c ?? '') });
  });
  return records;
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${pad(value.getUTCDate())}/${pad(value.getUTCMonth() + 1)}/${value.getUTCFullYear()}`;
  }
  if (typeof value === 'object') {
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('error' in value) return '';
  }
  return String(value);
}
