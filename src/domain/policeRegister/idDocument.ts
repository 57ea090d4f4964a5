import { isDayValue, type DayValue } from '../dates.ts';

/**
 * The identity document a depositor shows at reception, as the police register records it
 * (Code pénal R.321-3: nature, number, date and issuing authority).
 */
export interface IdDocument {
  readonly type: string;
  readonly number: string;
  readonly authority: string;
  /** YYYY-MM-DD: the day it was issued. */
  readonly date: string;
}

export type IdDocumentField = keyof IdDocument;
export const ID_DOCUMENT_FIELDS: readonly IdDocumentField[] = [
  'type',
  'number',
  'authority',
  'date',
];

/** The contract's limits (deposit.proto, reception_id_document_*). */
export const ID_DOCUMENT_MAX_LENGTH: Readonly<Record<IdDocumentField, number>> = {
  type: 64,
  number: 64,
  authority: 255,
  date: 10,
};

/** Who is a professional second-hand dealer: a vendor in a company, or self-employed. */
export interface VendorStanding {
  readonly company: string | null | undefined;
  readonly isSelfEmployed: boolean | null | undefined;
}

export function isProfessionalVendor(vendor: VendorStanding): boolean {
  return Boolean(vendor.company) || vendor.isSelfEmployed === true;
}

/**
 * Does receiving this deposit need the identity document? A professional vendor receiving a
 * depositor's items (a deposit without a customer is the vendor's own stock): the server refuses
 * RECEIVED without it (`ID_DOCUMENT_REQUIRED`), the deposit page asks for it in the same step.
 */
export function receptionNeedsIdDocument(
  vendor: VendorStanding | null,
  hasDepositor: boolean,
): boolean {
  return hasDepositor && vendor !== null && isProfessionalVendor(vendor);
}

/** Every part given (blank counts as missing): what the server checks. */
export function isIdDocumentComplete(doc: IdDocument): boolean {
  return ID_DOCUMENT_FIELDS.every((field) => doc[field].trim() !== '');
}

/** Why a part is refused, as the text key of `idDocument.*`: missing, too long, no real day. */
export type IdDocumentProblem = 'required' | 'tooLong' | 'dateInvalid' | 'dateInFuture';

/**
 * What is wrong with each part of the document as typed, for the reception step's messages;
 * an empty object when it may be sent. `today` is the day in Paris (no document issued later).
 */
export function idDocumentProblems(
  doc: IdDocument,
  today: DayValue,
): Partial<Record<IdDocumentField, IdDocumentProblem>> {
  const problems: Partial<Record<IdDocumentField, IdDocumentProblem>> = {};
  for (const field of ID_DOCUMENT_FIELDS) {
    const value = doc[field].trim();
    if (value === '') problems[field] = 'required';
    else if (value.length > ID_DOCUMENT_MAX_LENGTH[field]) problems[field] = 'tooLong';
  }
  const date = doc.date.trim();
  if (!problems.date && !isDayValue(date)) problems.date = 'dateInvalid';
  else if (!problems.date && date > today) problems.date = 'dateInFuture';
  return problems;
}

/** The document with each part trimmed, as it is sent. */
export function trimIdDocument(doc: IdDocument): IdDocument {
  return {
    type: doc.type.trim(),
    number: doc.number.trim(),
    authority: doc.authority.trim(),
    date: doc.date.trim(),
  };
}
