import { describe, expect, it } from 'vitest';
import {
  COMPLETENESS_CODES,
  MINIMUM_PRICE_FOR_LOW_QUALITY,
  completenessI18nKey,
  missingForPublication,
  publishRequestProblems,
  type CompletenessCategory,
  type CompletenessInput,
} from './completeness.ts';

const clothing: CompletenessCategory = {
  showColor: true,
  showSize: true,
  showMeasurements: false,
  showBrand: true,
  showAuthor: false,
  showBookTitle: false,
  showIsbn: false,
  showVideoGameRating: false,
  skipPriceLimit: false,
};
const books: CompletenessCategory = {
  ...clothing,
  showSize: false,
  showBrand: false,
  showIsbn: true,
};
const games: CompletenessCategory = { ...books, showIsbn: false, showVideoGameRating: true };

const complete: CompletenessInput = {
  hasMainImage: true,
  category: 'c1',
  categoryRow: clothing,
  brand: 'b1',
  productSize: 's1',
  quality: 'VERY_GOOD',
  suggestedPrice: 12,
};

describe('publication completeness', () => {
  it('passes a complete product', () => {
    expect(missingForPublication(complete)).toEqual([]);
  });

  it.each([
    [{ hasMainImage: false }, 'MAIN_IMAGE'],
    [{ manualCategory: 'Pull tricoté main' }, 'MANUAL_CATEGORY'],
    [{ category: '', categoryRow: null }, 'CATEGORY'],
    [{ categoryRow: null }, 'UNKNOWN_CATEGORY'],
    [{ brand: '' }, 'BRAND'],
    [{ productSize: null }, 'SIZE'],
    [{ quality: null }, 'QUALITY'],
    [{ quality: 'REFUSED' }, 'QUALITY'],
    [{ suggestedPrice: null }, 'SUGGESTED_PRICE'],
    [{ suggestedPrice: 0 }, 'SUGGESTED_PRICE'],
  ] as const)('names what is missing: %j → %s', (change, code) => {
    expect(missingForPublication({ ...complete, ...change })).toEqual([code]);
  });

  it('takes a manual brand for the brand', () => {
    expect(missingForPublication({ ...complete, brand: null, manualBrand: 'Maison X' })).toEqual(
      [],
    );
  });

  it('asks ISBN and video-game rating only where the category shows them', () => {
    expect(missingForPublication({ ...complete, categoryRow: books, brand: null })).toEqual([
      'ISBN',
    ]);
    expect(missingForPublication({ ...complete, categoryRow: games, isbn: '978' })).toEqual([
      'VIDEO_GAME_RATING',
    ]);
    expect(
      missingForPublication({ ...complete, categoryRow: books, isbn: '9782070360024' }),
    ).toEqual([]);
  });

  it('refuses a cheap item in the lowest condition unless its category skips the limit', () => {
    const cheap = { ...complete, quality: 'SATISFYING', suggestedPrice: 3 } as const;
    expect(missingForPublication(cheap)).toEqual(['PRICE_QUALITY_TOO_LOW']);
    expect(
      missingForPublication({ ...cheap, suggestedPrice: MINIMUM_PRICE_FOR_LOW_QUALITY }),
    ).toEqual([]);
    expect(missingForPublication({ ...cheap, quality: 'GOOD' })).toEqual([]);
    expect(
      missingForPublication({ ...cheap, categoryRow: { ...clothing, skipPriceLimit: true } }),
    ).toEqual([]);
  });

  it('lists every failure at once, in the order of the specification', () => {
    expect(
      missingForPublication({ hasMainImage: false, categoryRow: null, category: null }),
    ).toEqual(['MAIN_IMAGE', 'CATEGORY', 'QUALITY', 'SUGGESTED_PRICE']);
  });

  it('gives every code a text key', () => {
    expect(COMPLETENESS_CODES.map(completenessI18nKey)).toContain(
      'publishingMissing.videoGameRating',
    );
  });

  it('needs publishers and products', () => {
    expect(publishRequestProblems([], [])).toEqual(['NO_PUBLISHERS', 'NO_PRODUCTS']);
    expect(publishRequestProblems(['c'], ['p'])).toEqual([]);
  });
});
