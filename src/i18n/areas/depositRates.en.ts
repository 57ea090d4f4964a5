import type { depositRatesFr } from './depositRates.fr.ts';

/** depositRates texts (en): the commission rates tab of a deposit. */
export const depositRatesEn: typeof depositRatesFr = {
  depositRates: {
    tab: 'Commission rates',
    title: 'This deposit’s commission brackets',
    hint: 'For the prices they cover, this deposit’s brackets replace those of the vendor and of their company; elsewhere the vendor’s brackets apply, or else the negotiated percentage.',
    previewHint:
      'The preview applies this deposit’s brackets only (or else the negotiated percentage).',
  },
};
