import { netOfGross, vatOf } from './invoiceRules.ts';

/**
 * The VAT of one consignment sale under each regime a vendor may be under (docs/decisions.md,
 * "Invoices"), in integer cents. Pure, so a property test can hold every regime to the cent:
 *
 * - FRANCHISE (CGI art. 293 B): no VAT on the sale;
 * - NORMAL: the price is VAT included; the base is the amount whose total with VAT is the price;
 * - MARGIN (CGI art. 297 A): VAT is due on the margin, the price less what the depositor gets,
 *   and that margin is VAT included, so the tax is margin × 20/120 at 20 %; never shown on the
 *   invoice (CGI art. 297 E), it is what the vendor's return declares. A negative margin owes
 *   nothing and is not carried to other sales (item-by-item margin).
 *
 * Whatever the regime, the platform's commission is a service taxed at the normal rate, on top
 * of the share read as an amount before tax (the commission invoice).
 */
export type SaleVatRegime = 'FRANCHISE' | 'NORMAL' | 'MARGIN';

/** A sale's price and how it was shared, in cents (splitIncome's three parts). */
export interface SaleSplit {
  readonly priceCents: number;
  /** What the depositor gets: under the margin scheme, the vendor's purchase price. */
  readonly depositorCents: number;
  /** The platform's commission, before tax. */
  readonly platformCents: number;
}

export interface SaleVat {
  /** What the sale's VAT is computed on: the price, the price before tax, or the margin. */
  readonly baseCents: number;
  /** The VAT the vendor owes on the sale. */
  readonly vatCents: number;
  /** The VAT the platform adds on its commission. */
  readonly commissionVatCents: number;
}

/** The rate in hundredths of a percent (20 → 2000, 5.5 → 550): integer arithmetic only. */
const basisPoints = (ratePercent: number) => Math.round(ratePercent * 100);

/**
 * The VAT included in a VAT-inclusive margin: margin × rate / (100 + rate), rounded half up to
 * the cent in integer arithmetic (20/120 at 20 %); nothing on a margin of zero or less.
 */
export function vatInMargin(marginCents: number, ratePercent: number): number {
  if (!Number.isSafeInteger(marginCents)) throw new RangeError(`not cents: ${marginCents}`);
  if (marginCents <= 0) return 0;
  const rate = basisPoints(ratePercent);
  const whole = 10_000 + rate;
  return Math.floor((2 * marginCents * rate + whole) / (2 * whole));
}

/** The VAT of one sale under `regime`, with the platform's commission VAT beside it. */
export function saleVat(regime: SaleVatRegime, split: SaleSplit, ratePercent = 20): SaleVat {
  const commissionVatCents = vatOf(split.platformCents, ratePercent);
  switch (regime) {
    case 'FRANCHISE':
      return { baseCents: split.priceCents, vatCents: 0, commissionVatCents };
    case 'NORMAL': {
      const base = netOfGross(split.priceCents, ratePercent);
      return { baseCents: base, vatCents: vatOf(base, ratePercent), commissionVatCents };
    }
    case 'MARGIN': {
      const margin = split.priceCents - split.depositorCents;
      return { baseCents: margin, vatCents: vatInMargin(margin, ratePercent), commissionVatCents };
    }
  }
}
