import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/en.ts';
import { fr } from '../../i18n/fr.ts';
import { NAVIGATION, navigationFor } from './navigation.ts';

const paths = (role: Parameters<typeof navigationFor>[0]) => navigationFor(role).map((e) => e.to);

describe('main navigation', () => {
  it('shows customers their dressing and nothing of the vendor side', () => {
    expect(paths('Customer')).toEqual(['/', '/dressing']);
  });

  it('shows vendors their deposits, the marketplace, contacts and profile, not the staff screens', () => {
    expect(paths('Vendor')).toEqual([
      '/',
      '/deposits',
      '/marketplace',
      '/contacts',
      '/edit-profile',
    ]);
  });

  it('shows staff the requests, vendors and the outbox', () => {
    for (const role of ['Admin', 'Developer'] as const)
      expect(paths(role)).toEqual(
        expect.arrayContaining(['/deposit-requests', '/vendors', '/outbox', '/deposits']),
      );
  });

  it('shows nothing before the role is known', () => {
    expect(paths(null)).toEqual([]);
  });

  it('has a text for every entry in both languages', () => {
    for (const { labelKey } of NAVIGATION) {
      const [area, item] = labelKey.split('.') as [string, string];
      expect((fr as Record<string, Record<string, string>>)[area]?.[item], labelKey).toBeTruthy();
      expect((en as Record<string, Record<string, string>>)[area]?.[item], labelKey).toBeTruthy();
    }
  });
});
