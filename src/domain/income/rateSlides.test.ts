import { describe, expect, it } from 'vitest';
import { overlappingSlide, rangesOverlap, slideProblems } from './rateSlides.ts';

const slide = { priceStart: 0, priceEnd: 50, commission: 30, providerCommission: 10 };

describe('slideProblems', () => {
  it('accepts a slide within its bounds, 0 and 100 included', () => {
    expect(slideProblems(slide)).toEqual([]);
    expect(slideProblems({ ...slide, commission: 100, providerCommission: 0 })).toEqual([]);
  });

  it('refuses an end that is not after the start', () => {
    expect(slideProblems({ ...slide, priceStart: 50 })).toEqual([
      { field: 'priceEnd', problem: 'order' },
    ]);
    expect(slideProblems({ ...slide, priceStart: 60 })).toEqual([
      { field: 'priceEnd', problem: 'order' },
    ]);
  });

  it('refuses negative prices, percentages outside 0–100 and non-numbers, in form order', () => {
    expect(
      slideProblems({ priceStart: -1, priceEnd: NaN, commission: 101, providerCommission: -5 }),
    ).toEqual([
      { field: 'priceStart', problem: 'negative' },
      { field: 'priceEnd', problem: 'number' },
      { field: 'commission', problem: 'percent' },
      { field: 'providerCommission', problem: 'negative' },
    ]);
  });

  it('puts the order problem before the percentage ones', () => {
    expect(slideProblems({ ...slide, priceEnd: 0, commission: 120 })).toEqual([
      { field: 'priceEnd', problem: 'order' },
      { field: 'commission', problem: 'percent' },
    ]);
  });
});

describe('overlap', () => {
  const a = { uuid: 'a', priceStart: 0, priceEnd: 50 };
  const b = { uuid: 'b', priceStart: 50, priceEnd: 100 };

  it('lets a slide start where another ends (ranges are half-open)', () => {
    expect(rangesOverlap(a, b)).toBe(false);
    expect(overlappingSlide({ uuid: '', priceStart: 100, priceEnd: 200 }, [a, b])).toBeUndefined();
  });

  it('finds the lowest clashing slide', () => {
    expect(overlappingSlide({ uuid: '', priceStart: 40, priceEnd: 60 }, [b, a])).toBe(a);
  });

  it('skips the slide being edited', () => {
    expect(overlappingSlide({ uuid: 'a', priceStart: 0, priceEnd: 40 }, [a, b])).toBeUndefined();
  });

  it('reads a missing end as no upper bound and a missing start as 0', () => {
    const open = { uuid: 'o', priceStart: 200, priceEnd: null };
    expect(overlappingSlide({ uuid: '', priceStart: 1000, priceEnd: 2000 }, [open])).toBe(open);
    const fromZero = { uuid: 'z', priceStart: null, priceEnd: 10 };
    expect(overlappingSlide({ uuid: '', priceStart: 5, priceEnd: 8 }, [fromZero])).toBe(fromZero);
  });
});
