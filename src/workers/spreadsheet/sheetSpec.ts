import type { ColumnType, ExportKind } from '../../domain/exports/exportColumns.ts';

/**
 * What the main thread hands the spreadsheet worker besides the stream: every text already
 * translated (headers, enum labels, the filters sheet), so the worker needs no i18n. Plain data,
 * cloned once per export.
 */
export interface SheetColumnSpec {
  /** The streamed message's field (camelCase). */
  readonly field: string;
  readonly type: ColumnType;
  readonly header: string;
  /** For `enum` columns: enum number → translated label; missing numbers leave the cell empty. */
  readonly enumLabels?: Readonly<Record<number, string>>;
}

/** One filter as the user set it on the page: its name and its value, translated. */
export interface FilterDescription {
  readonly name: string;
  readonly value: string;
}

/** The second sheet: which rows the export holds and when it was made. */
export interface AboutSheetSpec {
  readonly sheetName: string;
  readonly exportedAtLabel: string;
  readonly rowCountLabel: string;
  readonly filterHeader: string;
  readonly valueHeader: string;
  /** Shown instead of the filters when none is applied. */
  readonly noFilters: string;
  readonly filters: readonly FilterDescription[];
}

export interface SheetSpec {
  readonly kind: ExportKind;
  /** The data sheet's name before sanitising (at most 31 characters, no * / ? [ ] \ :). */
  readonly sheetName: string;
  readonly columns: readonly SheetColumnSpec[];
  readonly about: AboutSheetSpec;
  /** When the export started (ms since the epoch), written in Europe/Paris wall time. */
  readonly exportedAt: number;
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Every row of both sheets is this tall (1-app-shell.md §9). */
export const ROW_HEIGHT = 25;
export const PRICE_FORMAT = '#,##0.00 "€"';
export const DATE_FORMAT = 'dd/mm/yyyy';
export const DATE_TIME_FORMAT = 'dd/mm/yyyy hh:mm';
