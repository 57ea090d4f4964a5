import { describe, expect, it } from 'vitest';
import {
  parisMidnight,
  periodErrors,
  periodInstants,
  shortcutPeriod,
  type PeriodShortcut,
} from './invoicePeriods.ts';

const at = (iso: string) => new Date(iso);

describe('invoice period shortcuts', () => {
  const cases: [PeriodShortcut, string, string, string][] = [
    ['thisMonth', '2026-11-26T12:00:00Z', '2026-11-01', '2026-11-26'],
    ['lastMonth', '2026-11-26T12:00:00Z', '2026-10-01', '2026-10-31'],
    ['lastMonth', '2026-01-15T12:00:00Z', '2025-12-01', '2025-12-31'],
    ['lastMonth', '2024-03-10T12:00:00Z', '2024-02-01', '2024-02-29'],
    ['thisQuarter', '2026-11-26T12:00:00Z', '2026-10-01', '2026-11-26'],
    ['thisQuarter', '2026-03-31T12:00:00Z', '2026-01-01', '2026-03-31'],
    ['lastYear', '2026-11-26T12:00:00Z', '2025-01-01', '2025-12-31'],
    // 23:30 UTC on the 31st of December is already the new year in Paris.
    ['lastYear', '2026-12-31T23:30:00Z', '2026-01-01', '2026-12-31'],
    ['lastMonth', '2026-11-30T23:30:00Z', '2026-11-01', '2026-11-30'],
  ];
  it.each(cases)('%s at %s runs from %s to %s', (shortcut, now, from, to) => {
    expect(shortcutPeriod(shortcut, at(now))).toEqual({ dateFrom: from, dateTo: to });
  });
});

describe('invoice period errors', () => {
  it('names a missing, an unreal day and an end before the start at their field', () => {
    expect(periodErrors({ dateFrom: '', dateTo: '2026-10-31' })).toEqual({
      dateFrom: 'invoices.errorDateRequired',
    });
    expect(periodErrors({ dateFrom: '2026-02-30', dateTo: '' })).toEqual({
      dateFrom: 'invoices.errorDateInvalid',
      dateTo: 'invoices.errorDateRequired',
    });
    expect(periodErrors({ dateFrom: '2026-10-31', dateTo: '2026-10-01' })).toEqual({
      dateTo: 'invoices.errorEndBeforeStart',
    });
    expect(periodErrors({ dateFrom: '2026-10-01', dateTo: '2026-10-01' })).toEqual({});
  });
});

describe('invoice period instants', () => {
  it('start at Paris midnight, summer and winter time alike', () => {
    expect(parisMidnight('2026-07-01').toISOString()).toBe('2026-06-30T22:00:00.000Z');
    expect(parisMidnight('2026-12-01').toISOString()).toBe('2026-11-30T23:00:00.000Z');
    // The days of the clock changes.
    expect(parisMidnight('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(parisMidnight('2026-10-25').toISOString()).toBe('2026-10-24T22:00:00.000Z');
  });
  it('end at the start of the day after the last one, so adjacent periods never overlap', () => {
    const october = periodInstants({ dateFrom: '2026-10-01', dateTo: '2026-10-31' });
    const november = periodInstants({ dateFrom: '2026-11-01', dateTo: '2026-11-30' });
    expect(october.start.toISOString()).toBe('2026-09-30T22:00:00.000Z');
    expect(october.end.toISOString()).toBe('2026-10-31T23:00:00.000Z');
    expect(october.end.getTime()).toBe(november.start.getTime());
  });
});
