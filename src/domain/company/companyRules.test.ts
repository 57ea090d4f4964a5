import { describe, expect, it } from 'vitest';
import { companyProblems, invoiceAddress, isWebsite, normaliseCompany } from './companyRules.ts';
import { isValidSiret } from './siret.ts';

describe('isValidSiret', () => {
  it.each([
    ['73282932000074', 'the example of the INSEE documentation'],
    ['44306184100047', 'Google France, Paris'],
    ['54205118000066', 'Luhn key valid'],
    ['552 100 554 00013', 'typed with spaces'],
    ['35600000000048', 'La Poste head office, Luhn key valid'],
    ['35600000012314', 'a La Poste establishment: Luhn fails, digit sum 25'],
  ])('accepts %s (%s)', (siret) => expect(isValidSiret(siret)).toBe(true));

  it.each([
    ['73282932000075', 'wrong key'],
    ['81234567800017', 'wrong key'],
    ['7328293200007', '13 digits'],
    ['732829320000744', '15 digits'],
    ['7328293200007A', 'a letter'],
    ['', 'empty'],
    ['35600000012342', 'La Poste: neither Luhn nor a digit sum multiple of 5'],
  ])('refuses %s (%s)', (siret) => expect(isValidSiret(siret)).toBe(false));
});

describe('companyProblems', () => {
  const good = {
    title: 'Friperie',
    siret: '73282932000074',
    websiteLink: 'https://friperie.example',
    negociatedPourcentageOnPrice: 25,
  };

  it('finds nothing wrong in a good company, with or without a website', () => {
    expect(companyProblems(good)).toEqual([]);
    expect(companyProblems({ ...good, websiteLink: '' })).toEqual([]);
  });

  it('names every wrong field, in form order', () => {
    expect(
      companyProblems({
        title: ' ',
        siret: '123',
        websiteLink: 'ftp://x.example',
        negociatedPourcentageOnPrice: 101,
      }),
    ).toEqual(['COMPANY_TITLE_REQUIRED', 'SIRET_INVALID', 'WEBSITE_INVALID', 'PERCENTAGE_INVALID']);
    expect(companyProblems({ ...good, negociatedPourcentageOnPrice: 12.5 })).toEqual([
      'PERCENTAGE_INVALID',
    ]);
    expect(companyProblems({ ...good, negociatedPourcentageOnPrice: -1 })).toEqual([
      'PERCENTAGE_INVALID',
    ]);
  });

  it('takes http and https addresses only', () => {
    expect(isWebsite('http://shop.example/a')).toBe(true);
    expect(isWebsite('javascript:alert(1)')).toBe(false);
    expect(isWebsite('www.shop.example')).toBe(false);
  });

  it('stores the SIRET without spaces and texts trimmed', () => {
    expect(normaliseCompany({ ...good, title: ' A ', siret: '732 829 320 00074' })).toMatchObject({
      title: 'A',
      siret: '73282932000074',
    });
  });
});

describe('invoiceAddress', () => {
  const vendor = { address: '8 rue des Lilas', postalCode: '75011', city: 'Paris' };
  const company = {
    address: '12 rue Mercière',
    postalCode: '69002',
    city: 'Lyon',
    useVendorAddressAsFacturationAddress: false,
  };

  it('uses the company address when it has one', () => {
    expect(invoiceAddress(company, vendor)).toEqual({
      source: 'company',
      address: { address: '12 rue Mercière', postalCode: '69002', city: 'Lyon' },
    });
  });

  it('uses the vendor address when the company has none or asks for it', () => {
    const none = {
      address: '',
      postalCode: '',
      city: '',
      useVendorAddressAsFacturationAddress: false,
    };
    expect(invoiceAddress(none, vendor)).toEqual({ source: 'vendor', address: vendor });
    expect(
      invoiceAddress({ ...company, useVendorAddressAsFacturationAddress: true }, vendor).source,
    ).toBe('vendor');
  });
});
