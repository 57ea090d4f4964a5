import { checkBic, checkIban, formatIban, type IbanReason } from '../../domain/bank/iban.ts';
import { isFrenchPostalCode, isPhoneNumber } from '../../domain/fieldRules.ts';
import * as recordForm from '../shared/recordForm.ts';
import type { CustomerRow } from './peopleRows.ts';

/** The customer fields the information form edits (contract names, camelCase). */
export const CUSTOMER_FORM_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phoneNumber',
  'address',
  'postalCode',
  'city',
  'preferedContactWay',
  'language',
  'acceptHomeTakeAway',
  'acceptSendPostal',
  'iban',
  'bic',
  'accountHolder',
] as const;
export type CustomerField = (typeof CUSTOMER_FORM_FIELDS)[number];

export interface CustomerDraft {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly phoneNumber: string;
  readonly address: string;
  readonly postalCode: string;
  readonly city: string;
  /** Contact way label, '' when not chosen. */
  readonly preferedContactWay: string;
  /** The language of the depositor's documents ('fr' or 'en'); '' reads French. */
  readonly language: string;
  readonly acceptHomeTakeAway: boolean;
  readonly acceptSendPostal: boolean;
  /** Grouped by four as typed; a masked one (with `*`) is the server's, shown and never sent. */
  readonly iban: string;
  readonly bic: string;
  readonly accountHolder: string;
}

/**
 * Why a field is refused; the view shows `people.validation<Code>` in the user's language, or
 * `payouts.reason<Code>` for the bank reasons (the server's own).
 */
export type FieldErrorCode =
  'required' | 'email' | 'postalCode' | 'phone' | IbanReason | 'BIC_INVALID';
export type FieldErrors = Partial<Record<CustomerField, FieldErrorCode>>;

export const CONTACT_WAYS = ['PHONE_CALL', 'EMAIL', 'PHONE_MESSAGE', 'WHATS_APP'] as const;

/** The languages a depositor's documents (statements, receipts) are written in, French first. */
export const DOCUMENT_LANGUAGES = ['fr', 'en'] as const;

export function draftOf(customer: CustomerRow): CustomerDraft {
  return {
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    phoneNumber: customer.phoneNumber,
    address: customer.address,
    postalCode: customer.postalCode,
    city: customer.city,
    preferedContactWay: customer.preferedContactWay ?? '',
    language: customer.language,
    acceptHomeTakeAway: customer.acceptHomeTakeAway,
    acceptSendPostal: customer.acceptSendPostal,
    iban: isMaskedIban(customer.iban) ? customer.iban : formatIban(customer.iban),
    bic: customer.bic,
    accountHolder: customer.accountHolder,
  };
}

/** An IBAN the server sent masked: shown read-only with a way to replace it, never sent back. */
export function isMaskedIban(iban: string): boolean {
  return iban.includes('*');
}

/** Bank refusals land on their field; the reasons are the shared IBAN and BIC checks'. */
const BANK_FIELD_OF_REASON: Readonly<Record<string, CustomerField>> = {
  IBAN_FORMAT: 'iban',
  IBAN_CHECKSUM: 'iban',
  IBAN_COUNTRY: 'iban',
  BIC_INVALID: 'bic',
};

/** The field a refused save names (IBAN and BIC reasons), with the reason shown there. */
export function fieldOfRefusal(refusal: {
  readonly reason?: string;
}): { field: CustomerField; code: FieldErrorCode } | null {
  const field = refusal.reason ? BANK_FIELD_OF_REASON[refusal.reason] : undefined;
  return field ? { field, code: refusal.reason as FieldErrorCode } : null;
}

/**
 * A changed value, normalised: the phone input strips all whitespace (2-business-data.md §2), an
 * IBAN is upper-cased and grouped by four as it is typed, a BIC upper-cased.
 */
export function normalise(field: CustomerField, value: string | boolean): string | boolean {
  if (typeof value === 'string' && field === 'iban') return formatIban(value);
  if (typeof value === 'string' && field === 'bic') return value.toUpperCase().replace(/\s+/g, '');
  return recordForm.normalise(field, value);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Field rules of the customer form: names and e-mail are required, the e-mail must look like
 * one, a postal code is five digits, a phone number is digits with an optional leading +.
 */
export function validateCustomerDraft(draft: CustomerDraft): FieldErrors {
  const errors: FieldErrors = {};
  if (draft.firstName.trim() === '') errors.firstName = 'required';
  if (draft.lastName.trim() === '') errors.lastName = 'required';
  if (draft.email.trim() === '') errors.email = 'required';
  else if (!EMAIL.test(draft.email.trim())) errors.email = 'email';
  if (draft.postalCode.trim() !== '' && !isFrenchPostalCode(draft.postalCode))
    errors.postalCode = 'postalCode';
  if (draft.phoneNumber !== '' && !isPhoneNumber(draft.phoneNumber)) errors.phoneNumber = 'phone';
  // Bank details are optional; given, they must pass the checks the server applies.
  if (draft.iban.trim() !== '' && !isMaskedIban(draft.iban)) {
    const iban = checkIban(draft.iban);
    if (!iban.ok) errors.iban = iban.reason;
  }
  if (draft.bic.trim() !== '' && !checkBic(draft.bic).ok) errors.bic = 'BIC_INVALID';
  return errors;
}

/** Fields whose value differs from the saved record: the partial update's mask. */
export function changedFields(customer: CustomerRow, draft: CustomerDraft): CustomerField[] {
  return recordForm.changedFields(CUSTOMER_FORM_FIELDS, draftOf, customer, draft);
}

/** camelCase field → the contract's snake_case name, as the update mask carries it. */
export function maskPath(field: CustomerField): string {
  return field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}
