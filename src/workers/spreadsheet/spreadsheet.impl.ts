import ExcelJS from 'exceljs';
import { parisWallMs, sanitizeSheetName } from './cells.impl.ts';
import { DATE_TIME_FORMAT, ROW_HEIGHT, type SheetSpec } from './sheetSpec.ts';

/**
 * The workbook around the rows, built by exceljs: the data sheet's columns (headers, widths,
 * number formats), its bold frozen header row with an autofilter over every row, and the second
 * sheet naming the filters and the export date. Written unzipped, since it is opened again: the
 * sheet writer takes the data sheet's head from it before the rows and the rest after them.
 */
export async function buildShell(
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
