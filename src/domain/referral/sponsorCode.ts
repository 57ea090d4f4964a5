/**
 * Sponsor codes (docs/decisions.md, "Sponsor codes"): 8 characters from an alphabet without the
 * look-alikes 0/O and 1/I, made by the database (0031_referrals.sql). What a vendor types is read
 * without regard to case, spaces or dashes, so a code read aloud or pasted with a space still works.
 */
export const SPONSOR_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const SPONSOR_CODE_LENGTH = 8;

/** The typed code as stored: spaces and dashes dropped, upper case. */
export function normalizeSponsorCode(typed: string): string {
  return typed.replace(/[\s-]+/g, '').toUpperCase();
}

/** Whether a normalized code could be one the database makes. */
export function isSponsorCodeShape(code: string): boolean {
  return (
    code.length === SPONSOR_CODE_LENGTH && [...code].every((c) => SPONSOR_CODE_ALPHABET.includes(c))
  );
}

/** Why CreateFromSponsorCode refuses; each has its text under `referral.reason…`. */
export const REFERRAL_REASONS = [
  'SPONSOR_CODE_EMPTY',
  'SPONSOR_CODE_UNKNOWN',
  'SPONSOR_CODE_OWN',
  'SPONSOR_CODE_MUTUAL',
  'ALREADY_SPONSORED',
  'REFERRAL_TOO_LATE',
  'REFERRAL_VENDORS_ONLY',
] as const;
export type ReferralReason = (typeof REFERRAL_REASONS)[number];
