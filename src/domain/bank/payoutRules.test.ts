import { describe, expect, it } from 'vitest';
import { bankDetailsProblems, normaliseBankDetails, transferReadiness } from './payoutRules.ts';

describe('bankDetailsProblems', () => {
  it('accepts empty details and valid ones', () => {
    expect(bankDetailsProblems({ iban: '', bic: '', accountHolder: '' })).toEqual([]);
    expect(
      bankDetailsProblems({
        iban: 'FR76 3000 6000 0112 3456 7890 189',
        bic: 'bnpafrpp',
        accountHolder: 'Zoé',
      }),
    ).toEqual([]);
  });

  it('names the field of each problem, in form order', () => {
    expect(
      bankDetailsProblems({
        iban: 'FR7630006000011234567890188',
        bic: 'BNP',
        accountHolder: '',
      }),
    ).toEqual([
      { reason: 'IBAN_CHECKSUM', field: 'iban' },
      { reason: 'BIC_INVALID', field: 'bic' },
    ]);
  });
});

describe('normaliseBankDetails', () => {
  it('stores the IBAN in electronic format, the BIC upper-cased, the holder trimmed', () => {
    expect(
      normaliseBankDetails({
        iban: 'fr76 3000 6000 0112 3456 7890 189',
        bic: ' bnpafrpp ',
        accountHolder: '  Zoé   Dupré ',
      }),
    ).toEqual({ iban: 'FR7630006000011234567890189', bic: 'BNPAFRPP', accountHolder: 'Zoé Dupré' });
  });
});

describe('transferReadiness', () => {
  it('says why a transfer cannot go', () => {
    expect(transferReadiness(null, null)).toEqual({ ok: false, reason: 'IBAN_MISSING' });
    expect(transferReadiness('  ', '')).toEqual({ ok: false, reason: 'IBAN_MISSING' });
    expect(transferReadiness('DE89370400440532013001', '')).toEqual({
      ok: false,
      reason: 'IBAN_CHECKSUM',
    });
    expect(transferReadiness('DE89370400440532013000', 'XX')).toEqual({
      ok: false,
      reason: 'BIC_INVALID',
    });
    expect(transferReadiness('DE89370400440532013000', null)).toEqual({
      ok: true,
      iban: 'DE89370400440532013000',
    });
  });
});
