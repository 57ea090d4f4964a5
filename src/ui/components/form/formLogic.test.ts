import { describe, expect, it } from 'vitest';
import { toggleChip } from './chips.ts';
import {
  addDays,
  dayError,
  displayOf,
  orderRange,
  RANGE_SHORTCUTS,
  shortcutRange,
  valueOfDisplay,
} from './dates.ts';
import { PHONE_PLACEHOLDER, stripPhone } from './phone.ts';
import { firstError, isEmpty, isOptional, required, REQUIRED_KEY } from './rules.ts';
import { toggleSelection, truncateSelection } from './select.ts';

describe('rules', () => {
  it.each([null, undefined, '', '   ', []])('finds %j empty and required fails', (value) => {
    expect(isEmpty(value)).toBe(true);
    expect(required(value)).toBe(REQUIRED_KEY);
  });

  it.each(['a', 0, false, ['x']])('accepts %j as filled', (value) => {
    expect(required(value)).toBeNull();
  });

  it('answers the first failing rule and calls a field without rules optional', () => {
    const short = (v: string) => (v.length < 3 ? 'forms.tooShort' : null);
    expect(firstError('', [required, short])).toBe(REQUIRED_KEY);
    expect(firstError('ab', [required, short])).toBe('forms.tooShort');
    expect(firstError('abc', [required, short])).toBeNull();
    expect(isOptional(undefined)).toBe(true);
    expect(isOptional([])).toBe(true);
    expect(isOptional([required])).toBe(false);
  });
});

describe('phone', () => {
  it('strips every kind of whitespace and shows a French mobile placeholder', () => {
    expect(stripPhone(' 06 12\t34 56\u00a078 ')).toBe('0612345678');
    expect(stripPhone('+33 6 12 34 56 78')).toBe('+33612345678');
    expect(PHONE_PLACEHOLDER).toBe('06 12 34 56 78');
  });
});

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
});

describe('chips', () => {
  it('adds up to the maximum, then replaces the last entry', () => {
    const multi = { multiple: true, max: 3 };
    expect(toggleChip(['a', 'b'], 'c', multi)).toEqual(['a', 'b', 'c']);
    expect(toggleChip(['a', 'b', 'c'], 'd', multi)).toEqual(['a', 'b', 'd']);
    expect(toggleChip(['a', 'b', 'c'], 'b', multi)).toEqual(['a', 'c']);
    expect(toggleChip(['a'], 'b', { multiple: true })).toEqual(['a', 'b']);
  });

  it('keeps a single choice outside multiple mode', () => {
    expect(toggleChip(['a'], 'b', { multiple: false })).toEqual(['b']);
    expect(toggleChip(['a'], 'a', { multiple: false })).toEqual([]);
  });
});

describe('select', () => {
  it('truncates a selection to its maximum', () => {
    expect(truncateSelection(['a', 'b', 'c'], 2)).toEqual(['a', 'b']);
    expect(truncateSelection(['a'], 2)).toEqual(['a']);
    expect(truncateSelection(['a', 'b'], undefined)).toEqual(['a', 'b']);
  });

  it('keeps the options’ order and never goes past the maximum', () => {
    const order = ['a', 'b', 'c', 'd'];
    expect(toggleSelection(['c'], 'a', true, order, 2)).toEqual(['a', 'c']);
    expect(toggleSelection(['a', 'c'], 'd', true, order, 2)).toEqual(['a', 'c']);
    expect(toggleSelection(['a', 'c'], 'a', false, order, 2)).toEqual(['c']);
  });
});
