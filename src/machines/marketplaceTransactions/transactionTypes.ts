import type { ChannelSplit } from '../../domain/marketplaceTransactions/feeSplit.ts';
import { SalePlatform } from '../../rpc/gen/seconde/v1/product_pb.ts';
import { platformKey } from '../buyers/platforms.ts';

/** One imported sale as the page shows it, amounts in cents. */
export interface TransactionRow {
  readonly uuid: string;
  readonly id: string;
  readonly title: string;
  /** The SalePlatform number. */
  readonly channel: number;
  readonly status: string;
  /** ISO instant, or '' when unknown. */
  readonly soldAt: string;
  readonly buyerLogin: string;
  readonly priceCents: number;
  readonly buyerFeeCents: number;
  readonly sellerFeeCents: number;
  readonly shippingCents: number;
  readonly payoutCents: number;
  readonly product: string;
  readonly buyer: string;
}

/** The list's filters as the form holds them: dates as yyyy-mm-dd, 0 / '' for any. */
export interface TransactionFilters {
  readonly from: string;
  readonly to: string;
  readonly channel: number;
  /** 0 any, 1 linked, 2 not linked (TransactionLinkFilter). */
  readonly link: number;
  readonly status: string;
  readonly search: string;
}

export const NO_FILTERS: TransactionFilters = {
  from: '',
  to: '',
  channel: 0,
  link: 0,
  status: '',
  search: '',
};

/** One channel of the split, the channel as its SalePlatform name (`MAIN_MARKETPLACE`). */
export type SplitRow = ChannelSplit;

export interface TransactionsPage {
  readonly rows: readonly TransactionRow[];
  readonly count: number;
  readonly channels: readonly SplitRow[];
  readonly total: SplitRow | null;
}

/** A bad line of a CSV export, with the reason the app translates. */
export interface CsvRowProblem {
  readonly line: number;
  readonly column: string;
  readonly reason: string;
  readonly value: string;
}

/** What a preview read, or what an import did. */
export interface ImportOutcome {
  readonly rows: readonly TransactionRow[];
  readonly errors: readonly CsvRowProblem[];
  readonly total: number;
  readonly created: number;
  readonly updated: number;
  readonly linkedProducts: number;
  readonly createdBuyers: number;
}

/** A chosen file and the channel it comes from. */
export interface CsvChoice {
  readonly file: Blob;
  readonly name: string;
  readonly channel: number;
}

/** The preview's answer and the text it read (the import sends the same text). */
export interface CsvPreview {
  readonly text: string;
  readonly outcome: ImportOutcome;
}

/** Something to pick in the link dialog. */
export interface Choice {
  readonly uuid: string;
  readonly label: string;
}

export interface LinkDraft {
  readonly uuid: string;
  readonly product: string;
  readonly buyer: string;
  readonly search: string;
}

export interface LinkChoices {
  readonly products: readonly Choice[];
  readonly buyers: readonly Choice[];
}

/** A refused call: its text to show. */
export interface Refusal {
  readonly i18nKey: string;
  /** Values for the text (the missing columns). */
  readonly message?: string;
}

/** "12,50 €" / "€12.50" from cents, in the page's language. */
export function formatCents(cents: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' }).format(
    cents / 100,
  );
}

/** The text key of a channel named as its SalePlatform name (`EBAY`); null when unknown. */
export function channelKey(name: string): string | null {
  return platformKey(SalePlatform[name as keyof typeof SalePlatform] ?? 0);
}

const STATUS_KEYS: Readonly<Record<string, string>> = {
  COMPLETED: 'transactions.statusCompleted',
  IN_PROGRESS: 'transactions.statusInProgress',
  CANCELLED: 'transactions.statusCancelled',
  REFUNDED: 'transactions.statusRefunded',
};

/** The text key of a transaction status; null for none. */
export const statusKey = (status: string): string | null => STATUS_KEYS[status] ?? null;

const ROW_REASON_KEYS: Readonly<Record<string, string>> = {
  CSV_VALUE_MISSING: 'transactions.rowValueMissing',
  CSV_AMOUNT_INVALID: 'transactions.rowAmountInvalid',
  CSV_DATE_INVALID: 'transactions.rowDateInvalid',
  CSV_STATUS_UNKNOWN: 'transactions.rowStatusUnknown',
  CSV_ROW_DUPLICATE: 'transactions.rowDuplicate',
};

/** The text key of a CSV line's problem (an unknown reason reads as a missing value). */
export const rowReasonKey = (reason: string): string =>
  ROW_REASON_KEYS[reason] ?? 'transactions.rowValueMissing';
