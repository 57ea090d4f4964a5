import { create } from '@bufbuild/protobuf';
import { Code, ConnectError, createClient, createRouterTransport } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  GetCurrentUserResponseSchema,
  SessionService,
} from '../../rpc/gen/seconde/v1/session_pb.ts';
import { CustomerService } from '../../rpc/gen/seconde/v1/customer_pb.ts';
import { VendorSchema, VendorService } from '../../rpc/gen/seconde/v1/vendor_pb.ts';
import { authInterceptor } from '../../rpc/interceptors/auth.ts';
import type { RestoredSession } from './oidc.ts';
import { createSessionActors } from './sessionActors.ts';
import { FakePage, FakeSessionAuth, USERS } from './sessionFixtures.ts';
import { sessionMachine } from './sessionMachine.ts';
import type { CurrentUserPayload } from './sessionTypes.ts';

/** Stub actors answering at once; each test overrides the step it is about. */
function stubbed(
  overrides: Partial<{
    restore: () => Promise<RestoredSession>;
    user: () => Promise<CurrentUserPayload>;
    renew: () => Promise<void>;
    signOut: () => Promise<void>;
    signIn: (returnTo: string | null) => Promise<void>;
  }> = {},
) {
  return sessionMachine.provide({
    actors: {
      restoreSession: fromPromise(
        overrides.restore ?? (() => Promise.resolve({ signedIn: true, returnTo: null })),
      ),
      loadCurrentUser: fromPromise(overrides.user ?? (() => Promise.resolve(USERS.vendor))),
      renewToken: fromPromise(overrides.renew ?? (() => Promise.resolve())),
      signOut: fromPromise(overrides.signOut ?? (() => Promise.resolve())),
      signIn: fromPromise<void, { returnTo: string | null }>(({ input }) =>
        (overrides.signIn ?? (() => new Promise<void>(() => {})))(input.returnTo),
      ),
    },
  });
}

/** Runs a machine until nothing is in flight and answers that snapshot. */
function settle(machine: typeof sessionMachine) {
  return waitFor(createActor(machine).start(), (s) => !s.hasTag('busy'));
}

