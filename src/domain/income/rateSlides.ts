/**
 * The rules a rate slide must follow, shared by the rates form (to point at the wrong field before
 * saving) and by the server (to refuse it): a range that starts at 0 or more and ends after it
 * starts, percentages within 0–100, and no two slides of one owner covering the same price.
 * Ranges are half-open, [start, end), the way `slideCovers` in splitIncome.ts reads them, so a
 * slide may start exactly where another ends.
 */

/** The editable part of a slide, in euros and percent. */
export interface SlideBounds {
  readonly priceStart: number;
  readonly priceEnd: number;
  readonly commission: number;
  readonly providerCommission: number;
}

export type SlideField = keyof SlideBounds;

/** Why a field is refused: `number` not a finite number, `negative` below 0, `order` end ≤ start, `percent` outside 0–100. */
export type SlideProblemCode = 'number' | 'negative' | 'order' | 'percent';

export interface SlideProblem {
  readonly field: SlideField;
  readonly problem: SlideProblemCode;
}

/** The fields in the order the form shows them: the first problem is the field to focus. */
export const SLIDE_FIELDS: readonly SlideField[] = [
  'priceStart',
  'priceEnd',
  'commission',
  'providerCommission',
];

/** Every problem of a slide's values, in form order; empty when it may be saved. */
export function slideProblems(slide: SlideBounds): SlideProblem[] {
  const problems: SlideProblem[] = [];
  for (const field of SLIDE_FIELDS) {
    const value = slide[field];
    if (!Number.isFinite(value)) problems.push({ field, problem: 'number' });
    else if (value < 0) problems.push({ field, problem: 'negative' });
    else if ((field === 'commission' || field === 'providerCommission') && value > 100)
      problems.push({ field, problem: 'percent' });
  }
  const broken = new Set(problems.map((p) => p.field));
  if (!broken.has('priceStart') && !broken.has('priceEnd') && slide.priceEnd <= slide.priceStart)
    problems.push({ field: 'priceEnd', problem: 'order' });
  return problems.sort((a, b) => SLIDE_FIELDS.indexOf(a.field) - SLIDE_FIELDS.indexOf(b.field));
}

/** A stored slide's range; a missing start reads 0 and a missing end has no upper bound. */
export interface SlideRange {
  readonly uuid: string;
  readonly priceStart: number | null;
  readonly priceEnd: number | null;
}

/** Do two half-open ranges share a price? */
export function rangesOverlap(a: SlideRange, b: SlideRange): boolean {
  const aStart = a.priceStart ?? 0;
  const bStart = b.priceStart ?? 0;
  const aEnd = a.priceEnd ?? Number.POSITIVE_INFINITY;
  const bEnd = b.priceEnd ?? Number.POSITIVE_INFINITY;
  return aStart < bEnd && bStart < aEnd;
}

/**
 * The first of the owner's other slides that shares a price with `slide` (the slide itself,
 * by uuid, is skipped when it is being edited), lowest start first; undefined when none does.
 */
export function overlappingSlide<T extends SlideRange>(
  slide: SlideRange,
  ownerSlides: readonly T[],
): T | undefined {
  return [...ownerSlides]
    .filter((other) => other.uuid !== slide.uuid || slide.uuid === '')
    .sort((a, b) => (a.priceStart ?? 0) - (b.priceStart ?? 0))
    .find((other) => rangesOverlap(slide, other));
}
