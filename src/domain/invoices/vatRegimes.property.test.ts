import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { vatOnFees } from '../dac7/dac7Rules.ts';
import { splitIncome, type RateSlide } from '../income/splitIncome.ts';
import { vatOf } from './invoiceRules.ts';
import { saleVat, vatInMargin, type SaleSplit } from './vatRegimes.ts';

const cents = (euros: number) => Math.round(euros * 100);

const slideArb: fc.Arbitrary<RateSlide> = fc.record({
  owner: fc.constantFrom('deposit' as const, 'vendor' as const, 'company' as const),
  priceStart: fc.constant(null),
  priceEnd: fc.constant(null),
  commission: fc.double({ min: 0, max: 100, noNaN: true }),
  providerCommission: fc.double({ min: 0, max: 100, noNaN: true }),
});

/** Any price up to 100,000 € and any split of it the income rules can make. */
const saleArb: fc.Arbitrary<SaleSplit> = fc
  .record({
    priceCents: fc.integer({ min: 0, max: 10_000_000 }),
    slides: fc.array(slideArb, { maxLength: 2 }),
    negotiated: fc.integer({ min: 0, max: 100 }),
  })
  .map(({ priceCents, slides, negotiated }) => {
    const split = splitIncome(priceCents / 100, slides, negotiated);
    return {
      priceCents,
      depositorCents: cents(split.customerIncome),
      platformCents: cents(split.providerIncome),
    };
  });

/** Is `vat` the cent nearest to numerator / denominator, a half cent going up? */
function isNearestCent(vat: number, numerator: number, denominator: number): boolean {
  // |vat − n/d| ≤ 1/2, and exactly 1/2 only above: 2·vat·d − 2n ∈ (−d, d].
  const gap = 2 * vat * denominator - 2 * numerator;
  return gap > -denominator && gap <= denominator;
}

const isCents = (value: number) => Number.isSafeInteger(value);

describe('VAT of a sale, every regime, to the cent', () => {
  it('franchise (CGI art. 293 B): no VAT, the price is the base', () => {
    fc.assert(
      fc.property(saleArb, (sale) => {
        const vat = saleVat('FRANCHISE', sale);
        expect(vat).toMatchObject({ baseCents: sale.priceCents, vatCents: 0 });
      }),
      { numRuns: 500 },
    );
  });

  it('normal VAT on the commission: the nearest cent of 20 %, the same figure DAC7 reports', () => {
    fc.assert(
      fc.property(saleArb, fc.constantFrom('FRANCHISE', 'NORMAL', 'MARGIN' as const), (sale, r) => {
        const { commissionVatCents } = saleVat(r, sale);
        expect(isCents(commissionVatCents)).toBe(true);
        expect(commissionVatCents).toBeGreaterThanOrEqual(0);
        expect(isNearestCent(commissionVatCents, sale.platformCents * 20, 100)).toBe(true);
        expect(vatOnFees(sale.platformCents, 20)).toBe(commissionVatCents);
      }),
      { numRuns: 1000 },
    );
  });

  it('normal VAT on the price: base plus VAT is the price, to the cent when such a base exists', () => {
    fc.assert(
      fc.property(saleArb, (sale) => {
        const { baseCents, vatCents } = saleVat('NORMAL', sale);
        expect(isCents(baseCents) && isCents(vatCents)).toBe(true);
        expect(isNearestCent(vatCents, baseCents * 20, 100)).toBe(true);
        const exact = [baseCents - 1, baseCents, baseCents + 1].some(
          (b) => b + vatOf(b, 20) === sale.priceCents,
        );
        if (exact) expect(baseCents + vatCents).toBe(sale.priceCents);
        else expect(Math.abs(baseCents + vatCents - sale.priceCents)).toBe(1);
      }),
      { numRuns: 1000 },
    );
  });

  it('margin scheme (CGI art. 297 A): 20/120 of the margin over the depositor’s share, nearest cent', () => {
    fc.assert(
      fc.property(saleArb, (sale) => {
        const { baseCents, vatCents } = saleVat('MARGIN', sale);
        expect(baseCents).toBe(sale.priceCents - sale.depositorCents);
        expect(baseCents).toBeGreaterThanOrEqual(0);
        expect(isCents(vatCents)).toBe(true);
        expect(isNearestCent(vatCents, baseCents * 20, 120)).toBe(true);
        // Never more than the margin.
        expect(vatCents).toBeLessThanOrEqual(baseCents);
      }),
      { numRuns: 1000 },
    );
  });

  it('a margin of zero or less owes nothing; other rates round the same way', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10_000_000, max: 10_000_000 }),
        fc.constantFrom(2.1, 5.5, 10, 20),
        (margin, rate) => {
          const vat = vatInMargin(margin, rate);
          if (margin <= 0) expect(vat).toBe(0);
          const tenths = Math.round(rate * 10);
          if (margin > 0) expect(isNearestCent(vat, margin * tenths, 1_000 + tenths)).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
    // Ties go up: 3 cents at 20/120 is exactly half a cent.
    expect(vatInMargin(3, 20)).toBe(1);
    expect(vatInMargin(120, 20)).toBe(20);
    expect(vatInMargin(1_200, 20)).toBe(200);
  });
});
