/**
 * Reads the resale marketplace's sales export (CSV) into transactions, pure so the server and
 * tests share it. The export has one line per sold item with these columns (English or French
 * headers, comma or semicolon separated, decimal point or comma):
 * Order ID, Transaction ID, Item ID, Item title, Sale date, Status, Buyer, Item price,
 * Buyer protection fee, Seller fee, Shipping, Payout, Currency.
 * A file that cannot be read as such (empty, a required column missing) is refused whole; a bad
 * line is named with its column and reason and left out, the others are kept.
 */

export const TRANSACTION_STATUSES = ['COMPLETED', 'IN_PROGRESS', 'CANCELLED', 'REFUNDED'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** One sale read from the file or the connector, amounts in cents. */
export interface ParsedTransaction {
  readonly line: number;
  readonly transactionId: string;
  readonly orderId: string;
  readonly itemId: string;
  readonly title: string;
  /** ISO 8601 instant. */
  readonly soldAt: string;
  readonly status: TransactionStatus;
  readonly buyerLogin: string;
  readonly priceCents: number;
  readonly buyerFeeCents: number;
  readonly sellerFeeCents: number;
  readonly shippingCents: number;
  readonly payoutCents: number;
  readonly currency: string;
}

export type CsvRowReason =
  | 'CSV_VALUE_MISSING'
  | 'CSV_AMOUNT_INVALID'
  | 'CSV_DATE_INVALID'
  | 'CSV_STATUS_UNKNOWN'
  | 'CSV_ROW_DUPLICATE';

export interface CsvRowError {
  readonly line: number;
  readonly column: string;
  readonly reason: CsvRowReason;
  readonly value: string;
}

export type CsvFileReason = 'CSV_FILE_EMPTY' | 'CSV_COLUMNS_MISSING';

export type TransactionCsvResult =
  | { readonly ok: true; readonly rows: ParsedTransaction[]; readonly errors: CsvRowError[] }
  | { readonly ok: false; readonly reason: CsvFileReason; readonly missing: string[] };

type Column =
  | 'orderId'
  | 'transactionId'
  | 'itemId'
  | 'title'
  | 'soldAt'
  | 'status'
  | 'buyerLogin'
  | 'price'
  | 'buyerFee'
  | 'sellerFee'
  | 'shipping'
  | 'payout'
  | 'currency';

/** Header names per column (compared without case, accents or punctuation). */
const HEADERS: Readonly<Record<Column, readonly string[]>> = {
  orderId: ['order id', 'commande', 'id commande', 'numero de commande'],
  transactionId: ['transaction id', 'id transaction', 'transaction'],
  itemId: ['item id', 'id article', 'article id'],
  title: ['item title', 'title', 'titre', 'titre de larticle', 'article'],
  soldAt: ['sale date', 'date', 'date de vente', 'sold at'],
  status: ['status', 'statut'],
  buyerLogin: ['buyer', 'acheteur', 'buyer login', 'pseudo acheteur'],
  price: ['item price', 'price', 'prix', 'prix de larticle'],
  buyerFee: [
    'buyer protection fee',
    'service fee',
    'frais de protection acheteurs',
    'frais de service',
  ],
  sellerFee: ['seller fee', 'frais vendeur', 'commission'],
  shipping: ['shipping', 'frais de port', 'livraison', 'shipping fee'],
  payout: ['payout', 'montant verse', 'versement', 'net'],
  currency: ['currency', 'devise'],
};

/** Columns a file must have; the others read as empty (fees 0, payout from price − seller fee). */
export const REQUIRED_COLUMNS: readonly Column[] = [
  'transactionId',
  'title',
  'soldAt',
  'status',
  'price',
];

/** The export's English header of each column, as errors name them. */
export const COLUMN_LABELS: Readonly<Record<Column, string>> = {
  orderId: 'Order ID',
  transactionId: 'Transaction ID',
  itemId: 'Item ID',
  title: 'Item title',
  soldAt: 'Sale date',
  status: 'Status',
  buyerLogin: 'Buyer',
  price: 'Item price',
  buyerFee: 'Buyer protection fee',
  sellerFee: 'Seller fee',
  shipping: 'Shipping',
  payout: 'Payout',
  currency: 'Currency',
};

const STATUS_WORDS: Readonly<Record<string, TransactionStatus>> = {
  completed: 'COMPLETED',
  complete: 'COMPLETED',
  terminee: 'COMPLETED',
  termine: 'COMPLETED',
  finalisee: 'COMPLETED',
  'in progress': 'IN_PROGRESS',
  'en cours': 'IN_PROGRESS',
  shipped: 'IN_PROGRESS',
  envoyee: 'IN_PROGRESS',
  'waiting for shipping': 'IN_PROGRESS',
  cancelled: 'CANCELLED',
  canceled: 'CANCELLED',
  annulee: 'CANCELLED',
  refunded: 'REFUNDED',
  remboursee: 'REFUNDED',
};

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9 ]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** The marketplace's status words (English or French, or our own names) as one of ours. */
export function statusOf(text: string): TransactionStatus | null {
  const upper = text.trim().toUpperCase();
  if ((TRANSACTION_STATUSES as readonly string[]).includes(upper))
    return upper as TransactionStatus;
  return STATUS_WORDS[fold(text.replace(/_/g, ' '))] ?? null;
}

