import { describe, expect, it } from 'vitest';
import { formatDate, formatPrice } from './format.ts';

describe('date and price display', () => {
  const lateEvening = Date.UTC(2026, 10, 23, 22, 30); // 22:30 UTC is 23:30 in Paris (winter time)

  it('shows DD/MM/YYYY in Paris time, with HH:mm on request', () => {
    expect(formatDate(lateEvening, 'fr')).toBe('23/11/2026');
    expect(formatDate(lateEvening, 'fr', true)).toBe('23/11/2026 23:30');
    expect(formatDate(lateEvening, 'en')).toBe('23/11/2026');
    expect(formatDate(null, 'fr')).toBe('');
  });

  it('shows euros in the reader’s language', () => {
    expect(formatPrice(12.5, 'fr')).toMatch(/^12,50\s€$/);
    expect(formatPrice(12.5, 'en')).toBe('€12.50');
  });
});
