import type { GuardSession, GuardUser } from '../../domain/routing/guard.ts';

const signedIn = (groups: string[], more: Partial<GuardUser> = {}): GuardSession => ({
  kind: 'signedIn',
  user: { groups, hasRecord: true, onboardingCompleted: true, ...more },
});

/** The sessions of the demo accounts and the situations around them (tests only). */
export const SESSIONS = {
  pending: { kind: 'pending' },
  signedOut: { kind: 'signedOut' },
  failed: { kind: 'failed' },
  checkFailed: { kind: 'checkFailed' },
  noGroup: signedIn([], { hasRecord: false }),
  adminOnly: signedIn(['Admin'], { hasRecord: false }),
  developer: signedIn(['Developer'], { hasRecord: false }),
  admin: signedIn(['Admin', 'Vendor']),
  vendor: signedIn(['Vendor']),
  newVendor: signedIn(['Vendor'], { onboardingCompleted: false }),
  customer: signedIn(['Customer']),
  newCustomer: signedIn(['Customer'], { onboardingCompleted: false }),
  strangerCustomer: signedIn(['Customer'], { hasRecord: false }),
} satisfies Record<string, GuardSession>;
