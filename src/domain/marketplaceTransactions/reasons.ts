import type { CsvFileReason } from './transactionCsv.ts';

/**
 * Why a transactions call is refused, as the server sends it and the app translates it: a CSV
 * file that is not a sales export, no marketplace profile to read the sales of, the marketplace
 * not answering or answering something we cannot read.
 */
export type TransactionReason =
  | CsvFileReason
  | 'MARKETPLACE_PROFILE_MISSING'
  | 'MARKETPLACE_UNAVAILABLE'
  | 'MARKETPLACE_ANSWER_INVALID';
