import type { GroupName } from '../../domain/roles.ts';

/** One entry of the main navigation: where it goes, its text key, and who sees it. */
export interface NavEntry {
  readonly to: string;
  readonly labelKey: string;
  readonly roles: readonly GroupName[];
}

const STAFF: readonly GroupName[] = ['Developer', 'Admin'];
const VENDOR_SIDE: readonly GroupName[] = ['Developer', 'Admin', 'Vendor'];

/** The main navigation, in display order; the role decides which entries show. */
export const NAVIGATION: readonly NavEntry[] = [
  { to: '/', labelKey: 'nav.dashboard', roles: ['Developer', 'Admin', 'Vendor', 'Customer'] },
  { to: '/deposits', labelKey: 'nav.deposits', roles: VENDOR_SIDE },
  { to: '/marketplace', labelKey: 'nav.marketplace', roles: ['Vendor'] },
  { to: '/deposit-requests', labelKey: 'nav.depositRequests', roles: STAFF },
  { to: '/contacts', labelKey: 'nav.contacts', roles: VENDOR_SIDE },
  { to: '/vendors', labelKey: 'nav.vendors', roles: STAFF },
  { to: '/outbox', labelKey: 'nav.outbox', roles: STAFF },
  { to: '/dressing', labelKey: 'nav.dressing', roles: ['Customer'] },
  { to: '/edit-profile', labelKey: 'nav.profile', roles: ['Vendor'] },
];

export function navigationFor(role: GroupName | null): NavEntry[] {
  return role ? NAVIGATION.filter((entry) => entry.roles.includes(role)) : [];
}
