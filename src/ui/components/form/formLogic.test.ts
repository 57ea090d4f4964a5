import { describe, expect, it } from 'vitest';
import { toggleChip } from './chips.ts';
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
