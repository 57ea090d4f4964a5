import { describe, expect, it } from 'vitest';
import {
  decimalOf,
  isExcludedSeller,
  isFrenchPersonalTin,
  missingSellerData,
  quarterOfMonth,
  vatOnFees,
  wholeUnits,
  type SellerIdentity,
} from './dac7Rules.ts';

describe('DAC7 thresholds (Annex V, section I(B)(4)(d))', () => {
  it('excludes fewer than 30 sales that add up to at most 2,000 €', () => {
    expect(isExcludedSeller(29, 199_999)).toBe(true);
    expect(isExcludedSeller(29, 200_000)).toBe(true);
    expect(isExcludedSeller(0, 0)).toBe(true);
  });
  it('reports 30 sales whatever they add up to, and more than 2,000 € whatever the count', () => {
    expect(isExcludedSeller(30, 3_000)).toBe(false);
    expect(isExcludedSeller(1, 200_001)).toBe(false);
  });
});

describe('amounts', () => {
  it('writes whole units rounded half up, without floats', () => {
    expect(wholeUnits(0)).toBe('0');
    expect(wholeUnits(49)).toBe('0');
    expect(wholeUnits(50)).toBe('1');
    expect(wholeUnits(200_001)).toBe('2000');
    expect(wholeUnits(199_950)).toBe('2000');
    expect(wholeUnits(-150)).toBe('-2');
    expect(() => wholeUnits(0.5)).toThrow();
  });
  it('writes decimals with two places', () => {
    expect(decimalOf(200_001)).toBe('2000.01');
    expect(decimalOf(5)).toBe('0.05');
    expect(decimalOf(-1_234)).toBe('-12.34');
  });
  it('charges VAT on fees to the cent', () => {
    expect(vatOnFees(1_000, 20)).toBe(200);
    expect(vatOnFees(333, 20)).toBe(67);
    expect(vatOnFees(0, 20)).toBe(0);
  });
  it('puts months in quarters', () => {
    expect([1, 3, 4, 6, 7, 9, 10, 12].map(quarterOfMonth)).toEqual([1, 1, 2, 2, 3, 3, 4, 4]);
  });
});

describe('missing seller data', () => {
  const person: SellerIdentity = {
    kind: 'INDIVIDUAL',
    firstName: 'Léa',
    lastName: 'Martin',
    name: '',
    address: '3 rue Oberkampf',
    city: 'Paris',
    countryCode: 'FR',
    tin: '1234567890123',
    birthDate: '1990-04-02',
    registrationNumber: '',
    iban: 'FR7630006000011234567890189',
  };
  it('finds nothing missing on a complete person', () => {
    expect(missingSellerData(person)).toEqual([]);
  });
  it('names each gap of a person', () => {
    expect(
      missingSellerData({ ...person, tin: ' ', birthDate: '', address: '', iban: '' }),
    ).toEqual(['ADDRESS', 'TIN', 'BIRTH_DATE', 'IBAN']);
  });
  it('asks an entity for its registration number, not a date of birth', () => {
    const entity = { ...person, kind: 'ENTITY' as const, name: 'Fripes SARL', birthDate: '' };
    expect(missingSellerData(entity)).toEqual(['REGISTRATION_NUMBER']);
  });
  it('checks the shape of a French personal TIN', () => {
    expect(isFrenchPersonalTin('1234567890123')).toBe(true);
    expect(isFrenchPersonalTin('9234567890123')).toBe(false);
    expect(isFrenchPersonalTin('12345')).toBe(false);
  });
});
