import type { GroupName } from '../roles.ts';

/**
 * The one route table of 1-app-shell.md §2: every screen's name, path, aliases, who may open it,
 * its page title and its side-bar entry. The route guard, the page titles, the aliases and the
 * side bar all read it; views never decide access themselves. Pure data and pure matching.
 */

/** Who may open a route (guard steps 1, 5 and 6). */
export type RouteAccess =
  /** No sign-in needed. */
  | { readonly kind: 'public' }
  /** Signed in, reachable before onboarding is completed (and by identities without a group). */
  | { readonly kind: 'onboarding' }
  /** Any recognised group. */
  | { readonly kind: 'any' }
  /** Only these groups; Developer always passes. */
  | { readonly kind: 'groups'; readonly groups: readonly GroupName[] };

/** A side-bar entry (1-app-shell.md §2 "Side bar"). */
export interface RouteNav {
  /** Blueprint icon name. */
  readonly icon: string;
  readonly labelKey: string;
  readonly subtitleKey?: string;
  /** Position in the side bar, smallest first. */
  readonly order: number;
  /** Shown only to these main roles (on top of the route's access); all allowed roles if absent. */
  readonly roles?: readonly GroupName[];
  readonly disabled?: boolean;
}

export interface RouteSpec {
  /** Stable name; child routes are named `parent.child`, so a prefix names the whole area. */
  readonly name: string;
  /** Pattern without the leading slash; `:param`, `:param?`; '' is the root. */
  readonly path: string;
  /** Other paths reaching the same screen (French and English). */
  readonly aliases?: readonly string[];
  readonly access: RouteAccess;
  /** Page title key; the brand title when absent. */
  readonly titleKey?: string;
  readonly nav?: RouteNav;
}

const PUBLIC: RouteAccess = { kind: 'public' };
const ONBOARDING: RouteAccess = { kind: 'onboarding' };
const ANY: RouteAccess = { kind: 'any' };
const groups = (...names: GroupName[]): RouteAccess => ({ kind: 'groups', groups: names });

const STAFF = groups('Developer', 'Admin');
const VENDOR_SIDE = groups('Developer', 'Admin', 'Vendor');
const CONTACTS = groups('Developer', 'Vendor');
const CUSTOMER = groups('Customer');

