import type { AppErrorCode } from '../../rpc/errors.ts';

/** How a depositor is paid (the contract's PayoutMethod without its prefix). */
export const PAYOUT_METHODS = ['BANK_TRANSFER', 'CASH', 'CHEQUE', 'STORE_CREDIT'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

/** One sold item the depositor may be paid for now, in whole cents. */
export interface PayableItem {
  readonly product: string;
  readonly reference: string;
  readonly name: string;
  readonly amountCents: number;
  /** When it became payable (ms). */
  readonly payableAt: number | null;
}

/** A payout already made, as the history and the settle dialog show it. */
export interface PayoutRow {
  readonly uuid: string;
  readonly createdAt: number | null;
  readonly method: PayoutMethod | null;
  readonly amountCents: number;
  readonly chequeNumber: string;
  readonly memo: string;
  readonly itemCount: number;
  /** Unbroken per vendor and year: R-2026-000007. */
  readonly receiptNumber: string;
  /** What the depositor was still owed right after it. */
  readonly balanceAfterCents: number;
}

/** Why a call was refused: the funnel's code and, when the server gave one, its reason. */
export interface Refusal {
  readonly code: AppErrorCode;
  readonly reason: string | null;
}

/** One depositor of the SEPA batch preview: what they are owed and whether a transfer can go. */
export interface BatchDepositor {
  readonly customer: string;
  readonly name: string;
  readonly payableCents: number;
  /** The IBAN as the server shows it (masked), '' when there is none. */
  readonly maskedIban: string;
  /** Null when a transfer can be made; otherwise the server's reason (IBAN_MISSING...). */
  readonly reason: string | null;
}

/** The account the transfers leave from, asked only when the server has none on file. */
export interface Debtor {
  readonly name: string;
  readonly iban: string;
  readonly bic: string;
}
export type DebtorField = keyof Debtor;

/** The vendor's account on file, as the server shows it (the IBAN masked). */
export interface DebtorOnFile {
  readonly name: string;
  readonly ibanMasked: string;
  readonly bic: string;
}

/** What the batch preview answers. */
export interface BatchPreview {
  readonly rows: readonly BatchDepositor[];
  /** The account the transfers leave from; null when none is on file yet, so the page asks. */
  readonly debtorOnFile: DebtorOnFile | null;
}

export interface CreateBatchInput {
  readonly customers: readonly string[];
  /** `YYYY-MM-DD`. */
  readonly executionDate: string;
  readonly idempotencyKey: string;
  readonly debtor: Debtor | null;
}

/** A created batch: its file was saved, its summary stays on screen. */
export interface BatchResult {
  readonly uuid: string;
  readonly fileName: string;
  readonly count: number;
  readonly totalCents: number;
  readonly excluded: readonly {
    readonly customer: string;
    readonly name: string;
    readonly reason: string;
  }[];
}
