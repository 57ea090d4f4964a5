import { describe, expect, it } from 'vitest';
import {
  isDeveloper,
  isNewVendorLink,
  isPublicRoute,
  isRouteForbidden,
  isUnrecognisedUser,
  isUserTypeChoice,
  keepQuery,
  lacksRecognisedGroup,
  needsOnboarding,
  onboardingPathOf,
  routeOf,
  type GuardUser,
} from './guard.ts';

const user = (groups: string[], more: Partial<GuardUser> = {}): GuardUser => ({
  groups,
  hasRecord: true,
  onboardingCompleted: true,
  ...more,
});
const route = (pathname: string) => routeOf({ pathname, search: '' });

describe('keepQuery', () => {
  it.each([
    ['/', '', '/'],
    ['/', '?page=2', '/?page=2'],
    ['/onboarding', '?a=1&b=x%20y', '/onboarding?a=1&b=x%20y'],
    ['/?user_type=vendor', '?user%5Ftype=c&x', '/?user_type=vendor&x'],
    ['/?user_type=vendor', '?ref=mail', '/?user_type=vendor&ref=mail'],
    ['/?user_type=vendor', '?user_type=customer', '/?user_type=vendor'],
    ['/x', '?tag=a&tag=b', '/x?tag=a&tag=b'],
  ])('%s with %j gives %s', (to, search, expected) => {
    expect(keepQuery(to, search)).toBe(expected);
  });
});

describe('the steps of the route guard', () => {
  it.each([
    ['/oidc-callback', true],
    ['/unrecognized-user', true],
    ['/no-group', true],
    ['/subscription-confirmed', true],
    ['/new-deposit/deposit-criteria/abc', true],
    ['/nouveau-depot-seconde-main-validation', true],
    ['/page-that-does-not-exist', true],
    ['/', false],
    ['/onboarding', false],
    ['/contacts', false],
    ['/edit-profile/connectors', false],
  ])('step 1: %s is public: %s', (path, expected) => {
    expect(isPublicRoute(route(path))).toBe(expected);
  });

  it('names the old vendor sign-up link and the user-type choice', () => {
    expect(isNewVendorLink(route('/nouveau-vendeur-seconde-main'))).toBe(true);
    expect(isNewVendorLink(route('/nouveau-depot-seconde-main'))).toBe(false);
    expect(isUserTypeChoice(route('/onboarding'))).toBe(true);
    expect(isUserTypeChoice(route('/onboarding/vendor-onboarding'))).toBe(false);
  });

  it.each([
    [[], true],
    [['Admin'], true],
    [['Company'], true],
    [['Vendor'], false],
    [['Customer'], false],
    [['Developer'], false],
  ])('step 2: groups %j lack a recognised one: %s', (groups, expected) => {
    expect(lacksRecognisedGroup(user(groups))).toBe(expected);
  });

  it('step 3 and 4: Developer passes, a user without record is unrecognised', () => {
    expect(isDeveloper(user(['Developer', 'Vendor']))).toBe(true);
    expect(isDeveloper(user(['Admin', 'Vendor']))).toBe(false);
    expect(isUnrecognisedUser(user(['Customer'], { hasRecord: false }))).toBe(true);
    expect(isUnrecognisedUser(user(['Customer']))).toBe(false);
  });

  it.each([
    [true, '/contacts', false],
    [false, '/contacts', true],
    [false, '/', true],
    [false, '/onboarding', false],
    [false, '/onboarding/vendor-onboarding-steps', false],
    [false, '/onboarding/customer-onboarding', false],
  ])('step 5: onboarded %s on %s needs onboarding: %s', (done, path, expected) => {
    expect(needsOnboarding(user(['Vendor'], { onboardingCompleted: done }), route(path))).toBe(
      expected,
    );
  });

  it('step 5 sends vendors and customers to their own onboarding', () => {
    expect(onboardingPathOf(user(['Vendor']))).toBe('/onboarding/vendor-onboarding');
    expect(onboardingPathOf(user(['Admin', 'Vendor']))).toBe('/onboarding/vendor-onboarding');
    expect(onboardingPathOf(user(['Customer']))).toBe('/onboarding/customer-onboarding');
  });

  it.each([
    [['Customer'], '/vendors', true],
    [['Customer'], '/contacts', true],
    [['Customer'], '/contact/abc/dressing', true],
    [['Customer'], '/customers', true],
    [['Customer'], '/dressing', false],
    [['Customer'], '/deposits', false],
    [['Customer'], '/messaging', false],
    [['Vendor'], '/contacts', false],
    [['Vendor'], '/vendors', true],
    [['Vendor'], '/dressing', true],
    [['Vendor'], '/inventory', false],
    [['Admin', 'Vendor'], '/contacts', false],
    [['Admin', 'Vendor'], '/stats-new/vendor-hiring', false],
    [['Developer'], '/dressing', false],
    [['Developer'], '/vendors', false],
    [['Vendor'], '/page-that-does-not-exist', false],
  ])('step 6: %j on %s is refused: %s', (groups, path, expected) => {
    expect(isRouteForbidden(user(groups), route(path))).toBe(expected);
  });
});