export const ROUTES: readonly RouteSpec[] = [
  // Public routes.
  { name: 'oidcCallback', path: 'oidc-callback', access: PUBLIC, titleKey: 'routes.oidcCallback' },
  {
    name: 'unrecognizedUser',
    path: 'unrecognized-user',
    access: PUBLIC,
    titleKey: 'routes.unrecognizedUser',
  },
  { name: 'noGroup', path: 'no-group', access: PUBLIC, titleKey: 'routes.noGroup' },
  {
    name: 'newDeposit',
    path: 'nouveau-depot-seconde-main',
    aliases: ['new-deposit'],
    access: PUBLIC,
    titleKey: 'routes.newDeposit',
  },
  {
    name: 'newDepositValidation',
    path: 'nouveau-depot-seconde-main-validation',
    aliases: ['new-deposit-validation'],
    access: PUBLIC,
    titleKey: 'routes.newDepositValidation',
  },
  {
    name: 'subscriptionConfirmed',
    path: 'subscription-confirmed',
    access: PUBLIC,
    titleKey: 'routes.subscriptionConfirmed',
  },
  { name: 'newVendor', path: 'nouveau-vendeur-seconde-main', access: PUBLIC },
  // The restitution receipt's mail link: the token names the receipt, no sign-in.
  {
    name: 'restitutionReceipt',
    path: 'restitution-receipt/:token',
    access: PUBLIC,
    titleKey: 'restitutionReceipt.pageTitle',
  },

  // The signed-in area.
  {
    name: 'dashboard',
    path: '',
    access: ANY,
    titleKey: 'routes.dashboard',
    nav: { icon: 'dashboard', labelKey: 'nav.dashboard', order: 0 },
  },
  { name: 'onboarding', path: 'onboarding', access: ONBOARDING, titleKey: 'routes.onboarding' },
  {
    name: 'onboarding.vendor',
    path: 'onboarding/vendor-onboarding',
    access: ONBOARDING,
    titleKey: 'routes.vendorOnboarding',
  },
  {
    name: 'onboarding.vendorSteps',
    path: 'onboarding/vendor-onboarding-steps',
    access: ONBOARDING,
    titleKey: 'routes.vendorOnboarding',
  },
  {
    name: 'onboarding.customer',
    path: 'onboarding/customer-onboarding',
    access: ONBOARDING,
    titleKey: 'routes.customerOnboarding',
  },
  {
    name: 'deposits',
    path: 'deposits',
    access: ANY,
    titleKey: 'routes.deposits',
    nav: { icon: 'folder-open', labelKey: 'nav.deposits', order: 10 },
  },
  {
    name: 'deposit',
    path: 'deposit/:depositUuid',
    access: VENDOR_SIDE,
    titleKey: 'routes.deposit',
  },
  {
    name: 'marketplace',
    path: 'marketplace',
    aliases: ['deposits-available'],
    access: VENDOR_SIDE,
    titleKey: 'routes.marketplace',
    nav: { icon: 'shop', labelKey: 'nav.marketplace', order: 20, roles: ['Vendor'] },
  },
  {
    name: 'depositRequests',
    path: 'deposit-requests',
    access: STAFF,
    titleKey: 'routes.depositRequests',
    nav: { icon: 'inbox', labelKey: 'nav.depositRequests', order: 25 },
  },
  {
    name: 'stock',
    path: 'stock',
    aliases: ['inventory'],
    access: VENDOR_SIDE,
    titleKey: 'routes.stock',
    nav: { icon: 'box', labelKey: 'nav.stock', order: 30 },
  },
  // A vendor's buyers (issue 22): typed in or read from a marketplace's order text.
  {
    name: 'buyers',
    path: 'buyers',
    aliases: ['acheteurs'],
    access: VENDOR_SIDE,
    titleKey: 'buyers.pageTitle',
    nav: { icon: 'shopping-cart', labelKey: 'buyers.nav', order: 46, roles: ['Vendor'] },
  },
  // A vendor's marketplace sales (issue 22): imported, linked to items, their fees per channel.
  {
    name: 'marketplaceTransactions',
    path: 'marketplace-transactions',
    aliases: ['ventes-marketplace'],
    access: VENDOR_SIDE,
    titleKey: 'transactions.pageTitle',
    nav: { icon: 'exchange', labelKey: 'transactions.nav', order: 47, roles: ['Vendor'] },
  },
  {
    name: 'product',
    path: 'product/:productUuid',
    access: VENDOR_SIDE,
    titleKey: 'routes.product',
  },
  {
    name: 'contacts',
    path: 'contacts',
    aliases: ['customers'],
    access: CONTACTS,
    titleKey: 'routes.contacts',
    nav: { icon: 'people', labelKey: 'nav.contacts', order: 40 },
  },
  {
    name: 'contact',
    path: 'contact/:customerUuid',
    aliases: ['customer/:customerUuid'],
    access: CONTACTS,
    titleKey: 'routes.contact',
  },
  {
    name: 'payouts',
    path: 'payouts',
    aliases: ['versements'],
    access: CONTACTS,
    titleKey: 'payouts.pageTitle',
    nav: { icon: 'bank-account', labelKey: 'payouts.nav', order: 45, roles: ['Vendor'] },
  },
  // The waiting screen of a payment (not named by the spec): the provider's checkout returns here.
  {
    name: 'payment',
    path: 'payments/:paymentUuid',
    access: VENDOR_SIDE,
    titleKey: 'payments.pageTitle',
  },
  {
    name: 'vendors',
    path: 'vendors',
    access: STAFF,
    titleKey: 'routes.vendors',
    nav: { icon: 'id-number', labelKey: 'nav.vendors', order: 50 },
  },
  { name: 'vendor', path: 'vendor/:vendorUuid', access: STAFF, titleKey: 'routes.vendor' },
  {
    name: 'stats',
    path: 'stats',
    access: STAFF,
    titleKey: 'routes.stats',
    nav: { icon: 'timeline-bar-chart', labelKey: 'nav.stats', order: 60 },
  },
  // A vendor's statistics on their own sales (charts with their tables).
  {
    name: 'myStats',
    path: 'my-stats',
    aliases: ['mes-statistiques'],
    access: groups('Vendor'),
    titleKey: 'statsCharts.myTitle',
    nav: {
      icon: 'timeline-bar-chart',
      labelKey: 'statsCharts.myNav',
      order: 62,
      roles: ['Vendor'],
    },
  },
  {
    name: 'statsNew',
    path: 'stats-new',
    access: STAFF,
    titleKey: 'routes.statsNew',
    nav: { icon: 'chart', labelKey: 'nav.statsNew', order: 61 },
  },
  {
    name: 'statsNew.vendorHiring',
    path: 'stats-new/vendor-hiring',
    access: STAFF,
    titleKey: 'routes.vendorHiring',
  },
  {
    name: 'invoices',
    path: 'invoices',
    access: ANY,
    titleKey: 'routes.invoices',
    nav: { icon: 'document', labelKey: 'nav.invoices', order: 70 },
  },
  // The police register (Code pénal art. 321-7): a vendor's own, staff name the vendor.
  {
    name: 'policeRegister',
    path: 'police-register/:vendorUuid?',
    access: VENDOR_SIDE,
    titleKey: 'policeRegister.title',
    nav: { icon: 'th-list', labelKey: 'policeRegister.title', order: 72 },
  },
  // The receipts of restituted deposits, which have left the vendor's other lists.
  {
    name: 'restitutions',
    path: 'restitutions',
    access: VENDOR_SIDE,
    titleKey: 'restitutionReceipt.listTitle',
    nav: { icon: 'undo', labelKey: 'restitutionReceipt.listTitle', order: 73 },
  },
  {
    name: 'messaging',
    path: 'messaging',
    access: ANY,
    titleKey: 'routes.messaging',
    nav: { icon: 'chat', labelKey: 'nav.messaging', order: 80 },
  },
  // The platform's yearly DAC7 report of its storefront sellers (docs/decisions.md, issue 23).
  {
    name: 'dac7',
    path: 'dac7',
    access: STAFF,
    titleKey: 'sellerReport.pageTitle',
    nav: { icon: 'office', labelKey: 'sellerReport.nav', order: 75 },
  },
  {
    name: 'outbox',
    path: 'outbox',
    access: STAFF,
    titleKey: 'routes.outbox',
    nav: { icon: 'envelope', labelKey: 'nav.outbox', order: 90 },
  },
  // The depositor accepts their restituted deposit's receipt here, signed in.
  {
    name: 'depositorReceipt',
    path: 'restitution/:depositUuid',
    access: CUSTOMER,
    titleKey: 'restitutionReceipt.pageTitle',
  },
  {
    name: 'dressing',
    path: 'dressing/:depositUuid?',
    access: CUSTOMER,
    titleKey: 'routes.dressing',
    nav: { icon: 'shopping-cart', labelKey: 'nav.dressing', order: 15, roles: ['Customer'] },
  },
  {
    name: 'myInformation',
    path: 'my-information',
    access: CUSTOMER,
    titleKey: 'routes.myInformation',
    nav: { icon: 'person', labelKey: 'nav.myInformation', order: 16, roles: ['Customer'] },
  },
  { name: 'editProfile', path: 'edit-profile', access: ANY, titleKey: 'routes.editProfile' },
  {
    name: 'editProfile.customer',
    path: 'edit-profile/customer',
    access: ANY,
    titleKey: 'routes.editProfile',
  },
  {
    name: 'editProfile.subscription',
    path: 'edit-profile/subscription',
    access: ANY,
    titleKey: 'routes.subscription',
  },
  { name: 'editProfile.plans', path: 'edit-profile/plans', access: ANY, titleKey: 'routes.plans' },
  {
    name: 'editProfile.company',
    path: 'edit-profile/company',
    access: ANY,
    titleKey: 'routes.editProfile',
  },
  { name: 'editProfile.rates', path: 'edit-profile/rates', access: ANY, titleKey: 'routes.rates' },
  {
    name: 'editProfile.ratesCompany',
    path: 'edit-profile/rates-company',
    access: ANY,
    titleKey: 'routes.rates',
  },
  {
    name: 'editProfile.announcements',
    path: 'edit-profile/announcements',
    access: ANY,
    titleKey: 'routes.announcements',
  },
  {
    name: 'editProfile.connectors',
    path: 'edit-profile/connectors',
    access: ANY,
    titleKey: 'routes.connectors',
  },
  {
    name: 'editProfile.deliveryPlaces',
    path: 'edit-profile/delivery-places',
    access: ANY,
    titleKey: 'routes.deliveryPlaces',
  },
];

