import { hasRecognisedGroup } from '../roles.ts';
import { admitsGroups, matchRoute, type RouteSpec } from './routeTable.ts';

/**
 * The steps of the route guard (1-app-shell.md §6), one pure predicate each, so the guard machine
 * names them as its guards and a table test pins each one. The machine decides their order.
 */

/** What the guard knows about the signed-in user. */
export interface GuardUser {
  readonly groups: readonly string[];
  /** Their vendor or customer record was found by identity subject. */
  readonly hasRecord: boolean;
  readonly onboardingCompleted: boolean;
}

/** The session as the guard sees it. */
export type GuardSession =
  /** Still restoring, signing in or loading the user. */
  | { readonly kind: 'pending' }
  | { readonly kind: 'signedOut' }
  /** A sign-in step failed (the session says which). */
  | { readonly kind: 'failed' }
  /** Checking the user failed: 1-app-shell.md §8 sends them to /unrecognized-user. */
  | { readonly kind: 'checkFailed' }
  | { readonly kind: 'signedIn'; readonly user: GuardUser };

/** Where the browser is: the guard runs on every navigation. */
export interface GuardLocation {
  readonly pathname: string;
  readonly search: string;
}

export const USER_TYPE_CHOICE_PATH = '/onboarding';
export const UNRECOGNIZED_USER_PATH = '/unrecognized-user';
export const VENDOR_ONBOARDING_PATH = '/onboarding/vendor-onboarding';
export const CUSTOMER_ONBOARDING_PATH = '/onboarding/customer-onboarding';
export const DASHBOARD_PATH = '/';
/** The old "become a vendor" link lands on the dashboard, told the visitor is a vendor. */
export const NEW_VENDOR_TARGET = '/?user_type=vendor';

/** The route of a path; unknown paths have none (the not-found page). */
export const routeOf = (location: GuardLocation): RouteSpec | null =>
  matchRoute(location.pathname)?.route ?? null;

/**
 * `to` with the query of the page being left, as it was written: the target's own parameters
 * first, then every parameter of `search` the target does not set itself.
 */
export function keepQuery(to: string, search: string): string {
  const [path = '', own = ''] = to.split('?');
  const ownKeys = new Set(new URLSearchParams(own).keys());
  const keyOf = (part: string) => new URLSearchParams(part).keys().next().value;
  const kept = search
    .replace(/^\?/, '')
    .split('&')
    .filter((part) => part && !ownKeys.has(keyOf(part) ?? ''));
  const query = [own, ...kept].filter(Boolean).join('&');
  return query ? `${path}?${query}` : path;
}

/** /nouveau-vendeur-seconde-main only redirects (1-app-shell.md §2). */
export const isNewVendorLink = (route: RouteSpec | null): boolean => route?.name === 'newVendor';

/** Step 1: public routes (and unknown paths, whose not-found page is public) pass. */
export const isPublicRoute = (route: RouteSpec | null): boolean =>
  route === null || route.access.kind === 'public';

/** Step 2: without Vendor, Customer or Developer only the user-type choice is reachable. */
export const lacksRecognisedGroup = (user: GuardUser): boolean => !hasRecognisedGroup(user.groups);

/** The user-type choice itself: `/onboarding`, not its vendor or customer screens. */
export const isUserTypeChoice = (route: RouteSpec | null): boolean => route?.name === 'onboarding';

/** Step 3: Developer passes everything. */
export const isDeveloper = (user: GuardUser): boolean => user.groups.includes('Developer');

/** Step 4: a Vendor or Customer without their own record. */
export const isUnrecognisedUser = (user: GuardUser): boolean => !user.hasRecord;

/** Step 5: onboarding not completed, and the route is not an onboarding route. */
export const needsOnboarding = (user: GuardUser, route: RouteSpec | null): boolean =>
  !user.onboardingCompleted && route?.access.kind !== 'onboarding';

/** The onboarding screen of a user: vendors' when they hold Vendor, else customers'. */
export const onboardingPathOf = (user: GuardUser): string =>
  user.groups.includes('Vendor') ? VENDOR_ONBOARDING_PATH : CUSTOMER_ONBOARDING_PATH;

/** Step 6: the route lists its groups and the user holds none of them (Developer passed at 3). */
export const isRouteForbidden = (user: GuardUser, route: RouteSpec | null): boolean =>
  route !== null && !admitsGroups(route, user.groups);
