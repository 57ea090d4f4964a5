import { REQUIRED_PROFILE_FIELDS } from '../../domain/deposit/wantDeposit.ts';

/** The families a vendor may prefer (contract ProductFamily labels). */
export const PROFILE_FAMILIES = [
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

/** The signed-in vendor's own record, as the profile form reads it. */
export interface ProfileRecord {
  readonly uuid: string;
  readonly rowVersion: number;
  readonly firstName: string;
  readonly lastName: string;
  readonly phoneNumber: string;
  readonly address: string;
  readonly postalCode: string;
  readonly city: string;
  /** receive_new_deposit_status label, null when never set. */
  readonly availability: 'AVAILABLE' | 'UNAVAILABLE' | null;
  /** deposit_family_favorite label, null when not chosen. */
  readonly favoriteFamily: string | null;
  /** Uuid of the vendor's current subscription, '' when none. */
  readonly subscription: string;
}

export interface ProfileDraft {
  readonly firstName: string;
  readonly lastName: string;
  readonly phoneNumber: string;
  readonly address: string;
  readonly postalCode: string;
  readonly city: string;
  readonly available: boolean;
  /** Family label, '' when not chosen. */
  readonly favoriteFamily: string;
}

export const PROFILE_FORM_FIELDS = [
  'firstName',
  'lastName',
  'phoneNumber',
  'address',
  'postalCode',
  'city',
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
export function normalise(field: ProfileField, value: string | boolean): string | boolean {
  if (typeof value === 'boolean') return value;
  return field === 'phoneNumber' ? value.replace(/\s+/g, '') : value;
}

const POSTAL_CODE = /^\d{5}$/;
const PHONE = /^\+?\d{6,15}$/;

/**
 * Field rules of the profile: every field the deposit rules need for a complete profile
 * (REQUIRED_PROFILE_FIELDS) is required, a French postal code is five digits, a phone number is
 * digits with an optional leading +.
 */
export function validateProfileDraft(draft: ProfileDraft): ProfileErrors {
  const errors: ProfileErrors = {};
  for (const field of REQUIRED_PROFILE_FIELDS)
    if (draft[field].trim() === '') errors[field] = 'required';
  if (!errors.postalCode && !POSTAL_CODE.test(draft.postalCode.trim()))
    errors.postalCode = 'postalCode';
  if (!errors.phoneNumber && !PHONE.test(draft.phoneNumber)) errors.phoneNumber = 'phone';
  return errors;
}

/** Fields whose value differs from the saved record: the partial update's mask. */
export function changedFields(record: ProfileRecord, draft: ProfileDraft): ProfileField[] {
  const saved = draftOf(record);
  return PROFILE_FORM_FIELDS.filter((field) => {
    const a = saved[field];
    const b = draft[field];
    return typeof a === 'string' && typeof b === 'string' ? a.trim() !== b.trim() : a !== b;
  });
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
