/**
 * Demo accounts of the embedded sign-in provider. They exist only in embedded mode; the seed links
 * vendor and customer records to them through their stable `sub`, so a fresh install signs in at once.
 */
export interface DemoAccount {
  readonly sub: string;
  readonly email: string;
  readonly givenName: string;
  readonly familyName: string;
  readonly groups: readonly string[];
}

/** Password of every demo account (embedded mode only). */
export const DEMO_PASSWORD = 'demo';

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    sub: '00000000-0000-4000-8000-000000000001',
    email: 'developer@seconde.test',
    givenName: 'Dora',
    familyName: 'Développeuse',
    groups: ['Developer'],
  },
  {
    sub: '00000000-0000-4000-8000-000000000002',
    email: 'admin@seconde.test',
    givenName: 'Adèle',
    familyName: 'Admin',
    groups: ['Admin', 'Vendor'],
  },
  {
    sub: '00000000-0000-4000-8000-000000000003',
    email: 'vendor@seconde.test',
    givenName: 'Valérie',
    familyName: 'Vendeuse',
    groups: ['Vendor'],
  },
  {
    sub: '00000000-0000-4000-8000-000000000004',
    email: 'company@seconde.test',
    givenName: 'Camille',
    familyName: 'Compagnie',
    groups: ['Vendor', 'Company'],
  },
  {
    sub: '00000000-0000-4000-8000-000000000005',
    email: 'trial@seconde.test',
    givenName: 'Théo',
    familyName: 'Essai',
    groups: ['Vendor'],
  },
  {
    sub: '00000000-0000-4000-8000-000000000006',
    email: 'customer@seconde.test',
    givenName: 'Clara',
    familyName: 'Cliente',
    groups: ['Customer'],
  },
  {
    sub: '00000000-0000-4000-8000-000000000007',
    email: 'nogroup@seconde.test',
    givenName: 'Noé',
    familyName: 'Sansgroupe',
    groups: [],
  },
  {
    // A second account without a group, for the browser test that walks the whole onboarding and
    // so turns it into a customer; nogroup@ stays a newcomer for the other tests.
    sub: '00000000-0000-4000-8000-000000000008',
    email: 'newcomer@seconde.test',
    givenName: 'Nina',
    familyName: 'Nouvelle',
    groups: [],
  },
  {
    // A third account without a group, for the browser test where a new vendor types vendor@'s
    // sponsor code during onboarding (so it becomes a vendor for good).
    sub: '00000000-0000-4000-8000-000000000009',
    email: 'sponsored@seconde.test',
    givenName: 'Paul',
    familyName: 'Parrainé',
    groups: [],
  },
];
