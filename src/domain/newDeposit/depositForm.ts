/**
 * Field rules of the public new-deposit form, shared by the browser (messages under each field)
 * and the server (which refuses what the browser let through), so both judge a field alike.
 * Pure: enum values are the contract labels without prefix ('PHONE_CALL'), as stored in SQL.
 */

import { departmentOf, isFrenchPostalCode, normalizePhone } from '../fieldRules.ts';

export const CONTACT_WAYS = ['PHONE_CALL', 'EMAIL', 'PHONE_MESSAGE', 'WHATS_APP'] as const;
export const TIMES_BEFORE_CONTACT = ['NOW', 'ONE_TO_THREE_DAYS', 'ONE_WEEK'] as const;
export const FAMILIES = [
  'WOMAN',
  'MAN',
  'KIDS',
  'HOME',
  'ELECTRONICS',
  'ENTERTAINMENT',
  'HOBBIES_COLLECTIBLES',
  'SPORTS',
  'MIXED',
] as const;
export const GAMMES = ['LOW', 'AVERAGE', 'HIGH', 'HIGH_AND_LUXURY', 'LUXURY', 'VINTAGE'] as const;
export const SEASONS = ['WINTER', 'SPRING', 'SUMMER', 'AUTUMN'] as const;
export const AGE_RANGES = [
  'NOT_SORTED',
  'BABY_0_24_MONTHS',
  'CHILD_2_10',
  'ADOLESCENT_11_17',
  'YOUNG_ADULT_18_25',
  'ADULT_25_45',
  'ADULT_45_AND_OVER',
] as const;
export const PREPARATION_STATUSES = [
  'SORTED_AND_SEASONED',
  'SORTED_NOT_SEASONED',
  'NOT_SORTED',
] as const;
/** DEFAULT_STOCK is a vendor's own stock, not something a visitor asks for. */
export const SELLING_MODES = ['DEPOSIT_SELL', 'CASH_OFFER', 'BUNDLE'] as const;
export const RECOVERY_MODES = ['GET_HOME', 'MEETING_POINT', 'RELAY_POINT'] as const;

/** Item count bounds of one deposit request. */
export const MIN_ITEMS = 1;
export const MAX_ITEMS = 10_000;
export const MAX_NAME = 100;
export const MAX_DESCRIPTION = 2000;
export const MAX_TEXT = 200;
/** The address service needs at least this many characters, whatever is configured (§9). */
export const ADDRESS_MIN_CHARS = 3;

export type FieldError =
  | 'required'
  | 'invalidEmail'
  | 'invalidPhone'
  | 'invalidPostalCode'
  | 'addressNotFound'
  | 'tooLong'
  | 'outOfRange'
  | 'atLeastOne'
  | 'invalidChoice';

export type FieldErrors<F extends string = string> = Partial<Record<F, FieldError>>;

export interface ContactFields {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly phoneNumber: string;
  readonly preferedContactWay: string;
  readonly timeBeforeContact: string;
}

export interface CriteriaFields {
  readonly family: string;
  readonly gamme: string;
  readonly seasons: readonly string[];
  readonly categories: readonly string[];
  readonly brands: readonly string[];
  readonly productNumber: number | null;
  readonly ageRange: string;
  readonly preparationStatus: string;
  readonly sellingMode: string;
}

export interface AddressFields {
  /** Two-letter code; empty means no country chosen, which counts as France (§2). */
  readonly country: string;
  readonly street: string;
  readonly complement: string;
  readonly city: string;
  readonly postalCode: string;
  readonly latitude: number | null;
  readonly longitude: number | null;
}

export interface InfoFields {
  readonly address: AddressFields;
  readonly depositRecovery: string;
  readonly acceptHomeTakeAway: boolean;
  readonly acceptSendPostal: boolean;
  readonly description: string;
}

export type ContactField = keyof ContactFields;
export type CriteriaField = keyof CriteriaFields;
export type AddressField = Exclude<keyof AddressFields, 'latitude' | 'longitude'>;
export type InfoField = Exclude<keyof InfoFields, 'address'> | AddressField;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** French numbers (0X XX XX XX XX, +33, 0033) or any international number in E.164. */
const PHONE = /^(?:(?:\+33|0033|0)[1-9]\d{8}|\+[1-9]\d{7,14})$/;

export { departmentOf, normalizePhone };

export function normalizeEmail(value: string): string {
  return value.trim();
}

export function isFrenchAddress(country: string): boolean {
  return country === '' || country === 'FR';
}

/**
 * The street lookup runs only when the text is longer than the larger of the configured minimum
 * and 3, and starts with a letter or a digit (1-app-shell.md §5).
 */
