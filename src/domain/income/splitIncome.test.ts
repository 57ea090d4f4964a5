import { describe, expect, it } from 'vitest';
import { applicableSlide, splitIncome, type RateSlide } from './splitIncome.ts';

const slide = (over: Partial<RateSlide>): RateSlide => ({
  owner: 'vendor',
  priceStart: 0,
  priceEnd: null,
  commission: 40,
  providerCommission: 10,
  ...over,
});

describe('splitIncome', () => {
  it('takes the negotiated 20 % for the vendor when no slide applies, nothing for the provider', () => {
    expect(splitIncome(50, [])).toEqual({
      customerIncome: 40,
      vendorIncome: 10,
      providerIncome: 0,
    });
  });

  it('uses a vendor negotiated percentage other than 20', () => {
    expect(splitIncome(80, [], 35)).toMatchObject({ customerIncome: 52, vendorIncome: 28 });
  });

  it('gives the provider its share of the vendor part', () => {
    // 40 % of 100 is the vendor part (40), of which 10 % goes to the provider.
    expect(splitIncome(100, [slide({})])).toMatchObject({
      customerIncome: 60,
      vendorIncome: 36,
      providerIncome: 4,
    });
  });

  it('prefers the deposit slide, then the vendor slide, then the company slide', () => {
    const company = slide({ owner: 'company', commission: 10 });
    const vendor = slide({ owner: 'vendor', commission: 30 });
    const deposit = slide({ owner: 'deposit', commission: 50 });
    expect(applicableSlide(20, [company, vendor, deposit])).toBe(deposit);
    expect(applicableSlide(20, [company, vendor])).toBe(vendor);
    expect(applicableSlide(20, [company])).toBe(company);
  });

  it('falls back to a less specific owner when the specific one has no slide for the price', () => {
    const deposit = slide({ owner: 'deposit', priceStart: 0, priceEnd: 10, commission: 50 });
    const company = slide({ owner: 'company', priceStart: 10, priceEnd: null, commission: 25 });
    expect(applicableSlide(9.99, [deposit, company])).toBe(deposit);
    expect(applicableSlide(10, [deposit, company])).toBe(company);
  });

  it('includes the start and excludes the end of a slide', () => {
    const low = slide({ priceStart: 0, priceEnd: 20, commission: 50 });
    const high = slide({ priceStart: 20, priceEnd: 100, commission: 30 });
    expect(applicableSlide(20, [low, high])).toBe(high);
    expect(applicableSlide(19.99, [low, high])).toBe(low);
    expect(applicableSlide(100, [low, high])).toBeUndefined();
  });

  it('rounds to the cent and keeps the sum exact', () => {
    const split = splitIncome(9.99, [slide({ commission: 33.333, providerCommission: 33.333 })]);
    expect(split).toMatchObject({ customerIncome: 6.66, vendorIncome: 2.22, providerIncome: 1.11 });
  });

  it('refuses a negative price', () => {
    expect(() => splitIncome(-1, [])).toThrow(RangeError);
  });
});
