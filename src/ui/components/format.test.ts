import { describe, expect, it } from 'vitest';
import { formatPrice } from './format.ts';

describe('price display', () => {
  it('shows euros in the reader’s language', () => {
    expect(formatPrice(12.5, 'fr')).toMatch(/^12,50\s€$/);
    expect(formatPrice(12.5, 'en')).toBe('€12.50');
  });
});