export function canSearchAddress(text: string, configuredMin: number): boolean {
  return text.length > Math.max(configuredMin, ADDRESS_MIN_CHARS) && /^[\p{L}\p{N}]/u.test(text);
}

function choice(value: string, allowed: readonly string[]): FieldError | undefined {
  if (!value) return 'required';
  return allowed.includes(value) ? undefined : 'invalidChoice';
}

function text(value: string, max: number, required = true): FieldError | undefined {
  if (!value.trim()) return required ? 'required' : undefined;
  return value.length > max ? 'tooLong' : undefined;
}

function compact<F extends string>(errors: Record<F, FieldError | undefined>): FieldErrors<F> {
  return Object.fromEntries(
    Object.entries(errors).filter(([, error]) => error !== undefined),
  ) as FieldErrors<F>;
}

/** The person part of the contact step (what PublicDepositService.Start checks). */
export function validatePerson(
  c: Omit<ContactFields, 'timeBeforeContact'>,
): FieldErrors<ContactField> {
  const email = normalizeEmail(c.email);
  const phone = normalizePhone(c.phoneNumber);
  return compact<Exclude<ContactField, 'timeBeforeContact'>>({
    firstName: text(c.firstName, MAX_NAME),
    lastName: text(c.lastName, MAX_NAME),
    email: !email
      ? 'required'
      : email.length > MAX_TEXT || !EMAIL.test(email)
        ? 'invalidEmail'
        : undefined,
    phoneNumber: !phone ? 'required' : PHONE.test(phone) ? undefined : 'invalidPhone',
    preferedContactWay: choice(c.preferedContactWay, CONTACT_WAYS),
  });
}

export function validateContact(c: ContactFields): FieldErrors<ContactField> {
  return {
    ...validatePerson(c),
    ...compact({ timeBeforeContact: choice(c.timeBeforeContact, TIMES_BEFORE_CONTACT) }),
  };
}

export function validateCriteria(c: CriteriaFields): FieldErrors<CriteriaField> {
  const count = c.productNumber;
  return compact<CriteriaField>({
    family: choice(c.family, FAMILIES),
    gamme: choice(c.gamme, GAMMES),
    seasons:
      c.seasons.length === 0
        ? 'atLeastOne'
        : c.seasons.every((s) => (SEASONS as readonly string[]).includes(s))
          ? undefined
          : 'invalidChoice',
    categories: c.categories.length === 0 ? 'atLeastOne' : undefined,
    brands: undefined,
    productNumber:
      count === null
        ? 'required'
        : !Number.isInteger(count) || count < MIN_ITEMS || count > MAX_ITEMS
          ? 'outOfRange'
          : undefined,
    ageRange: choice(c.ageRange, AGE_RANGES),
    preparationStatus: choice(c.preparationStatus, PREPARATION_STATUSES),
    sellingMode: choice(c.sellingMode, SELLING_MODES),
  });
}

/**
 * The address form (2-business-data.md §5): for France the street must have been picked among
 * the proposals ('Adresse non trouvée...'), otherwise it is plain text; city and postal code are
 * required, the postal code numeric (five digits) for France. `picked` is also true for a French
 * street typed by hand while the address service is down (checked then as other countries are).
 */
export function validateAddress(a: AddressFields, picked: boolean): FieldErrors<AddressField> {
  const french = isFrenchAddress(a.country);
  const postal = a.postalCode.trim();
  return compact<AddressField>({
    country: undefined,
    street: !a.street.trim()
      ? 'required'
      : a.street.length > MAX_TEXT
        ? 'tooLong'
        : french && !picked
          ? 'addressNotFound'
          : undefined,
    complement: text(a.complement, MAX_TEXT, false),
    city: text(a.city, MAX_TEXT),
    postalCode: !postal
      ? 'required'
      : french
        ? isFrenchPostalCode(postal)
          ? undefined
          : 'invalidPostalCode'
        : postal.length > 12
          ? 'tooLong'
          : undefined,
  });
}

export function validateInfo(i: InfoFields, picked: boolean): FieldErrors<InfoField> {
  return {
    ...validateAddress(i.address, picked),
    ...compact<Exclude<InfoField, AddressField>>({
      depositRecovery: choice(i.depositRecovery, RECOVERY_MODES),
      acceptHomeTakeAway: undefined,
      acceptSendPostal: undefined,
      description: text(i.description, MAX_DESCRIPTION, false),
    }),
  };
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}

/** `email: invalidEmail, city: required`: the detail of a server refusal, for people and logs. */
export function describeErrors(errors: FieldErrors): string {
  return Object.entries(errors)
    .map(([field, error]) => `${field}: ${error}`)
    .join(', ');
}
