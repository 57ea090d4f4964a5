/**
 * Field rules shared by every form that holds a person's contact and address (vendor profile,
 * customer record, public new-deposit form) and by the deposit rules that read them, so that a
 * postal code, a phone number or a complete profile is judged alike everywhere. Pure.
 */

/** French postal codes: five digits (Corsica included, 2A/2B are department codes, not postal). */
const FRENCH_POSTAL_CODE = /^\d{5}$/;

export function isFrenchPostalCode(value: string): boolean {
  return FRENCH_POSTAL_CODE.test(value.trim());
}

/**
 * French department of a postal code: two digits, Corsica 2A (20000-20199) or 2B (20200-20999),
 * overseas departments and territories (97x, 98x) three digits. Null when it is no French code.
 */
export function departmentOf(postalCode: string | null | undefined): string | null {
  const code = (postalCode ?? '').replace(/\s+/g, '');
  if (!FRENCH_POSTAL_CODE.test(code)) return null;
  if (code.startsWith('20')) return Number(code) < 20200 ? '2A' : '2B';
  if (code.startsWith('97') || code.startsWith('98')) return code.slice(0, 3);
  return code.slice(0, 2);
}

/** The phone input strips all whitespace (2-business-data.md §2). */
export function normalizePhone(value: string): string {
  return value.replace(/\s+/g, '');
}

/** Profile fields a vendor must fill before taking deposits (the address decides the department). */
export const REQUIRED_PROFILE_FIELDS = [
  'firstName',
  'lastName',
  'phoneNumber',
  'address',
  'postalCode',
  'city',
] as const;
export type RequiredProfileField = (typeof REQUIRED_PROFILE_FIELDS)[number];

/** The profile fields still missing (blank counts as missing). */
export function missingProfileFields(
  profile: Readonly<Record<RequiredProfileField, string | null>>,
): RequiredProfileField[] {
  return REQUIRED_PROFILE_FIELDS.filter((f) => !(profile[f] ?? '').trim());
}

const PHONE = /^\+?\d{6,15}$/;

/** A profile or customer phone number, spaces already stripped: digits, an optional leading +. */
export function isPhoneNumber(value: string): boolean {
  return PHONE.test(value);
}