describe('sessionMachine', () => {
  it('restores a stored session, loads the user and derives the role', async () => {
    const snapshot = await settle(stubbed());
    expect(snapshot.value).toEqual({ signedIn: 'ready' });
    expect(snapshot.context.user).toMatchObject({
      firstName: 'Valérie',
      lastName: 'Dépôt',
      role: 'Vendor',
      vendorUuid: 'vendor-uuid',
      customerUuid: null,
    });
    expect(snapshot.hasTag('ready')).toBe(true);
  });

  it('keeps the path the user came from when returning from the provider', async () => {
    const restore = () => Promise.resolve({ signedIn: true, returnTo: '/stock?page=2' });
    const snapshot = await settle(stubbed({ restore }));
    expect(snapshot.context.returnTo).toBe('/stock?page=2');
    expect(snapshot.hasTag('signedIn')).toBe(true);
  });

  it('waits signed out until asked, then signs in towards the requested path', async () => {
    const asked: (string | null)[] = [];
    const actor = createActor(
      stubbed({
        restore: () => Promise.resolve({ signedIn: false, returnTo: null }),
        signIn: (returnTo) => {
          asked.push(returnTo);
          return new Promise(() => {});
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('signedOut'));
    actor.send({ type: 'session.signIn', returnTo: '/invoices?year=2024' });
    expect(actor.getSnapshot().value).toBe('signingIn');
    expect(asked).toEqual(['/invoices?year=2024']);
  });

  it('turns a broken sign-in return into a failed state, then lets the user sign in again', async () => {
    const restore = () => Promise.reject(new Error('No matching state found in storage'));
    const actor = createActor(stubbed({ restore })).start();
    const failed = await waitFor(actor, (s) => s.hasTag('error'));
    expect(failed.value).toBe('failed');
    expect(failed.context.errorCode).toBe('restoreFailed');
    expect(failed.status).toBe('active');
    actor.send({ type: 'session.signIn' });
    expect(actor.getSnapshot().value).toBe('signingIn');
    expect(actor.getSnapshot().context.errorCode).toBeNull();
  });

  it('fails the sign-in redirect with its own code', async () => {
    const actor = createActor(
      stubbed({
        restore: () => Promise.resolve({ signedIn: false, returnTo: null }),
        signIn: () => Promise.reject(new TypeError('Failed to fetch')),
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('signedOut'));
    actor.send({ type: 'session.signIn' });
    const failed = await waitFor(actor, (s) => s.hasTag('error'));
    expect(failed.context.errorCode).toBe('signInFailed');
  });

  it.each([
    ['noGroup', USERS.noGroup, { signedIn: 'noGroup' }, null],
    ['unrecognisedCustomer', USERS.unrecognisedCustomer, { signedIn: 'unrecognised' }, 'Customer'],
    ['developer', USERS.developer, { signedIn: 'ready' }, 'Developer'],
    ['companyAdmin', USERS.companyAdmin, { signedIn: 'ready' }, 'Vendor'],
  ] as const)('routes the %s user', async (_name, payload, value, role) => {
    const snapshot = await settle(stubbed({ user: () => Promise.resolve(payload) }));
    expect(snapshot.value).toEqual(value);
    expect(snapshot.context.user?.role).toBe(role);
  });

  it('sends a failed user check to the unrecognised screen with the error, and retries', async () => {
    let answer: () => Promise<CurrentUserPayload> = () =>
      Promise.reject(new ConnectError('Bad Gateway', Code.Unavailable));
    const actor = createActor(stubbed({ user: () => answer() })).start();
    const failed = await waitFor(actor, (s) => s.hasTag('error'));
    expect(failed.value).toEqual({ signedIn: 'checkFailed' });
    expect(failed.hasTag('unrecognised')).toBe(true);
    expect(failed.context.errorCode).toBe('unavailable');
    answer = () => Promise.resolve(USERS.vendor);
    actor.send({ type: 'session.retry' });
    const ready = await waitFor(actor, (s) => s.hasTag('ready'));
    expect(ready.context.errorCode).toBeNull();
  });

  it('reloads a user without a group once they have one, and keeps the token meanwhile', async () => {
    let payload: CurrentUserPayload = USERS.noGroup;
    const actor = createActor(stubbed({ user: () => Promise.resolve(payload) })).start();
    await waitFor(actor, (s) => s.hasTag('noGroup'));
    payload = USERS.vendor;
    actor.send({ type: 'session.reload' });
    expect(actor.getSnapshot().hasTag('signedIn')).toBe(true);
    const ready = await waitFor(actor, (s) => s.hasTag('ready'));
    expect(ready.context.user?.role).toBe('Vendor');
  });

  it('renews an expired token silently and keeps the user', async () => {
    let renewed = false;
    const actor = createActor(
      stubbed({
        renew: () => {
          renewed = true;
          return Promise.resolve();
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.hasTag('ready'));
    actor.send({ type: 'session.tokenExpired' });
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'renewing' });
    const ready = await waitFor(actor, (s) => s.hasTag('ready'));
    expect(renewed).toBe(true);
    expect(ready.context.user?.firstName).toBe('Valérie');
  });

  it('forces a new sign-in from the current path when renewal fails', async () => {
    const asked: (string | null)[] = [];
    const actor = createActor(
      stubbed({
        renew: () => Promise.reject(new Error('login_required')),
        signIn: (returnTo) => {
          asked.push(returnTo);
          return new Promise(() => {});
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.hasTag('ready'));
    actor.send({ type: 'session.tokenExpired' });
    await waitFor(actor, (s) => s.matches('signingIn'));
    expect(asked).toEqual([null]);
  });

  it('signs out and forgets the user', async () => {
    const actor = createActor(stubbed()).start();
    await waitFor(actor, (s) => s.hasTag('ready'));
    actor.send({ type: 'session.signOut' });
    expect(actor.getSnapshot().value).toBe('signingOut');
    const out = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(out.context).toEqual({ user: null, returnTo: null, errorCode: null, hasToken: false });
  });

  it('reports a failed sign-out', async () => {
    const actor = createActor(
      stubbed({ signOut: () => Promise.reject(new Error('end_session failed')) }),
    ).start();
    await waitFor(actor, (s) => s.hasTag('ready'));
    actor.send({ type: 'session.signOut' });
    const failed = await waitFor(actor, (s) => s.hasTag('error'));
    expect(failed.context.errorCode).toBe('signOutFailed');
  });

  it('an unwired machine fails calmly instead of erroring the actor', async () => {
    const actor = createActor(sessionMachine).start();
    const failed = await waitFor(actor, (s) => s.hasTag('error'));
    expect(failed.status).toBe('active');
    expect(failed.context.errorCode).toBe('restoreFailed');
  });
});

describe('sessionMachine with its real actors over a router transport', () => {
  /** A SessionService that answers like the server: the caller comes from the bearer token. */
  function wired(
    auth: FakeSessionAuth,
    users: Record<string, CurrentUserPayload>,
    page = new FakePage(),
  ) {
    const transport = createRouterTransport(
      (router) => {
        router.service(SessionService, {
          getCurrentUser(_req, ctx) {
            const token = ctx.requestHeader.get('authorization')?.replace(/^Bearer /, '') ?? '';
            const user = users[token];
            if (!user) {
              throw new ConnectError(
                JSON.stringify({ code: 'TOKEN_INVALID', message: 'The access token is invalid' }),
                Code.Unauthenticated,
              );
            }
            return create(GetCurrentUserResponseSchema, {
              sub: user.sub,
              email: user.email,
              groups: [...user.groups],
              isCompanyAdmin: user.isCompanyAdmin,
              firstName: user.firstName,
              lastName: user.lastName,
              vendorUuid: user.vendorUuid,
              customerUuid: user.customerUuid,
            });
          },
        });
        router.service(VendorService, {
          retrieveByIdentity(req) {
            return create(VendorSchema, {
              identityUserUuid: req.identityUserUuid,
              onboardingCompleted: true,
            });
          },
        });
      },
      { transport: { interceptors: [authInterceptor(() => auth.accessToken())] } },
    );
    return sessionMachine.provide({
      actors: createSessionActors({
        auth,
        page,
        sessionClient: createClient(SessionService, transport),
        vendorClient: createClient(VendorService, transport),
        customerClient: createClient(CustomerService, transport),
      }),
    });
  }

  it('signs in the vendor the token belongs to', async () => {
    const auth = new FakeSessionAuth();
    const actor = createActor(wired(auth, { 'access-token': USERS.vendor })).start();
    const ready = await waitFor(actor, (s) => s.hasTag('ready'));
    expect(ready.context.user).toMatchObject({ email: 'vendor@seconde.test', role: 'Vendor' });
    expect(auth.calls).toEqual(['restore', 'watch']);
  });

  it('renews when the provider reports expiry, then signs out through the provider', async () => {
    const auth = new FakeSessionAuth();
    const users = { 'access-token': USERS.vendor, 'renewed-token': USERS.vendor };
    const actor = createActor(wired(auth, users)).start();
    await waitFor(actor, (s) => s.hasTag('ready'));
    auth.expire();
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'renewing' });
    await waitFor(actor, (s) => s.hasTag('ready'));
    actor.send({ type: 'session.signOut' });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(auth.calls).toEqual(['restore', 'watch', 'renew', 'unwatch', 'signOut']);
  });

  it('back on the tab without a token, signs in silently and carries on', async () => {
    const auth = new FakeSessionAuth();
    const page = new FakePage();
    const users = { 'access-token': USERS.vendor, 'renewed-token': USERS.vendor };
    const actor = createActor(wired(auth, users, page)).start();
    await waitFor(actor, (s) => s.hasTag('ready'));
    page.show('hidden');
    page.show('visible');
    await waitFor(actor, (s) => s.hasTag('ready') && auth.calls.includes('hasValidToken'));
    expect(auth.calls).toEqual(['restore', 'watch', 'hasValidToken']);
    auth.token = null;
    page.show('visible');
    const renewing = await waitFor(actor, (s) => s.matches({ signedIn: 'renewing' }));
    expect(renewing.context.hasToken).toBe(false);
    expect(renewing.hasTag('signedIn')).toBe(false);
    const ready = await waitFor(actor, (s) => s.hasTag('ready'));
    expect(ready.context.hasToken).toBe(true);
    expect(auth.calls).toEqual(['restore', 'watch', 'hasValidToken', 'hasValidToken', 'renew']);
  });

  it('back on the tab without a token, redirects to the provider when the silent sign-in fails', async () => {
    const auth = new FakeSessionAuth();
    const page = new FakePage();
    auth.failRenew = true;
    const actor = createActor(wired(auth, { 'access-token': USERS.vendor }, page)).start();
    await waitFor(actor, (s) => s.hasTag('ready'));
    auth.token = null;
    page.show('visible');
    await waitFor(actor, (s) => s.matches('signingIn'));
    expect(auth.calls.slice(-3)).toEqual(['renew', 'unwatch', 'signIn:null']);
    expect(page.listening).toBe(0);
  });

  it('stops listening to the tab once signed out', async () => {
    const auth = new FakeSessionAuth();
    const page = new FakePage();
    const actor = createActor(wired(auth, { 'access-token': USERS.vendor }, page)).start();
    await waitFor(actor, (s) => s.hasTag('ready'));
    expect(page.listening).toBe(1);
    actor.send({ type: 'session.signOut' });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(page.listening).toBe(0);
  });

  it('keeps the server reason when the token is refused', async () => {
    const auth = new FakeSessionAuth();
    auth.token = 'forged';
    const actor = createActor(wired(auth, {})).start();
    const failed = await waitFor(actor, (s) => s.hasTag('error'));
    expect(failed.value).toEqual({ signedIn: 'checkFailed' });
    expect(failed.context.errorCode).toBe('unauthenticated');
  });
});