/** Splits CSV text into records (RFC 4180 quotes, CRLF or LF), with each record's line number. */
export function csvRecords(text: string, separator: string): { line: number; cells: string[] }[] {
  const records: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line++;
        cell += ch;
      }
    } else if (ch === '"') quoted = true;
    else if (ch === separator) {
      cells.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i++;
      cells.push(cell);
      if (cells.some((c) => c.trim() !== '')) records.push({ line: start, cells });
      cells = [];
      cell = '';
      line++;
      start = line;
    } else cell += ch;
  }
  cells.push(cell);
  if (cells.some((c) => c.trim() !== '')) records.push({ line: start, cells });
  return records;
}

/** An amount in euros ("12.50", "12,50", "1 234,50 €") as cents; null when it is not one. */
export function centsOf(text: string): number | null {
  const cleaned = text.replace(/[€\s\u00a0]|EUR/gi, '');
  if (cleaned === '') return 0;
  const normal = /^\d{1,3}(\.\d{3})+,\d{1,2}$/.test(cleaned)
    ? cleaned.replace(/\./g, '').replace(',', '.')
    : cleaned.replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(normal)) return null;
  return Math.round(Number(normal) * 100);
}

/**
 * A date "2026-11-03" (read at noon), "2026-11-03 14:05", "03/11/2026 14:05" or an ISO instant with
 * its offset; a time without offset is read as UTC, the way the export writes it.
 */
export function instantOf(text: string): string | null {
  const t = text.trim();
  const fr = /^(\d{2})\/(\d{2})\/(\d{4})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(t);
  const iso = fr
    ? `${fr[3]}-${fr[2]}-${fr[1]}T${fr[4] ?? '12'}:${fr[5] ?? '00'}:${fr[6] ?? '00'}Z`
    : /^\d{4}-\d{2}-\d{2}$/.test(t)
      ? `${t}T12:00:00Z`
      : /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/.test(t)
        ? `${t.replace(' ', 'T')}${t.length === 16 ? ':00' : ''}Z`
        : t;
  if (!/^\d{4}-\d{2}-\d{2}T/.test(iso)) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  // No rolling over: 30 February is refused, not read as 2 March.
  const local = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}(:\d{2})?(\.\d+)?Z$/.exec(iso);
  if (local && date.toISOString().slice(0, 10) !== `${local[1]}-${local[2]}-${local[3]}`)
    return null;
  return date.toISOString();
}

function headerMap(header: readonly string[]): Map<Column, number> {
  const found = new Map<Column, number>();
  header.forEach((name, index) => {
    const folded = fold(name);
    for (const [column, names] of Object.entries(HEADERS) as [Column, readonly string[]][])
      if (!found.has(column) && names.includes(folded)) found.set(column, index);
  });
  return found;
}

/** Reads the export: the good rows, and each bad line's first problem. */
export function parseTransactionCsv(text: string): TransactionCsvResult {
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const separator =
    (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const records = csvRecords(text, separator);
  if (records.length === 0) return { ok: false, reason: 'CSV_FILE_EMPTY', missing: [] };
  const columns = headerMap(records[0]!.cells);
  const missing = REQUIRED_COLUMNS.filter((c) => !columns.has(c)).map((c) => COLUMN_LABELS[c]);
  if (missing.length) return { ok: false, reason: 'CSV_COLUMNS_MISSING', missing };
  const rows: ParsedTransaction[] = [];
  const errors: CsvRowError[] = [];
  const seen = new Set<string>();
  for (const { line, cells } of records.slice(1)) {
    const value = (c: Column) => {
      const index = columns.get(c);
      return index === undefined ? '' : (cells[index] ?? '').trim();
    };
    const problem = (column: Column, reason: CsvRowReason) =>
      errors.push({
        line,
        column: COLUMN_LABELS[column],
        reason,
        value: value(column).slice(0, 100),
      });
    const absent = (['transactionId', 'title', 'soldAt', 'status', 'price'] as const).find(
      (c) => value(c) === '',
    );
    if (absent) {
      problem(absent, 'CSV_VALUE_MISSING');
      continue;
    }
    const soldAt = instantOf(value('soldAt'));
    if (!soldAt) {
      problem('soldAt', 'CSV_DATE_INVALID');
      continue;
    }
    const status = statusOf(value('status'));
    if (!status) {
      problem('status', 'CSV_STATUS_UNKNOWN');
      continue;
    }
    const amounts = (['price', 'buyerFee', 'sellerFee', 'shipping', 'payout'] as const).map(
      (c) => [c, centsOf(value(c))] as const,
    );
    const bad = amounts.find(([, cents]) => cents === null);
    if (bad) {
      problem(bad[0], 'CSV_AMOUNT_INVALID');
      continue;
    }
    const transactionId = value('transactionId').slice(0, 64);
    if (seen.has(transactionId)) {
      problem('transactionId', 'CSV_ROW_DUPLICATE');
      continue;
    }
    seen.add(transactionId);
    const [price, buyerFee, sellerFee, shipping, payout] = amounts.map(([, c]) => c ?? 0) as [
      number,
      number,
      number,
      number,
      number,
    ];
    rows.push({
      line,
      transactionId,
      orderId: value('orderId').slice(0, 64),
      itemId: value('itemId').slice(0, 64),
      title: value('title').slice(0, 255),
      soldAt,
      status,
      buyerLogin: value('buyerLogin').slice(0, 120),
      priceCents: price,
      buyerFeeCents: buyerFee,
      sellerFeeCents: sellerFee,
      shippingCents: shipping,
      payoutCents: payout,
      currency: (value('currency') || 'EUR').toUpperCase().slice(0, 3),
    });
  }
  return { ok: true, rows, errors };
}
