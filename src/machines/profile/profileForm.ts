import {
  isFrenchPostalCode,
  isPhoneNumber,
  missingProfileFields,
  REQUIRED_PROFILE_FIELDS,
  type RequiredProfileField,
} from '../../domain/fieldRules.ts';
import { FAMILIES } from '../../domain/newDeposit/depositForm.ts';
import * as recordForm from '../shared/recordForm.ts';

/** The families a vendor may prefer (contract ProductFamily labels). */
export const PROFILE_FAMILIES = FAMILIES;

/** Name, phone and address: the text fields a complete profile needs. */
type RequiredFields = { readonly [field in RequiredProfileField]: string };

/** The signed-in vendor's own record, as the profile form reads it. */
export interface ProfileRecord extends RequiredFields {
  readonly uuid: string;
  readonly rowVersion: number;
  /** receive_new_deposit_status label, null when never set. */
  readonly availability: 'AVAILABLE' | 'UNAVAILABLE' | null;
  /** deposit_family_favorite label, null when not chosen. */
  readonly favoriteFamily: string | null;
  /** Uuid of the vendor's current subscription, '' when none. */
  readonly subscription: string;
}

export interface ProfileDraft extends RequiredFields {
  readonly available: boolean;
  /** Family label, '' when not chosen. */
  readonly favoriteFamily: string;
}

export const PROFILE_FORM_FIELDS = [
  ...REQUIRED_PROFILE_FIELDS,
  'available',
  'favoriteFamily',
] as const satisfies readonly (keyof ProfileDraft)[];
export type ProfileField = (typeof PROFILE_FORM_FIELDS)[number];

/** Why a field is refused; the view shows `profile.validation<Code>`. */
export type ProfileErrorCode = 'required' | 'postalCode' | 'phone';
export type ProfileErrors = Partial<Record<ProfileField, ProfileErrorCode>>;

export function draftOf(record: ProfileRecord): ProfileDraft {
  return {
    firstName: record.firstName,
    lastName: record.lastName,
    phoneNumber: record.phoneNumber,
    address: record.address,
    postalCode: record.postalCode,
    city: record.city,
    available: record.availability === 'AVAILABLE',
    favoriteFamily: record.favoriteFamily ?? '',
  };
}

/** A changed value, normalised: the phone input strips all whitespace (2-business-data.md §2). */
export const normalise: (field: ProfileField, value: string | boolean) => string | boolean =
  recordForm.normalise;

/**
 * Field rules of the profile: every field the deposit rules need for a complete profile
 * (REQUIRED_PROFILE_FIELDS) is required, a French postal code is five digits, a phone number is
 * digits with an optional leading +.
 */
export function validateProfileDraft(draft: ProfileDraft): ProfileErrors {
  const errors: ProfileErrors = {};
  for (const field of missingProfileFields(draft)) errors[field] = 'required';
  if (!errors.postalCode && !isFrenchPostalCode(draft.postalCode)) errors.postalCode = 'postalCode';
  if (!errors.phoneNumber && !isPhoneNumber(draft.phoneNumber)) errors.phoneNumber = 'phone';
  return errors;
}

/** Fields whose value differs from the saved record: the partial update's mask. */
export function changedFields(record: ProfileRecord, draft: ProfileDraft): ProfileField[] {
  return recordForm.changedFields(PROFILE_FORM_FIELDS, draftOf, record, draft);
}

const MASK: Record<ProfileField, string> = {
  firstName: 'first_name',
  lastName: 'last_name',
  phoneNumber: 'phone_number',
  address: 'address',
  postalCode: 'postal_code',
  city: 'city',
  available: 'receive_new_deposit_status',
  favoriteFamily: 'deposit_family_favorite',
};

/** Form field → the contract's snake_case name, as the update mask carries it. */
export function maskPath(field: ProfileField): string {
  return MASK[field];
}
