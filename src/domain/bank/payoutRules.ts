/**
 * Rules of paying depositors shared by the customer form, the payout screens and the server:
 * which bank details a record may hold, whether a transfer can reach a depositor, and the stable
 * reasons a payout is refused with (docs/decisions.md, "Payouts").
 */
import { checkBic, checkIban, type IbanReason } from './iban.ts';

/** Why a depositor cannot be paid by transfer: no IBAN, or one the checks refuse. */
export type TransferReason = 'IBAN_MISSING' | IbanReason | 'BIC_INVALID';

/** Every reason PayoutService and the bank-detail checks refuse with. */
export const PAYOUT_REASONS = [
  'IBAN_MISSING',
  'IBAN_FORMAT',
  'IBAN_CHECKSUM',
  'IBAN_COUNTRY',
  'BIC_INVALID',
  'PAYOUT_NOTHING_PAYABLE',
  'PAYOUT_EXCEEDS_BALANCE',
  'PAYOUT_ITEM_NOT_PAYABLE',
  'PAYOUT_CHEQUE_NUMBER_REQUIRED',
  'PAYOUT_CASH_LIMIT',
  'PAYOUT_DATE_INVALID',
  'IDEMPOTENCY_KEY_REUSED',
  'SEPA_DEBTOR_MISSING',
  'SEPA_NOTHING_TO_PAY',
] as const;
export type PayoutReason = (typeof PAYOUT_REASONS)[number];

/**
 * The most a professional may pay in cash for one debt: 1,000 € (Code monétaire et financier art.
 * L112-6 and D112-3); above it a depositor is paid by transfer, cheque or store credit.
 */
export const CASH_PAYOUT_LIMIT_CENTS = 100_000;

/** Bank details as a form or a request carries them. */
export interface BankDetailsInput {
  readonly iban: string;
  readonly bic: string;
  readonly accountHolder: string;
}

export type BankField = 'iban' | 'bic' | 'accountHolder';

export interface BankProblem {
  readonly reason: IbanReason | 'BIC_INVALID';
  readonly field: BankField;
}

/**
 * What is wrong with typed bank details, in form order. Empty fields are allowed (the IBAN is
 * asked for when paying by transfer, the BIC is optional for SEPA); a given one must be valid.
 */
export function bankDetailsProblems(input: BankDetailsInput): BankProblem[] {
  const problems: BankProblem[] = [];
  if (input.iban.trim() !== '') {
    const iban = checkIban(input.iban);
    if (!iban.ok) problems.push({ reason: iban.reason, field: 'iban' });
  }
  if (input.bic.trim() !== '' && !checkBic(input.bic).ok)
    problems.push({ reason: 'BIC_INVALID', field: 'bic' });
  return problems;
}

/** The details as stored: the IBAN in electronic format, the BIC upper-cased, names trimmed. */
export function normaliseBankDetails(input: BankDetailsInput): BankDetailsInput {
  const iban = checkIban(input.iban);
  const bic = checkBic(input.bic);
  return {
    iban: iban.ok ? iban.iban : input.iban.trim(),
    bic: bic.ok ? bic.bic : input.bic.trim(),
    accountHolder: input.accountHolder.trim().replace(/\s+/g, ' '),
  };
}

/** Whether a transfer can be sent to these details now, and why not. */
export function transferReadiness(
  iban: string | null | undefined,
  bic: string | null | undefined,
):
  | { readonly ok: true; readonly iban: string }
  | { readonly ok: false; readonly reason: TransferReason } {
  if (!iban || iban.trim() === '') return { ok: false, reason: 'IBAN_MISSING' };
  const checked = checkIban(iban);
  if (!checked.ok) return checked;
  if (bic && bic.trim() !== '' && !checkBic(bic).ok) return { ok: false, reason: 'BIC_INVALID' };
  return { ok: true, iban: checked.iban };
}
