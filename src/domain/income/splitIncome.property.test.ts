import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applicableSlide, splitIncome, type RateSlide } from './splitIncome.ts';

const cents = (value: number) => Math.round(value * 100);

const slideArb: fc.Arbitrary<RateSlide> = fc
  .record({
    owner: fc.constantFrom('deposit' as const, 'vendor' as const, 'company' as const),
    start: fc.option(fc.integer({ min: 0, max: 50_000 }), { nil: null }),
    width: fc.option(fc.integer({ min: 1, max: 50_000 }), { nil: null }),
    commission: fc.double({ min: -10, max: 110, noNaN: true }),
    providerCommission: fc.double({ min: -10, max: 110, noNaN: true }),
  })
  .map(({ owner, start, width, commission, providerCommission }) => ({
    owner,
    priceStart: start === null ? null : start / 100,
    priceEnd: width === null ? null : ((start ?? 0) + width) / 100,
    commission,
    providerCommission,
  }));

const priceArb = fc.integer({ min: 0, max: 10_000_000 }).map((c) => c / 100);

describe('splitIncome properties', () => {
  it('the three incomes are whole cents, never negative, and add up to the price', () => {
    fc.assert(
      fc.property(
        priceArb,
        fc.array(slideArb, { maxLength: 6 }),
        fc.integer({ min: 0, max: 100 }),
        (price, slides, negotiated) => {
          const split = splitIncome(price, slides, negotiated);
          const parts = [split.customerIncome, split.vendorIncome, split.providerIncome];
          for (const part of parts) {
            expect(part).toBeGreaterThanOrEqual(0);
            expect(cents(part) / 100).toBe(part);
          }
          expect(parts.reduce((sum, part) => sum + cents(part), 0)).toBe(cents(price));
          expect(Math.abs(parts.reduce((a, b) => a + b, 0) - price)).toBeLessThan(0.005);
        },
      ),
    );
  });

  it('the applied slide covers the price, and no more specific owner had one that did', () => {
    const rank = { deposit: 0, vendor: 1, company: 2 };
    fc.assert(
      fc.property(priceArb, fc.array(slideArb, { maxLength: 6 }), (price, slides) => {
        const chosen = applicableSlide(price, slides);
        const covering = slides.filter(
          (s) => (s.priceStart ?? 0) <= price && (s.priceEnd === null || price < s.priceEnd),
        );
        if (!chosen) {
          expect(covering).toHaveLength(0);
          return;
        }
        expect(covering).toContain(chosen);
        for (const other of covering)
          expect(rank[other.owner]).toBeGreaterThanOrEqual(rank[chosen.owner]);
      }),
    );
  });

  it('the customer never gets less when the vendor commission goes down', () => {
    fc.assert(
      fc.property(
        priceArb,
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        (price, a, b) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          expect(splitIncome(price, [], low).customerIncome).toBeGreaterThanOrEqual(
            splitIncome(price, [], high).customerIncome,
          );
        },
      ),
    );
  });
});
