import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { GuardSession } from '../../domain/routing/guard.ts';
import { SESSIONS } from './guardFixtures.ts';
import { guardMachine } from './guardMachine.ts';
import { selectRedirectTo, selectVerdict } from './guardSelectors.ts';

function verdictOf(url: string, session: GuardSession): string {
  const { pathname, search } = new URL(url, 'http://app.test');
  const snapshot = createActor(guardMachine, {
    input: { location: { pathname, search }, session },
  })
    .start()
    .getSnapshot();
  const verdict = selectVerdict(snapshot);
  return verdict === 'redirect' ? `→ ${selectRedirectTo(snapshot) ?? '?'}` : verdict;
}

describe('guardMachine verdicts, step by step', () => {
  it.each([
    // Step 1 and the old vendor link (before any session).
    ['/new-deposit?ref=qr', 'signedOut', 'allow'],
    ['/unrecognized-user', 'pending', 'allow'],
    ['/nowhere', 'signedOut', 'allow'],
    ['/nouveau-vendeur-seconde-main?ref=ad', 'signedOut', '→ /?user_type=vendor&ref=ad'],
    ['/nouveau-vendeur-seconde-main', 'vendor', '→ /?user_type=vendor'],
    // The session decides whether anything else can be decided.
    ['/contacts', 'pending', 'wait'],
    ['/contacts?page=2', 'signedOut', 'signIn'],
    ['/contacts', 'failed', 'sessionFailed'],
    ['/contacts?page=2', 'checkFailed', '→ /unrecognized-user?page=2'],
    // Step 2.
    ['/onboarding?ref=mail', 'noGroup', 'allow'],
    ['/?ref=mail', 'noGroup', '→ /onboarding?ref=mail'],
    ['/onboarding/vendor-onboarding', 'noGroup', '→ /onboarding'],
    ['/vendors', 'adminOnly', '→ /onboarding'],
    // Step 3.
    ['/dressing', 'developer', 'allow'],
    ['/vendors', 'developer', 'allow'],
    ['/contacts', 'developer', 'allow'],
    // Step 4.
    ['/dressing?x=1', 'strangerCustomer', '→ /unrecognized-user?x=1'],
    // Step 5.
    ['/stock?page=3', 'newVendor', '→ /onboarding/vendor-onboarding?page=3'],
    ['/onboarding/vendor-onboarding-steps', 'newVendor', 'allow'],
    ['/', 'newCustomer', '→ /onboarding/customer-onboarding'],
    // Step 6.
    ['/vendors?page=2', 'customer', '→ /?page=2'],
    ['/contacts', 'customer', '→ /'],
    ['/customers', 'customer', '→ /'],
    ['/dressing', 'customer', 'allow'],
    ['/deposits', 'customer', 'allow'],
    ['/contacts', 'admin', 'allow'],
    ['/vendors', 'admin', 'allow'],
    ['/vendors', 'vendor', '→ /'],
    ['/inventory', 'vendor', 'allow'],
    ['/deposits-available', 'vendor', 'allow'],
  ] as const)('%s as %s: %s', (url, session, expected) => {
    expect(verdictOf(url, SESSIONS[session])).toBe(expected);
  });

  it('decides again on every navigation and every change of the session', () => {
    const actor = createActor(guardMachine, {
      input: { location: { pathname: '/vendors', search: '' }, session: SESSIONS.pending },
    }).start();
    expect(selectVerdict(actor.getSnapshot())).toBe('wait');
    actor.send({ type: 'guard.sessionChanged', session: SESSIONS.customer });
    expect(selectRedirectTo(actor.getSnapshot())).toBe('/');
    actor.send({ type: 'guard.navigated', pathname: '/dressing', search: '?d=1' });
    expect(selectVerdict(actor.getSnapshot())).toBe('allow');
    expect(selectRedirectTo(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'guard.sessionChanged', session: SESSIONS.signedOut });
    expect(selectVerdict(actor.getSnapshot())).toBe('signIn');
  });
});
