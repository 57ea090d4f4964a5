import { describe, expect, it } from 'vitest';
import { checkBic, checkIban, formatIban, maskIban } from './iban.ts';

describe('checkIban', () => {
  it.each([
    ['FR1420041010050500013M02606', 'France, La Banque Postale, letter in the account'],
    ['FR7630006000011234567890189', 'France'],
    ['DE89370400440532013000', 'Germany'],
    ['GB29NWBK60161331926819', 'United Kingdom (SEPA, outside the EU)'],
    ['ES9121000418450200051332', 'Spain'],
    ['IT60X0542811101000000123456', 'Italy, national CIN letter'],
    ['NL91ABNA0417164300', 'Netherlands'],
    ['BE68539007547034', 'Belgium'],
    ['CH9300762011623852957', 'Switzerland'],
  ])('accepts %s (%s)', (iban) => {
    expect(checkIban(iban)).toEqual({ ok: true, iban });
  });

  it('returns the electronic format of a typed IBAN', () => {
    expect(checkIban(' fr76 3000 6000 0112 3456 7890 189 ')).toEqual({
      ok: true,
      iban: 'FR7630006000011234567890189',
    });
    expect(checkIban('DE89-3704-0044-0532-0130-00')).toEqual({
      ok: true,
      iban: 'DE89370400440532013000',
    });
  });

  it.each([
    ['FR7630006000011234567890188', 'one digit typed wrong'],
    ['FR7730006000011234567890189', 'wrong check digits'],
    ['DE89370400440532013001', 'last digit typed wrong'],
    ['DE98370400440532013000', 'check digits swapped'],
    ['GB29NWBK60161331926818', 'last digit typed wrong'],
    ['NL91ABNA0417164301', 'last digit typed wrong'],
  ])('refuses %s with IBAN_CHECKSUM (%s)', (iban) => {
    expect(checkIban(iban)).toEqual({ ok: false, reason: 'IBAN_CHECKSUM' });
  });

  it.each([
    ['', 'empty'],
    ['FR76', 'no account'],
    ['7630006000011234567890189', 'no country'],
    ['FR763000600001123456789018', 'one character missing'],
    ['DE893704004405320130001', 'one character too many'],
    ['FR76 3000 6000 0112 3456 7890 18#', 'a sign'],
    ['DE89A70400440532013000', 'a letter where Germany wants digits'],
  ])('refuses %j with IBAN_FORMAT (%s)', (iban) => {
    expect(checkIban(iban)).toEqual({ ok: false, reason: 'IBAN_FORMAT' });
  });

  it.each([
    ['BR1800360305000010009795493C1', 'Brazil, a valid IBAN outside SEPA'],
    ['TR330006100519786457841326', 'Turkey, a valid IBAN outside SEPA'],
    ['XX7630006000011234567890189', 'no such country'],
  ])('refuses %s with IBAN_COUNTRY (%s)', (iban) => {
    expect(checkIban(iban)).toEqual({ ok: false, reason: 'IBAN_COUNTRY' });
  });
});

describe('checkBic', () => {
  it.each([
    ['BNPAFRPP', 'BNPAFRPP'],
    ['BNPAFRPPXXX', 'BNPAFRPPXXX'],
    ['deutdeff', 'DEUTDEFF'],
    ['PSST FR PP PAR', 'PSSTFRPPPAR'],
  ])('accepts %s', (input, bic) => expect(checkBic(input)).toEqual({ ok: true, bic }));

  it.each(['', 'BNPAFRP', 'BNPAFRPPXX', 'BNPA1RPP', 'BNPAZZPP'])('refuses %j', (bic) =>
    expect(checkBic(bic)).toEqual({ ok: false, reason: 'BIC_INVALID' }),
  );
});

describe('formatIban and maskIban', () => {
  it('groups by four', () => {
    expect(formatIban('FR7630006000011234567890189')).toBe('FR76 3000 6000 0112 3456 7890 189');
    expect(formatIban('be68 5390 0754 7034')).toBe('BE68 5390 0754 7034');
  });

  it('keeps the country, the check digits and the last four characters', () => {
    expect(maskIban('FR7630006000011234567891234')).toBe('FR76 **** **** **** **** ***1 234');
    expect(maskIban('DE89370400440532013000')).toBe('DE89 **** **** **** **30 00');
    expect(maskIban('BE68539007547034')).toBe('BE68 **** **** 7034');
  });

  it('never shows more than eight characters of the account', () => {
    const masked = maskIban('IT60X0542811101000000123456');
    expect(masked.replace(/[\s*]/g, '')).toBe('IT603456');
  });
});
