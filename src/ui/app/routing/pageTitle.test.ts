import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../../domain/routing/routeTable.ts';
import { en } from '../../../i18n/en.ts';
import { fr } from '../../../i18n/fr.ts';
import { pageTitle, routeNameOf, titleKeyOf } from './pageTitle.ts';

const has = (texts: object, key: string) => {
  const [area, item] = key.split('.');
  return typeof (texts as Record<string, Record<string, unknown>>)[area!]?.[item!] === 'string';
};

describe('page titles from the route table', () => {
  it('every title key of the table exists in both languages', () => {
    const keys = ROUTES.flatMap((route) => (route.titleKey ? [route.titleKey] : []));
    for (const key of [...keys, 'routes.notFound']) {
      expect(has(fr, key), key).toBe(true);
      expect(has(en, key), key).toBe(true);
    }
  });

  it.each([
    ['/', 'routes.dashboard'],
    ['/contacts', 'routes.contacts'],
    ['/customers', 'routes.contacts'],
    ['/contact/abc/dressing', 'routes.contact'],
    ['/inventory', 'routes.stock'],
    ['/new-deposit/deposit-info/abc', 'routes.newDeposit'],
    ['/nouveau-vendeur-seconde-main', null],
    ['/nowhere', 'routes.notFound'],
  ])('%s is titled %s', (path, key) => {
    expect(titleKeyOf(path)).toBe(key);
  });

  it('joins the page and the brand, or shows the brand alone', () => {
    expect(pageTitle('Contacts', 'Seconde')).toBe('Contacts · Seconde');
    expect(pageTitle(null, 'Seconde')).toBe('Seconde');
  });

  it('names the screen whatever its parameters and alias', () => {
    expect(routeNameOf('/contact/a')).toBe(routeNameOf('/customer/b/invoices'));
    expect(routeNameOf('/stock')).toBe(routeNameOf('/inventory'));
    expect(routeNameOf('/stock')).not.toBe(routeNameOf('/stats'));
  });
});
