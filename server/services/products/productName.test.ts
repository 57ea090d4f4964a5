import { describe, expect, it } from 'vitest';
import { agreeColor, productName } from './productName.ts';

describe('productName', () => {
  it('writes category, brand, agreed colour, size and condition', () => {
    expect(
      productName({ noun: 'Robe', brand: 'Zara', color: 'Bleu', size: 'M', quality: 'VERY_GOOD' }),
    ).toBe('Robe Zara bleue taille M – Très bon état');
  });

  it('keeps the colour masculine after a masculine noun', () => {
    expect(productName({ noun: 'Pull', brand: 'Sézane', color: 'Vert', quality: 'GOOD' })).toBe(
      'Pull Sézane vert – Bon état',
    );
  });

  it('leaves out what is missing', () => {
    expect(productName({ noun: '' })).toBe('Article');
    expect(productName({ noun: 'Livre', quality: 'NEW_WITH_TICKET' })).toBe(
      'Livre – Neuf avec étiquette',
    );
  });

  it('keeps compound and invariable colours as they are', () => {
    expect(agreeColor('Bleu marine', true)).toBe('bleu marine');
    expect(agreeColor('Rose', true)).toBe('rose');
    expect(agreeColor('Blanc', true)).toBe('blanche');
  });
});
