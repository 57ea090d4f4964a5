import { isDayValue } from '../dates.ts';

/** The item as an entry records it (police_register.proto, PoliceRegisterItem). */
export interface EntryItem {
  readonly reference: string;
  readonly name: string;
  readonly category: string;
  readonly brand: string;
  readonly colors: string;
  readonly size: string;
  readonly condition: string;
  readonly description: string;
  readonly priceCents: number;
}

/** Who handed it over, with the identity document shown (PoliceRegisterDepositor). */
export interface EntryDepositor {
  readonly firstName: string;
  readonly lastName: string;
  readonly companyName: string;
  readonly address: string;
  readonly postalCode: string;
  readonly city: string;
  readonly idDocumentType: string;
  readonly idDocumentNumber: string;
  readonly idDocumentAuthority: string;
  readonly idDocumentDate: string;
}

export interface EntryContent {
  readonly item: EntryItem;
  readonly depositor: EntryDepositor;
}

/** The correction screen's fields: every text of the entry, the price in euros as typed. */
export type CorrectionField =
  Exclude<keyof EntryItem, 'priceCents'> | 'price' | keyof EntryDepositor | 'reason';
export type CorrectionDraft = Readonly<Record<CorrectionField, string>>;

export const ITEM_FIELDS = [
  'reference',
  'name',
  'category',
  'brand',
  'colors',
  'size',
  'condition',
  'description',
  'price',
] as const satisfies readonly CorrectionField[];
export const DEPOSITOR_FIELDS = [
  'firstName',
  'lastName',
  'companyName',
  'address',
  'postalCode',
  'city',
  'idDocumentType',
  'idDocumentNumber',
  'idDocumentAuthority',
  'idDocumentDate',
] as const satisfies readonly CorrectionField[];

/** The item conditions the register prints (ProductQuality labels). */
export const CONDITIONS = [
  'NEW_WITH_TICKET',
  'NEW_WITHOUT_TICKET',
  'VERY_GOOD',
  'GOOD',
  'SATISFYING',
  'REFUSED',
] as const;

/** The contract's limits (police_register.proto). */
export const CORRECTION_MAX_LENGTH: Readonly<Record<CorrectionField, number>> = {
  reference: 64,
  name: 255,
  category: 255,
  brand: 255,
  colors: 255,
  size: 255,
  condition: 64,
  description: 2000,
  price: 16,
  firstName: 255,
  lastName: 255,
  companyName: 255,
  address: 255,
  postalCode: 16,
  city: 255,
  idDocumentType: 64,
  idDocumentNumber: 64,
  idDocumentAuthority: 255,
  idDocumentDate: 10,
  reason: 500,
};
export const REASON_MIN_LENGTH = 3;
/** 1,000,000 €, the contract's bound on a price. */
const MAX_PRICE_CENTS = 100_000_000;

/** '42,50' or '42.5' → 4250; null when it is no amount of euros with at most two decimals. */
export function centsOfEuros(text: string): number | null {
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(text.trim().replace(/\s|€/g, ''));
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents <= MAX_PRICE_CENTS ? cents : null;
}

/** 4250 → '42,50' (the French way, which `centsOfEuros` reads back). */
export function eurosOfCents(cents: number): string {
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
}

/** The screen's draft for an entry: its content as it stands, the reason empty. */
export function draftOf(content: EntryContent): CorrectionDraft {
  const { priceCents, ...item } = content.item;
  return { ...item, price: eurosOfCents(priceCents), ...content.depositor, reason: '' };
}

/** The corrected content the draft says (call once it has no problem). */
export function contentOf(draft: CorrectionDraft): EntryContent {
  const text = (field: CorrectionField) => draft[field].trim();
  return {
    item: {
      reference: text('reference'),
      name: text('name'),
      category: text('category'),
      brand: text('brand'),
      colors: text('colors'),
      size: text('size'),
      condition: text('condition'),
      description: text('description'),
      priceCents: centsOfEuros(draft.price) ?? 0,
    },
    depositor: {
      firstName: text('firstName'),
      lastName: text('lastName'),
      companyName: text('companyName'),
      address: text('address'),
      postalCode: text('postalCode'),
      city: text('city'),
      idDocumentType: text('idDocumentType'),
      idDocumentNumber: text('idDocumentNumber'),
      idDocumentAuthority: text('idDocumentAuthority'),
      idDocumentDate: text('idDocumentDate'),
    },
  };
}

/** Why a field is refused, as the text key of `policeRegister.correction*`. */
export type CorrectionProblem =
  'tooLong' | 'priceInvalid' | 'dateInvalid' | 'reasonTooShort' | 'unchanged';

/**
 * What stops a correction: a field over the contract's limit, a price or a day that is none, a
 * reason under three characters, or nothing changed (`unchanged`, on the reason: a correction
 * without a change is no correction).
 */
export function correctionProblems(
  draft: CorrectionDraft,
  original: EntryContent,
): Partial<Record<CorrectionField, CorrectionProblem>> {
  const problems: Partial<Record<CorrectionField, CorrectionProblem>> = {};
  for (const [field, max] of Object.entries(CORRECTION_MAX_LENGTH) as [CorrectionField, number][])
    if (draft[field].trim().length > max) problems[field] = 'tooLong';
  if (!problems.price && centsOfEuros(draft.price) === null) problems.price = 'priceInvalid';
  const date = draft.idDocumentDate.trim();
  if (!problems.idDocumentDate && date !== '' && !isDayValue(date))
    problems.idDocumentDate = 'dateInvalid';
  if (!problems.reason && draft.reason.trim().length < REASON_MIN_LENGTH)
    problems.reason = 'reasonTooShort';
  if (
    Object.keys(problems).length === 0 &&
    JSON.stringify(contentOf(draft)) === JSON.stringify(contentOf(draftOf(original)))
  )
    problems.reason = 'unchanged';
  return problems;
}
