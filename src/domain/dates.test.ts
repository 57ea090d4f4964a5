import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayError,
  displayOf,
  formatDate,
  formatMonth,
  orderRange,
  RANGE_SHORTCUTS,
  shortcutRange,
  valueOfDisplay,
} from './dates.ts';

describe('dates', () => {
  it('shows DD/MM/YYYY and keeps YYYY-MM-DD, refusing days that do not exist', () => {
    expect(displayOf('2024-05-03')).toBe('03/05/2024');
    expect(displayOf(null)).toBe('');
    expect(valueOfDisplay('03/05/2024')).toBe('2024-05-03');
    expect(valueOfDisplay('3/5/2024')).toBe('2024-05-03');
    expect(valueOfDisplay('29/02/2024')).toBe('2024-02-29');
    expect(valueOfDisplay('29/02/2023')).toBeNull();
    expect(valueOfDisplay('2024-05-03')).toBeNull();
  });

  it('checks min, max and the allowed days', () => {
    const weekdays = (v: string) => ![0, 6].includes(new Date(`${v}T12:00:00Z`).getUTCDay());
    const limits = { min: '2024-05-01', max: '2024-05-31', isAllowed: weekdays };
    expect(dayError('2024-05-02', limits)).toBeNull();
    expect(dayError('2024-04-30', limits)).toBe('forms.dateOutOfRange');
    expect(dayError('2024-06-01', limits)).toBe('forms.dateOutOfRange');
    expect(dayError('2024-05-04', limits)).toBe('forms.dateNotAllowed');
    expect(dayError('2024-02-30', limits)).toBe('forms.dateInvalid');
  });

  it('puts a range in order, whichever day came first', () => {
    expect(orderRange(['2024-05-10', '2024-05-01'])).toEqual(['2024-05-01', '2024-05-10']);
    expect(orderRange(['2024-05-01', '2024-05-10'])).toEqual(['2024-05-01', '2024-05-10']);
    expect(orderRange([null, '2024-05-01'])).toEqual([null, '2024-05-01']);
  });

  it('counts days across months, years and daylight-saving changes', () => {
    expect(addDays('2024-03-31', -1)).toBe('2024-03-30');
    expect(addDays('2024-01-01', -1)).toBe('2023-12-31');
    expect(addDays('2024-10-27', 1)).toBe('2024-10-28');
  });

  it('computes the four shortcuts of the spec, ending today in Paris', () => {
    expect(RANGE_SHORTCUTS).toEqual([
      'lastSevenDays',
      'lastThirtyDays',
      'lastSixMonths',
      'sinceStartOfYear',
    ]);
    // 23:30 UTC on 14 May is already 15 May in Paris.
    const now = new Date('2024-05-14T23:30:00Z');
    expect(shortcutRange('lastSevenDays', now)).toEqual({
      dateFrom: '2024-05-09',
      dateTo: '2024-05-15',
    });
    expect(shortcutRange('lastThirtyDays', now).dateFrom).toBe('2024-04-16');
    expect(shortcutRange('lastSixMonths', now).dateFrom).toBe(addDays('2024-05-15', -179));
    expect(shortcutRange('sinceStartOfYear', now).dateFrom).toBe('2024-01-01');
    expect(shortcutRange('thisMonth', now).dateFrom).toBe('2024-05-01');
  });

  it('shows an instant as DD/MM/YYYY in Paris time, with HH:mm on request', () => {
    const lateEvening = Date.UTC(2026, 10, 23, 22, 30); // 22:30 UTC is 23:30 in Paris (winter)
    expect(formatDate(lateEvening, 'fr')).toBe('23/11/2026');
    expect(formatDate(lateEvening, 'fr', true)).toBe('23/11/2026 23:30');
    expect(formatDate(lateEvening, 'en')).toBe('23/11/2026');
    expect(formatDate(null, 'fr')).toBe('');
  });

  it('names a month in the reader’s language', () => {
    expect(formatMonth('2024-03', 'fr')).toBe('mars 2024');
    expect(formatMonth('2024-03', 'en')).toBe('March 2024');
  });
});
