/**
 * Bank details of depositors and vendors: IBAN and BIC checks shared by the customer form and the
 * server, so both refuse the same numbers with the same reason. The checks themselves (mod 97,
 * national BBAN formats and keys) are ibantools'; this module only decides what we accept: SEPA
 * countries only, since payouts leave as SEPA credit transfers.
 */
import {
  ValidationErrorsIBAN,
  electronicFormatIBAN,
  isSEPACountry,
  isValidBIC,
  validateIBAN,
} from 'ibantools';

/** Why an IBAN is refused: unreadable, wrong check digits (or national key), or outside SEPA. */
export type IbanReason = 'IBAN_FORMAT' | 'IBAN_CHECKSUM' | 'IBAN_COUNTRY';

export type IbanCheck =
  | { readonly ok: true; readonly iban: string }
  | { readonly ok: false; readonly reason: IbanReason };

export type BicCheck =
  | { readonly ok: true; readonly bic: string }
  | { readonly ok: false; readonly reason: 'BIC_INVALID' };

/** The typed text without spaces, dashes or dots, upper-cased: how IBANs are stored and sent. */
export function electronicIban(input: string): string {
  return input.replace(/[\s.-]+/g, '').toUpperCase();
}

/**
 * Checks a typed IBAN (spaces and lower case allowed) and returns it in electronic format.
 * The country is checked before the digits, so a valid non-SEPA IBAN says IBAN_COUNTRY.
 */
export function checkIban(input: string): IbanCheck {
  const iban = electronicFormatIBAN(electronicIban(input)) ?? '';
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$/.test(iban)) return { ok: false, reason: 'IBAN_FORMAT' };
  if (!isSEPACountry(iban.slice(0, 2))) return { ok: false, reason: 'IBAN_COUNTRY' };
  const result = validateIBAN(iban, { allowQRIBAN: true });
  if (result.valid) return { ok: true, iban };
  const checksum =
    result.errorCodes.includes(ValidationErrorsIBAN.WrongIBANChecksum) ||
    result.errorCodes.includes(ValidationErrorsIBAN.WrongAccountBankBranchChecksum);
  // A wrong length or a letter where the country wants a digit is a format problem, even when
  // the check digits are also wrong: fixing the format is what the person must do first.
  const format =
    result.errorCodes.includes(ValidationErrorsIBAN.WrongBBANLength) ||
    result.errorCodes.includes(ValidationErrorsIBAN.WrongBBANFormat) ||
    result.errorCodes.includes(ValidationErrorsIBAN.ChecksumNotNumber);
  return { ok: false, reason: checksum && !format ? 'IBAN_CHECKSUM' : 'IBAN_FORMAT' };
}

/** Checks a BIC (8 or 11 characters, typed with spaces or in lower case allowed). */
export function checkBic(input: string): BicCheck {
  const bic = input.replace(/\s+/g, '').toUpperCase();
  return isValidBIC(bic) ? { ok: true, bic } : { ok: false, reason: 'BIC_INVALID' };
}

/** Groups of four, the way IBANs are printed: `FR76 3000 6000 0112 3456 7890 189`. */
export function formatIban(iban: string): string {
  return electronicIban(iban).replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * The IBAN shown to people who may not read it in full: the country and check digits and the
 * last four characters stay, the rest is starred, in groups of four
 * (`FR76 **** **** **** **** ***1 234`). Enough to recognise one's own account, not to use it.
 */
export function maskIban(iban: string): string {
  const text = electronicIban(iban);
  if (text.length <= 8) return formatIban(text);
  const masked = text.slice(0, 4) + '*'.repeat(text.length - 8) + text.slice(-4);
  return formatIban(masked);
}
