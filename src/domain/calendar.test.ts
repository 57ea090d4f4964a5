import { describe, expect, it } from 'vitest';
import { parisDay } from './calendar.ts';

describe('parisDay', () => {
  it('follows Paris time, summer and winter', () => {
    expect(parisDay(new Date('2025-06-11T21:59:00Z'))).toBe('2025-06-11');
    expect(parisDay(new Date('2025-06-11T22:00:00Z'))).toBe('2025-06-12');
    expect(parisDay(new Date('2025-01-11T22:59:00Z'))).toBe('2025-01-11');
    expect(parisDay(new Date('2025-01-11T23:00:00Z'))).toBe('2025-01-12');
  });
});
