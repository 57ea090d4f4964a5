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
  'acceptHomeTakeAway',
  'acceptSendPostal',
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
  readonly acceptHomeTakeAway: boolean;
  readonly acceptSendPostal: boolean;
}

/** Why a field is refused; the view shows `people.validation<Code>` in the user's language. */
export type FieldErrorCode = 'required' | 'email' | 'postalCode' | 'phone';
export type FieldErrors = Partial<Record<CustomerField, FieldErrorCode>>;

export const CONTACT_WAYS = ['PHONE_CALL', 'EMAIL', 'PHONE_MESSAGE', 'WHATS_APP'] as const;

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
    acceptHomeTakeAway: customer.acceptHomeTakeAway,
    acceptSendPostal: customer.acceptSendPostal,
  };
}

/** A changed value, normalised: the phone input strips all whitespace (2-business-data.md §2). */
export const normalise: (field: CustomerField, value: string | boolean) => string | boolean =
  recordForm.normalise;

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
