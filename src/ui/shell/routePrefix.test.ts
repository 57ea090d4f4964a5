import { describe, expect, it } from 'vitest';
import { currentTab } from './RouteTabs.tsx';
import { choosePrefix } from './routePrefix.ts';

describe('choosePrefix', () => {
  it('chooses the longest route name the current one starts with', () => {
    const names = ['stats', 'statsNew', 'editProfile', 'editProfile.rates'];
    expect(choosePrefix(names, 'statsNew.vendorHiring', '.')).toBe('statsNew');
    expect(choosePrefix(names, 'stats', '.')).toBe('stats');
    expect(choosePrefix(names, 'editProfile.ratesCompany', '.')).toBe('editProfile');
    expect(choosePrefix(names, 'editProfile.rates', '.')).toBe('editProfile.rates');
    expect(choosePrefix(names, 'dashboard', '.')).toBeNull();
    expect(choosePrefix(names, null, '.')).toBeNull();
  });

  it('chooses a tab by path segments; the root and a page root match only themselves', () => {
    const tabs = ['/contact/1', '/contact/1/dressing', '/contact/1/invoices'];
    expect(choosePrefix(tabs, '/contact/1', '/')).toBe('/contact/1');
    expect(choosePrefix(tabs, '/contact/1/', '/')).toBe('/contact/1');
    expect(choosePrefix(tabs, '/contact/1/dressing/abc', '/')).toBe('/contact/1/dressing');
    expect(choosePrefix(tabs, '/contact/12', '/')).toBeNull();
    expect(choosePrefix(['/', '/deposits'], '/deposits/x', '/')).toBe('/deposits');
    expect(choosePrefix(['/', '/deposits'], '/', '/')).toBe('/');
  });
});

describe('currentTab', () => {
  const tabs = [
    { to: '/vendor/1', label: 'Information', end: true },
    { to: '/vendor/1/deposits', label: 'Deposits' },
    { to: '/vendor/1/dressing', label: 'Dressing' },
  ];
  it('lights the first tab only on the page root, the others by path prefix', () => {
    expect(currentTab(tabs, '/vendor/1')).toBe('/vendor/1');
    expect(currentTab(tabs, '/vendor/1/')).toBe('/vendor/1');
    expect(currentTab(tabs, '/vendor/1/dressing/abc')).toBe('/vendor/1/dressing');
    expect(currentTab(tabs, '/vendor/1/company')).toBeNull();
  });
});
