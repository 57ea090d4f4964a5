/**
 * The columns of each spreadsheet export, shared by the server (which fields each streamed row
 * carries, which uuids need a label) and the spreadsheet worker (headers, cell types). Headers are
 * i18n keys `exports.columns.<kind>.<field>`; the view translates them before the worker builds.
 */
export type ExportKind = 'products' | 'deposits' | 'customers' | 'invoices';

/**
 * How a cell is written: plain text, a number, a price (currency format), a date (Europe/Paris),
 * an enum value (translated label), or a uuid shown by the name the stream's labels give it.
 */
export type ColumnType = 'text' | 'number' | 'price' | 'date' | 'enum' | 'label' | 'list';

export interface ExportColumn {
  /** The field of the streamed message (protobuf local name, camelCase). */
  readonly field: string;
  readonly type: ColumnType;
  /** For `enum`: the i18n key prefix of its values (`<prefix>.<VALUE_NAME>`). */
  readonly enumKeys?: string;
  /**
   * For `label` (one uuid) and `list` (several uuids): the table whose display name the server
   * sends in the stream's labels (`color` and `product_size` show their title).
   */
  readonly labelOf?:
    'category' | 'brand' | 'deposit' | 'customer' | 'vendor' | 'product_size' | 'color';
}

export const EXPORT_COLUMNS: Readonly<Record<ExportKind, readonly ExportColumn[]>> = {
  products: [
    { field: 'reference', type: 'text' },
    { field: 'name', type: 'text' },
    { field: 'category', type: 'label', labelOf: 'category' },
    { field: 'brand', type: 'label', labelOf: 'brand' },
    { field: 'productSize', type: 'label', labelOf: 'product_size' },
    { field: 'colors', type: 'list', labelOf: 'color' },
    { field: 'quality', type: 'enum', enumKeys: 'exports.enums.quality' },
    { field: 'saleStatus', type: 'enum', enumKeys: 'saleStatus' },
    { field: 'suggestedPrice', type: 'price' },
    { field: 'selledPrice', type: 'price' },
    { field: 'vendorIncome', type: 'price' },
    { field: 'customerIncome', type: 'price' },
    { field: 'deposit', type: 'label', labelOf: 'deposit' },
    { field: 'stockEntryDatetime', type: 'date' },
    { field: 'sellDatetime', type: 'date' },
    { field: 'comment', type: 'text' },
  ],
  deposits: [
    { field: 'name', type: 'text' },
    { field: 'customer', type: 'label', labelOf: 'customer' },
    { field: 'status', type: 'enum', enumKeys: 'depositStatus' },
    { field: 'depositDatetime', type: 'date' },
    { field: 'depositEndDatetime', type: 'date' },
    { field: 'productNumber', type: 'number' },
    { field: 'productNumberRange', type: 'text' },
    { field: 'customerPostalCode', type: 'text' },
    { field: 'description', type: 'text' },
  ],
  customers: [
    { field: 'lastName', type: 'text' },
    { field: 'firstName', type: 'text' },
    { field: 'email', type: 'text' },
    { field: 'phoneNumber', type: 'text' },
    { field: 'address', type: 'text' },
    { field: 'postalCode', type: 'text' },
    { field: 'city', type: 'text' },
    { field: 'depositNumber', type: 'number' },
    { field: 'productNumber', type: 'number' },
    { field: 'createdAt', type: 'date' },
  ],
  invoices: [
    { field: 'fullInvoiceNumber', type: 'text' },
    { field: 'category', type: 'enum', enumKeys: 'exports.enums.invoiceCategory' },
    { field: 'invoiceStatus', type: 'enum', enumKeys: 'exports.enums.invoiceStatus' },
    { field: 'customer', type: 'label', labelOf: 'customer' },
    { field: 'vendor', type: 'label', labelOf: 'vendor' },
    { field: 'dateStart', type: 'date' },
    { field: 'dateEnd', type: 'date' },
    { field: 'dueDate', type: 'date' },
    { field: 'totalPriceHt', type: 'price' },
    { field: 'tax', type: 'price' },
    { field: 'totalPrice', type: 'price' },
    { field: 'invoicePayedDatetime', type: 'date' },
  ],
};

/** The streamed fields an export needs: the server fills these and nothing else. */
export function exportFields(kind: ExportKind): readonly string[] {
  return EXPORT_COLUMNS[kind].map((c) => c.field);
}
