import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/en.ts';
import { fr } from '../../i18n/fr.ts';
import { ROUTES } from '../../domain/routing/routeTable.ts';
import { mainRole } from '../../domain/roles.ts';
import { currentItem, sideBarItems, type SideBarItem } from './sideBarModel.ts';

const itemsOf = (groups: string[]) => sideBarItems(groups, mainRole(groups));
const names = (groups: string[]) => itemsOf(groups).map((item) => item.name);

describe('side bar from the route table', () => {
  it('shows customers their dressing and information, nothing of the vendor side', () => {
    const customer = names(['Customer']);
    expect(customer).toEqual(
      expect.arrayContaining(['dashboard', 'dressing', 'myInformation', 'messaging']),
    );
    for (const name of ['vendors', 'contacts', 'marketplace', 'stock', 'stats', 'outbox'])
      expect(customer).not.toContain(name);
  });

  it('shows vendors the marketplace, stock and contacts, not the staff screens', () => {
    const vendor = names(['Vendor']);
    expect(vendor).toEqual(
      expect.arrayContaining(['dashboard', 'deposits', 'marketplace', 'stock', 'contacts']),
    );
    for (const name of ['vendors', 'stats', 'statsNew', 'depositRequests', 'dressing'])
      expect(vendor).not.toContain(name);
  });

  it('shows admins the vendors and statistics, and the marketplace only to vendors', () => {
    const admin = names(['Admin', 'Vendor']);
    expect(admin).toEqual(
      expect.arrayContaining(['vendors', 'stats', 'statsNew', 'depositRequests', 'outbox']),
    );
    expect(admin).not.toContain('marketplace');
  });

  it('keeps the table order, dashboard first, appended items last', () => {
    const vendor = itemsOf(['Vendor']);
    expect(vendor[0]!.name).toBe('dashboard');
    expect(vendor.at(-1)).toMatchObject({ name: 'newDeposit', external: true });
    const orders = vendor
      .filter((item) => !item.external)
      .map((item) => ROUTES.find((r) => r.name === item.name)!.nav!.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });

  it('never lists a route the guard would refuse, nor one needing a parameter', () => {
    for (const groups of [['Customer'], ['Vendor'], ['Admin'], ['Developer'], ['Admin', 'Vendor']])
      for (const item of itemsOf(groups).filter((i) => !i.external)) {
        const route = ROUTES.find((r) => r.name === item.name)!;
        expect(route.access.kind, item.name).not.toBe('public');
        if (route.access.kind === 'groups')
          expect(
            groups.includes('Developer') || route.access.groups.some((g) => groups.includes(g)),
            `${groups.join()} ${item.name}`,
          ).toBe(true);
        expect(item.to, item.name).not.toContain(':');
      }
  });

  it('shows nothing before the role is known', () => {
    expect(sideBarItems([], null)).toEqual([]);
  });

  it('has a text for every label and subtitle in both languages', () => {
    const keys = [['Customer'], ['Vendor'], ['Developer']].flatMap((groups) =>
      itemsOf(groups).flatMap((i) => [i.labelKey, i.subtitleKey ?? i.labelKey]),
    );
    for (const key of keys) {
      const [area, item] = key.split('.') as [string, string];
      expect((fr as Record<string, Record<string, string>>)[area]?.[item], key).toBeTruthy();
      expect((en as Record<string, Record<string, string>>)[area]?.[item], key).toBeTruthy();
    }
  });
});

describe('current side-bar item', () => {
  const items: SideBarItem[] = itemsOf(['Admin', 'Vendor']);

  it('lights the dashboard only on the root path', () => {
    expect(currentItem(items, '/')).toBe('dashboard');
    expect(currentItem(items, '/deposits')).toBe('deposits');
    expect(currentItem(items, '/unknown-page')).toBeNull();
  });

  it('follows aliases and child routes by route name', () => {
    expect(currentItem(items, '/inventory')).toBe('stock');
    expect(currentItem(items, '/stats-new/vendor-hiring')).toBe('statsNew');
    expect(currentItem(items, '/stats')).toBe('stats');
  });
});
