import type { ShopTextKey } from './shopTexts.ts';

/** What a buyer types on the product page, kept as typed so an error shows it back. */
export interface ReservationForm {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly phone: string;
  readonly message: string;
  /** Hidden from people; a robot that fills every field fills this one. */
  readonly website: string;
}

export type FormField = Exclude<keyof ReservationForm, 'website'>;

export const FORM_FIELDS: readonly FormField[] = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'message',
];

export interface FieldError {
  readonly field: FormField;
  readonly key: ShopTextKey;
  readonly values?: Record<string, number>;
}

/** Longest accepted value per field; anything longer is an error, never silently cut. */
export const MAX_LENGTH: Readonly<Record<FormField, number>> = {
  firstName: 100,
  lastName: 100,
  email: 254,
  phone: 30,
  message: 2000,
};

const REQUIRED: readonly FormField[] = ['firstName', 'lastName', 'email', 'phone'];

/** The form's fields from a url-encoded body; missing fields are empty. */
export function readForm(body: URLSearchParams): ReservationForm {
  const get = (name: string) => body.get(name) ?? '';
  return {
    firstName: get('firstName'),
    lastName: get('lastName'),
    email: get('email'),
    phone: get('phone'),
    message: get('message'),
    website: get('website'),
  };
}

/** One address with a dot in its domain: what a person can reply to, no more (the vendor calls too). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Eight to fifteen digits, with the usual separators and an optional leading +. */
function isPhone(value: string): boolean {
  if (!/^\+?[0-9 ().\-/]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 8 && digits <= 15;
}

/** Every error of the form, in the order of its fields (empty: the form is good). */
export function validateForm(form: ReservationForm): FieldError[] {
  const errors: FieldError[] = [];
  for (const field of FORM_FIELDS) {
    const value = form[field].trim();
    if (REQUIRED.includes(field) && value === '') {
      errors.push({ field, key: 'required' });
    } else if (value.length > MAX_LENGTH[field]) {
      errors.push({ field, key: 'tooLong', values: { max: MAX_LENGTH[field] } });
    } else if (field === 'email' && !EMAIL.test(value)) {
      errors.push({ field, key: 'emailInvalid' });
    } else if (field === 'phone' && !isPhone(value)) {
      errors.push({ field, key: 'phoneInvalid' });
    }
  }
  return errors;
}

/** Did a robot fill the hidden field? */
export function isSpam(form: ReservationForm): boolean {
  return form.website.trim() !== '';
}
