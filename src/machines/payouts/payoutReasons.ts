import { PAYOUT_REASONS as SERVER_REASONS } from '../../domain/bank/payoutRules.ts';
import { errorI18nKey, toAppError } from '../../rpc/errors.ts';
import { labelKey } from '../people/labels.ts';
import type { Refusal } from './payoutTypes.ts';

/**
 * The refusal reasons of payouts and bank details that have a text of their own (`payouts.reason…`
 * in both languages): every reason the server refuses with (the shared rules' list), and those
 * the screens find before sending. Any other refusal shows its code's general text.
 */
export const PAYOUT_REASONS = [
  ...SERVER_REASONS,
  'CUT_OFF_INVALID',
  'EXECUTION_DATE_INVALID',
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

/** The update of a payout machine's `assignRefusal`: the refusal of a call the user made. */
export const refusalUpdate = (_: unknown, params: { error: unknown }) => ({
  refusal: refusalOf(params.error),
});

/** The update of a payout machine's `assignError`: the code of a load that failed. */
export const errorCodeUpdate = (_: unknown, params: { error: unknown }) => ({
  errorCode: toAppError(params.error).code,
});