const BY_NAME = new Map(ROUTES.map((route) => [route.name, route]));

export function routeByName(name: string): RouteSpec {
  const route = BY_NAME.get(name);
  if (!route) throw new Error(`No route named "${name}"`);
  return route;
}

/** `/contact/abc?x=1` → ['contact', 'abc']. */
function segmentsOf(pathname: string): string[] {
  return pathname.split('/').filter(Boolean);
}

/**
 * How many leading segments of `path` the pattern matches (-1: no match). A pattern matches a path
 * that starts with it, so `contact/:customerUuid` covers its tabs; the root only matches '/'.
 */
function prefixMatch(pattern: string, path: readonly string[]): number {
  const parts = segmentsOf(pattern);
  if (parts.length === 0) return path.length === 0 ? 0 : -1;
  let index = 0;
  for (const part of parts) {
    const optional = part.endsWith('?');
    if (index >= path.length) return optional ? index : -1;
    if (!part.startsWith(':') && part !== path[index]) return -1;
    index += 1;
  }
  return index;
}

export interface RouteMatch {
  readonly route: RouteSpec;
  /** Whether the path was reached through an alias. */
  readonly viaAlias: boolean;
}

/** The route a path belongs to: the longest pattern (or alias) it starts with; null if none. */
export function matchRoute(pathname: string): RouteMatch | null {
  const path = segmentsOf(pathname);
  let best: { match: RouteMatch; length: number } | null = null;
  for (const route of ROUTES) {
    const patterns = [route.path, ...(route.aliases ?? [])];
    patterns.forEach((pattern, i) => {
      const length = prefixMatch(pattern, path);
      if (length < 0 || (best && best.length >= length)) return;
      best = { match: { route, viaAlias: i > 0 }, length };
    });
  }
  return (best as { match: RouteMatch } | null)?.match ?? null;
}

/** Whether a user holding `groups` may open `route` by its access list alone (guard step 6). */
export function admitsGroups(route: RouteSpec, groups: readonly string[]): boolean {
  const { access } = route;
  if (access.kind !== 'groups') return true;
  return groups.includes('Developer') || access.groups.some((group) => groups.includes(group));
}
