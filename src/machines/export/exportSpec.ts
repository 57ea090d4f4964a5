import { parisDay } from '../../domain/calendar.ts';
import { EXPORT_COLUMNS, type ExportKind } from '../../domain/exports/exportColumns.ts';
import { DepositStatus } from '../../rpc/gen/seconde/v1/deposit_pb.ts';
import { InvoiceCategory, InvoiceStatus } from '../../rpc/gen/seconde/v1/invoice_pb.ts';
import { ProductQuality, SaleStatus } from '../../rpc/gen/seconde/v1/product_pb.ts';
import type { FilterDescription, SheetSpec } from '../../workers/spreadsheet/sheetSpec.ts';
import { camelItem, enumLabels } from '../deposit/enums.ts';

type NumericEnum = Readonly<Record<string, string | number>>;

/** A translation function (i18next's `t`), handed in by the view that starts an export. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The enums behind the `enumKeys` prefixes of exportColumns.ts. */
export const EXPORT_ENUMS: Readonly<Record<string, NumericEnum>> = {
  'exports.enums.quality': ProductQuality,
  // Sale and deposit statuses reuse the labels the rest of the app shows.
  saleStatus: SaleStatus,
  depositStatus: DepositStatus,
  'exports.enums.invoiceCategory': InvoiceCategory,
  'exports.enums.invoiceStatus': InvoiceStatus,
};

/**
 * The translation key of a dotted name of exportColumns.ts. Keys are `area.item` here, so the
 * leading parts become the area in camelCase and an UPPER_SNAKE enum value a camelCase item:
 * `exports.columns.products.reference` → `exportsColumnsProducts.reference`,
 * `exports.enums.quality.NEW_WITH_TICKET` → `exportsEnumsQuality.newWithTicket`.
 */
export function exportI18nKey(dotted: string): string {
  const parts = dotted.split('.');
  const item = parts.pop() ?? '';
  const area = parts
    .map((part, i) => (i === 0 ? part : part.charAt(0).toUpperCase() + part.slice(1)))
    .join('');
  return `${area}.${/^[A-Z0-9_]+$/.test(item) ? camelItem(item) : item}`;
}

export const columnHeaderKey = (kind: ExportKind, field: string) =>
  exportI18nKey(`exports.columns.${kind}.${field}`);

/** Every translation key an export of `kind` uses for its headers and enum labels. */
export function exportKeys(kind: ExportKind): string[] {
  return EXPORT_COLUMNS[kind].flatMap((column) => [
    columnHeaderKey(kind, column.field),
    ...(column.enumKeys
      ? enumLabels(EXPORT_ENUMS[column.enumKeys] ?? {}).map((label) =>
          exportI18nKey(`${column.enumKeys}.${label}`),
        )
      : []),
  ]);
}

const KIND_ITEM: Readonly<Record<ExportKind, string>> = {
  products: 'Products',
  deposits: 'Deposits',
  customers: 'Customers',
  invoices: 'Invoices',
};

/** Per-kind texts of the exports area: `exports.title<Kind>`, `exports.sheet<Kind>`... */
export const kindKey = (prefix: 'title' | 'sheet' | 'file', kind: ExportKind) =>
  `exports.${prefix}${KIND_ITEM[kind]}`;

/**
 * The worker's spec of an export, every text translated here on the main thread: headers, enum
 * labels (number → label), the sheet names and the second sheet's filters and date.
 */
export function sheetSpec(
  kind: ExportKind,
  t: Translate,
  filters: readonly FilterDescription[],
  exportedAt: number,
): SheetSpec {
  return {
    kind,
    sheetName: t(kindKey('sheet', kind)),
    exportedAt,
    columns: EXPORT_COLUMNS[kind].map((column) => {
      const values = column.enumKeys ? EXPORT_ENUMS[column.enumKeys] : undefined;
      return {
        field: column.field,
        type: column.type,
        header: t(columnHeaderKey(kind, column.field)),
        ...(values && {
          enumLabels: Object.fromEntries(
            enumLabels(values).map((label) => [
              values[label],
              t(exportI18nKey(`${column.enumKeys}.${label}`)),
            ]),
          ),
        }),
      };
    }),
    about: {
      sheetName: t('exports.aboutSheet'),
      exportedAtLabel: t('exports.exportedAt'),
      rowCountLabel: t('exports.rowCount'),
      filterHeader: t('exports.filter'),
      valueHeader: t('exports.value'),
      noFilters: t('exports.noFilters'),
      filters,
    },
  };
}

/** `stock-2026-11-24.xlsx`: the translated base name and the Paris date of the export. */
export function exportFileName(base: string, at: number): string {
  return `${base}-${parisDay(new Date(at))}.xlsx`;
}
