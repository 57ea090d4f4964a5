import { errorI18nKey, toAppError } from '../../rpc/errors.ts';
import { labelKey } from '../people/labels.ts';
import type { Refusal } from './payoutTypes.ts';

/**
 * The refusal reasons of payouts and bank details that have a text of their own (`payouts.reason…`
 * in both languages); any other refusal shows its code's general text.
 */
export const PAYOUT_REASONS = [
  'IBAN_FORMAT',
  'IBAN_CHECKSUM',
  'IBAN_COUNTRY',
  'BIC_INVALID',
  'IBAN_MISSING',
  'PAYOUT_EXCEEDS_BALANCE',
  'PAYOUT_NOTHING_PAYABLE',
  'PAYOUT_ITEM_NOT_PAYABLE',
  'PAYOUT_CHEQUE_NUMBER_REQUIRED',
  'CUT_OFF_INVALID',
  'EXECUTION_DATE_INVALID',
  'PAYOUT_DATE_INVALID',
  'IDEMPOTENCY_KEY_REUSED',
  'SEPA_DEBTOR_MISSING',
  'SEPA_NOTHING_TO_PAY',
  'FORBIDDEN',
  'REQUIRED',
] as const;

/** `IBAN_CHECKSUM` → `payouts.reasonIbanChecksum`; null for a reason without its own text. */
export function reasonKey(reason: string | null | undefined): string | null {
  return reason && (PAYOUT_REASONS as readonly string[]).includes(reason)
    ? labelKey('payouts.reason', reason)
    : null;
}

/** The text of a refusal: its reason's own, or its code's. */
export function refusalKey(refusal: Refusal): string {
  return reasonKey(refusal.reason) ?? errorI18nKey(refusal.code);
}

/** What a machine keeps of a failed call. */
export function refusalOf(error: unknown): Refusal {
  const appError = toAppError(error);
  return { code: appError.code, reason: appError.reason ?? null };
}
