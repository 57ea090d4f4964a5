import {
  overlappingSlide,
  SLIDE_FIELDS,
  slideProblems,
  type SlideBounds,
  type SlideField,
} from '../../domain/income/rateSlides.ts';
import { splitIncome, type SlideOwner } from '../../domain/income/splitIncome.ts';
import type { AppError } from '../../rpc/errors.ts';
import type { RateRow } from './editProfileLists.ts';

/** The form's texts as typed; a French decimal comma is read as a point. */
export type SlideDraft = { readonly [field in SlideField]: string };

export const EMPTY_DRAFT: SlideDraft = {
  priceStart: '',
  priceEnd: '',
  commission: '',
  providerCommission: '',
};

/** Why a field is refused, as a translation key and its values (a clashing slide's range). */
export interface FieldError {
  readonly key: string;
  readonly start?: number;
  readonly end?: number;
}
export type FieldErrors = Partial<Record<SlideField, FieldError>>;

const toNumber = (text: string) => (text.trim() === '' ? NaN : Number(text.replace(',', '.')));

export function boundsOf(draft: SlideDraft): SlideBounds {
  return {
    priceStart: toNumber(draft.priceStart),
    priceEnd: toNumber(draft.priceEnd),
    commission: toNumber(draft.commission),
    providerCommission: toNumber(draft.providerCommission),
  };
}

export function draftOf(row: RateRow): SlideDraft {
  return {
    priceStart: String(row.priceStart),
    priceEnd: String(row.priceEnd),
    commission: String(row.commission),
    providerCommission: String(row.providerCommission),
  };
}

const overlapError = (clash: RateRow | undefined): FieldError =>
  clash
    ? { key: 'profile.rateErrorOverlap', start: clash.priceStart, end: clash.priceEnd }
    : { key: 'profile.rateErrorOverlapUnknown' };

/** The same rules the server applies (src/domain/income/rateSlides.ts), one error per field. */
export function draftErrors(draft: SlideDraft, uuid: string, slides: readonly RateRow[]) {
  const errors: FieldErrors = {};
  const bounds = boundsOf(draft);
  for (const { field, problem } of slideProblems(bounds))
    errors[field] ??= { key: `profile.rateError${problem[0]!.toUpperCase()}${problem.slice(1)}` };
  if (Object.keys(errors).length === 0) {
    const clash = overlappingSlide({ uuid, ...bounds }, slides);
    if (clash) errors.priceStart = overlapError(clash);
  }
  return errors;
}

/** The first wrong field in form order: the one the view focuses after a refused save. */
export const firstWrongField = (errors: FieldErrors): SlideField | undefined =>
  SLIDE_FIELDS.find((f) => errors[f]);

const FIELD_BY_NAME: Record<string, SlideField> = {
  price_start: 'priceStart',
  price_end: 'priceEnd',
  commission: 'commission',
  provider_commission: 'providerCommission',
};

/**
 * A refused save as field errors: an overlap points at the start (naming the clash when the list
 * knows it), a value the server refused at its field; anything else stays a general error.
 */
export function serverFieldErrors(
  error: AppError,
  draft: SlideDraft,
  uuid: string,
  slides: readonly RateRow[],
): FieldErrors | null {
  if (error.reason === 'RATE_SLIDE_OVERLAP')
    return { priceStart: overlapError(overlappingSlide({ uuid, ...boundsOf(draft) }, slides)) };
  const field = error.field ? FIELD_BY_NAME[error.field.split('.').pop() ?? ''] : undefined;
  if (!field) return null;
  const local = draftErrors(draft, uuid, slides)[field];
  return { [field]: local ?? { key: 'profile.rateErrorInvalid' } };
}

/** What the preview shows: the three shares of a price, in cents. */
export interface RatePreview {
  readonly priceCents: number;
  readonly customerCents: number;
  readonly vendorCents: number;
  readonly providerCents: number;
}

/**
 * The split of `priceText` by the rule the server applies on sale (splitIncome), over the saved
 * slides with the draft in place of the slide it edits when the draft is valid; null when the
 * price is not a number of 0 or more.
 */
export function previewOf(
  priceText: string,
  slides: readonly RateRow[],
  owner: SlideOwner,
  draft: { readonly values: SlideDraft; readonly uuid: string } | null,
): RatePreview | null {
  const price = toNumber(priceText);
  if (!Number.isFinite(price) || price < 0) return null;
  let all = slides.map((s) => ({ ...s, owner }));
  if (draft && Object.keys(draftErrors(draft.values, draft.uuid, slides)).length === 0) {
    all = all.filter((s) => s.uuid !== draft.uuid || draft.uuid === '');
    all.push({ uuid: draft.uuid, owner, ...boundsOf(draft.values) });
  }
  const split = splitIncome(price, all);
  const cents = (euros: number) => Math.round(euros * 100);
  return {
    priceCents: Math.round(price * 100),
    customerCents: cents(split.customerIncome),
    vendorCents: cents(split.vendorIncome),
    providerCents: cents(split.providerIncome),
  };
}
