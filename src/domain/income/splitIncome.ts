/**
 * How the price of a sold item is shared between the customer who deposited it, the vendor who
 * sold it and the provider (this platform). Pure: the server fills the product's income fields
 * with it, the product form may show the same figures before saving.
 *
 * The rule (docs/decisions.md):
 * - a rate slide belongs to a deposit, a vendor or a company; the most specific owner that has a
 *   slide covering the price wins (deposit, then vendor, then company);
 * - a slide covers a price when price_start ≤ price < price_end (a missing start reads 0, a
 *   missing end has no upper bound); among one owner's covering slides the highest start wins;
 * - `commission` is the vendor's percentage of the sold price, the rest goes to the customer;
 * - `providerCommission` is the provider's percentage of the vendor's part;
 * - without any covering slide the vendor takes the negotiated percentage (20 by default) and the
 *   provider nothing;
 * - amounts are whole cents, so customer + vendor + provider is always exactly the price.
 */

/** Default vendor negotiated percentage on price (2-business-data.md §9). */
export const DEFAULT_NEGOTIATED_PERCENTAGE = 20;

export type SlideOwner = 'deposit' | 'vendor' | 'company';

/** Precedence of slide owners, most specific first. */
export const SLIDE_PRECEDENCE: readonly SlideOwner[] = ['deposit', 'vendor', 'company'];

export interface RateSlide {
  readonly owner: SlideOwner;
  readonly priceStart: number | null;
  readonly priceEnd: number | null;
  /** Vendor's percentage of the sold price, 0 to 100. */
  readonly commission: number;
  /** Provider's percentage of the vendor's part, 0 to 100. */
  readonly providerCommission: number;
}

export interface IncomeSplit {
  readonly customerIncome: number;
  readonly vendorIncome: number;
  readonly providerIncome: number;
  /** The slide applied; undefined when the negotiated percentage was used. */
  readonly slide?: RateSlide;
}

const clampPercent = (value: number) =>
  Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 0;

/** Does a slide cover a price (start included, end excluded)? */
export function slideCovers(slide: RateSlide, price: number): boolean {
  const start = slide.priceStart ?? 0;
  return start <= price && (slide.priceEnd === null || price < slide.priceEnd);
}

/** The slide that applies to a price: the most specific owner first, then the highest start. */
export function applicableSlide(
  price: number,
  slides: readonly RateSlide[],
): RateSlide | undefined {
  for (const owner of SLIDE_PRECEDENCE) {
    const covering = slides
      .filter((s) => s.owner === owner && slideCovers(s, price))
      .sort((a, b) => (b.priceStart ?? 0) - (a.priceStart ?? 0));
    if (covering[0]) return covering[0];
  }
  return undefined;
}

/**
 * The three incomes of a price. A negative or non-finite price is a caller's mistake: RangeError.
 */
export function splitIncome(
  price: number,
  slides: readonly RateSlide[],
  negotiatedPercentage: number = DEFAULT_NEGOTIATED_PERCENTAGE,
): IncomeSplit {
  if (!Number.isFinite(price) || price < 0) throw new RangeError(`Invalid price ${price}`);
  const cents = Math.round(price * 100);
  const slide = applicableSlide(price, slides);
  const commission = clampPercent(slide ? slide.commission : negotiatedPercentage);
  const providerShare = clampPercent(slide ? slide.providerCommission : 0);
  const vendorPart = Math.round((cents * commission) / 100);
  const provider = Math.round((vendorPart * providerShare) / 100);
  return {
    customerIncome: (cents - vendorPart) / 100,
    vendorIncome: (vendorPart - provider) / 100,
    providerIncome: provider / 100,
    ...(slide ? { slide } : {}),
  };
}
