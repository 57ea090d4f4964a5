import * as XLSX from 'xlsx';
import {
  exportSource,
  type ExportRequestSpec,
} from '../../src/workers/stream/exportSource.impl.ts';
import { consumeStream, type StreamProgress } from '../../src/workers/stream/stream.impl.ts';
import { cellValue, type CellValue } from '../../src/workers/spreadsheet/cells.impl.ts';
import type { SheetSpec } from '../../src/workers/spreadsheet/sheetSpec.ts';

/**
 * What a user could pick instead of our export, fed by the very same stream consumer so only the
 * file building differs: SheetJS in dense mode with compression, and a plain CSV.
 */
export type Baseline = 'sheetjs' | 'csv';

export interface BaselineHooks {
  getToken(): Promise<string | null>;
  onProgress(progress: StreamProgress): void;
}

function rowsOf(spec: SheetSpec, rows: readonly object[], labels: ReadonlyMap<string, string>) {
  return rows.map((row) => spec.columns.map((column) => cellValue(column, row, labels)));
}

const csvCell = (value: CellValue) => {
  if (value === null) return '';
  const text = String(value);
  return /[";\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/**
 * The plain CSV a user could make of the same rows: the cells our export writes, `;`-separated
 * with a BOM so a French spreadsheet opens it as UTF-8.
 */
export function buildCsv(
  spec: SheetSpec,
  rows: readonly object[],
  labels: ReadonlyMap<string, string>,
): Blob {
  const headers = spec.columns.map((c) => c.header);
  const lines = [headers, ...rowsOf(spec, rows, labels)].map((line) => line.map(csvCell).join(';'));
  return new Blob([`\uFEFF${lines.join('\r\n')}`], { type: 'text/csv' });
}

export async function runBaseline(
  baseline: Baseline,
  source: ExportRequestSpec,
  spec: SheetSpec,
  hooks: BaselineHooks,
): Promise<Blob> {
  const { rows, labels } = await consumeStream(
    exportSource(source, () => hooks.getToken()),
    {
      signal: new AbortController().signal,
      onProgress: (p) => hooks.onProgress(p),
      onSpecial: () => undefined,
    },
  );
  if (baseline === 'csv') return buildCsv(spec, rows, labels);
  const cells = rowsOf(spec, rows, labels);
  const headers = spec.columns.map((c) => c.header);
  // Dense mode exists in the npm release at run time; its typings do not declare it.
  const sheet = XLSX.utils.aoa_to_sheet([headers, ...cells], {
    dense: true,
  } as XLSX.AOA2SheetOpts);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Export');
  const bytes = XLSX.write(book, {
    type: 'array',
    bookType: 'xlsx',
    compression: true,
  }) as ArrayBuffer;
  return new Blob([bytes]);
}
