import { toAppError, type AppErrorCode } from '../../rpc/errors.ts';

/** A buyer as the screens edit it: the contract's text fields, plus what guards an update. */
export interface BuyerFields {
  readonly uuid: string;
  readonly rowVersion: number;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly phoneNumber: string;
  readonly address: string;
  readonly addressComplement: string;
  readonly postalCode: string;
  readonly city: string;
  readonly countryCode: string;
  readonly countryName: string;
  readonly marketplaceAccountId: string;
  readonly marketplaceProfile: string;
}

/** The fields a vendor types in the buyer form, in the form's order. */
export const EDITABLE_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phoneNumber',
  'address',
  'addressComplement',
  'postalCode',
  'city',
  'countryName',
  'marketplaceAccountId',
  'marketplaceProfile',
] as const;
export type EditableField = (typeof EDITABLE_FIELDS)[number];

export const EMPTY_BUYER: BuyerFields = {
  uuid: '',
  rowVersion: 0,
  firstName: '',
  lastName: '',
  email: '',
  phoneNumber: '',
  address: '',
  addressComplement: '',
  postalCode: '',
  city: '',
  countryCode: '',
  countryName: '',
  marketplaceAccountId: '',
  marketplaceProfile: '',
};

/** What the server understood of a pasted text, and the vendor's buyer it matches. */
export interface PastePreview {
  readonly buyer: BuyerFields;
  readonly existing: BuyerFields | null;
  /** The SalePlatform the text came from (0 when unknown). */
  readonly platform: number;
}

/** A call the user made that was refused: its code and the text to show. */
export interface Refusal {
  readonly code: AppErrorCode;
  readonly i18nKey: string;
}

export function refusalOf(error: unknown): Refusal {
  const appError = toAppError(error);
  return { code: appError.code, i18nKey: appError.i18nKey };
}

/** A buyer's name as lists show it. */
export const buyerName = (b: Pick<BuyerFields, 'firstName' | 'lastName'>) =>
  [b.firstName, b.lastName].filter(Boolean).join(' ');

/** `city` → `buyers.fieldCity`: the label of a form field. */
export const fieldKey = (field: EditableField) =>
  `buyers.field${field.charAt(0).toUpperCase()}${field.slice(1)}`;
