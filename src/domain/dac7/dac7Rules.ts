/**
 * DAC7 (Council Directive (EU) 2021/514, Annex V) rules shared by the server's report and the
 * staff page: who is excluded by the thresholds, what a seller must have on file, and how cents
 * become the whole euros of the DPI XML. Integer arithmetic only: amounts are cents.
 */

/** Annex V, section I(B)(4)(d): fewer than 30 sales of goods… */
export const EXCLUDED_BELOW_SALES = 30;
/** …and no more than 2,000 € of consideration in the reportable period. */
export const EXCLUDED_UP_TO_CENTS = 200_000;

/**
 * An Excluded Seller of goods: fewer than 30 sales AND consideration not above 2,000 €. Either
 * threshold alone makes the seller reportable (30 sales of 1 €, or one sale of 2,000.01 €).
 */
export function isExcludedSeller(sales: number, considerationCents: number): boolean {
  return sales < EXCLUDED_BELOW_SALES && considerationCents <= EXCLUDED_UP_TO_CENTS;
}

/** The quarter (1–4) of a Paris calendar month (1–12). */
export function quarterOfMonth(month: number): 1 | 2 | 3 | 4 {
  return (Math.floor((month - 1) / 3) + 1) as 1 | 2 | 3 | 4;
}

/**
 * Cents as the DPI schema's whole units (MonAmnt_Type is an xsd:integer, "full units, without
 * decimals"): rounded half up, away from zero for negative amounts, on integers only.
 */
export function wholeUnits(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const units = Math.floor(abs / 100) + (abs % 100 >= 50 ? 1 : 0);
  return units === 0 ? '0' : `${sign}${units}`;
}

/** Cents as a decimal with two places (`2000.01`), without going through a float. */
export function decimalOf(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`not a whole number of cents: ${cents}`);
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The VAT the platform charges on a commission, rounded half up to the cent. */
export function vatOnFees(feesCents: number, ratePercent: number): number {
  const basisPoints = Math.round(ratePercent * 100);
  return Math.floor((feesCents * basisPoints + 5_000) / 10_000);
}

export const DAC7_MISSING = [
  'NAME',
  'ADDRESS',
  'TIN',
  'BIRTH_DATE',
  'REGISTRATION_NUMBER',
  'IBAN',
] as const;
export type Dac7Missing = (typeof DAC7_MISSING)[number];

export interface SellerIdentity {
  readonly kind: 'INDIVIDUAL' | 'ENTITY';
  readonly firstName: string;
  readonly lastName: string;
  readonly name: string;
  readonly address: string;
  readonly city: string;
  readonly countryCode: string;
  readonly tin: string;
  readonly birthDate: string;
  readonly registrationNumber: string;
  readonly iban: string;
}

const blank = (value: string) => value.trim() === '';

/**
 * What a reportable seller's entry cannot do without (Annex V, section II(B) and III(B)): a
 * person's names, address, TIN and date of birth; an entity's legal name, address, TIN and
 * registration number; for both, the account the consideration is paid into.
 */
export function missingSellerData(seller: SellerIdentity): Dac7Missing[] {
  const missing: Dac7Missing[] = [];
  const person = seller.kind === 'INDIVIDUAL';
  if (person ? blank(seller.firstName) || blank(seller.lastName) : blank(seller.name))
    missing.push('NAME');
  if (blank(seller.address) || blank(seller.city) || !/^[A-Z]{2}$/.test(seller.countryCode))
    missing.push('ADDRESS');
  if (blank(seller.tin)) missing.push('TIN');
  if (person && !/^\d{4}-\d{2}-\d{2}$/.test(seller.birthDate)) missing.push('BIRTH_DATE');
  if (!person && blank(seller.registrationNumber)) missing.push('REGISTRATION_NUMBER');
  if (blank(seller.iban)) missing.push('IBAN');
  return missing;
}

/** A French person's tax number (numéro fiscal, SPI): 13 digits, the first 0 to 3. */
export function isFrenchPersonalTin(tin: string): boolean {
  return /^[0-3]\d{12}$/.test(tin.replace(/\s+/g, ''));
}

/**
 * Why a DAC7 call is refused: a reportable seller still lacks data (the file is not built), a
 * TIN or a date of birth that cannot be one; for a correction, a seller the filed report does not
 * hold, a seller to correct who is no longer reportable (deleting them is the answer), or no
 * seller named.
 */
export type Dac7Reason =
  | 'DAC7_DATA_MISSING'
  | 'DAC7_TIN_INVALID'
  | 'DAC7_BIRTH_DATE_INVALID'
  | 'DAC7_SELLER_NOT_IN_REPORT'
  | 'DAC7_SELLER_NOT_REPORTABLE'
  | 'DAC7_NOTHING_TO_CORRECT';
