import type { User, UserManagerEvents } from 'oidc-client-ts';
import { describe, expect, it, vi } from 'vitest';
import {
  createSessionAuth,
  safeReturnPath,
  userManagerSettings,
  type OidcUserManager,
  type PageLocation,
} from './oidc.ts';

const OIDC = {
  authority: 'http://localhost:8080/oidc',
  clientId: 'seconde-spa',
  scope: 'openid profile email offline_access',
};

function at(url: string): PageLocation {
  const { href, origin, pathname, search } = new URL(url);
  return { href, origin, pathname, search };
}

function user(fields: Partial<User> & { state?: unknown }): User {
  return { access_token: 'tok', expired: false, ...fields } as unknown as User;
}

/** Records calls; each method answers what the test put in `answers`. */
function fakeManager(
  answers: {
    stored?: User | null;
    callback?: User;
    silent?: User | null;
    refuseRevoking?: string;
  } = {},
) {
  const calls: string[] = [];
  const manager: OidcUserManager = {
    events: {} as UserManagerEvents,
    getUser: () => (calls.push('getUser'), Promise.resolve(answers.stored ?? null)),
    removeUser: () => (calls.push('removeUser'), Promise.resolve()),
    revokeTokens: (types) => {
      calls.push(`revoke:${String(types)}`);
      return answers.refuseRevoking && types?.includes(answers.refuseRevoking as never)
        ? Promise.reject(new Error('unsupported_token_type'))
        : Promise.resolve();
    },
    signinCallback: (url) => (
      calls.push(`signinCallback:${url}`),
      Promise.resolve(answers.callback)
    ),
    signinRedirect: (args) => (
      calls.push(`signinRedirect:${JSON.stringify(args)}`),
      Promise.resolve()
    ),
    signinSilent: () => {
      calls.push('signinSilent');
      return answers.silent === undefined
        ? Promise.reject(new Error('login_required'))
        : Promise.resolve(answers.silent);
    },
    signoutRedirect: () => (calls.push('signoutRedirect'), Promise.resolve()),
  };
  return { manager, calls };
}

describe('userManagerSettings', () => {
  it('asks for the spec sign-in: code flow, renewal on, monitor off, both tokens revocable', () => {
    expect(userManagerSettings(OIDC, 'https://shop.example')).toEqual({
      authority: 'http://localhost:8080/oidc',
      client_id: 'seconde-spa',
      scope: 'openid profile email offline_access',
      response_type: 'code',
      redirect_uri: 'https://shop.example/oidc-callback',
      post_logout_redirect_uri: 'https://shop.example/',
      automaticSilentRenew: true,
      monitorSession: false,
      revokeTokensOnSignout: false,
      revokeTokenTypes: ['refresh_token', 'access_token'],
      revokeTokenAdditionalContentTypes: ['text/plain'],
    });
  });
});

describe('safeReturnPath', () => {
  it.each([
    ['/', '/'],
    ['/stock?page=2&q=robe%20bleue', '/stock?page=2&q=robe%20bleue'],
    ['//evil.example/x', null],
    ['/\\evil.example', null],
    ['https://evil.example/', null],
    ['stock', null],
    ['/oidc-callback?code=1', null],
    [42, null],
    [undefined, null],
  ])('%j gives %j', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });
});

describe('createSessionAuth', () => {
  it('finishes a sign-in return once and lands on the saved path', async () => {
    const href = 'http://localhost:8080/oidc-callback?code=abc&state=xyz';
    const { manager, calls } = fakeManager({
      callback: user({ state: { returnTo: '/stock?page=2' } }),
    });
    const auth = createSessionAuth(manager, at(href));
    const [first, second] = await Promise.all([auth.restore(), auth.restore()]);
    expect(first).toEqual({ signedIn: true, returnTo: '/stock?page=2' });
    expect(second).toBe(first);
    expect(calls).toEqual([`signinCallback:${href}`]);
  });

  it('ignores a foreign return path from the provider', async () => {
    const { manager } = fakeManager({ callback: user({ state: { returnTo: '//evil.example' } }) });
    const auth = createSessionAuth(manager, at('http://localhost:8080/oidc-callback?code=1'));
    expect(await auth.restore()).toEqual({ signedIn: true, returnTo: '/' });
  });

  it('treats a bare visit of the callback path as an ordinary page load', async () => {
    const { manager, calls } = fakeManager({ stored: user({}) });
    const auth = createSessionAuth(manager, at('http://x/oidc-callback'));
    expect(await auth.restore()).toEqual({ signedIn: true, returnTo: null });
    expect(calls).toEqual(['getUser']);
  });

  it('hands a provider refusal on the callback to oidc-client-ts, which rejects it', async () => {
    const { manager, calls } = fakeManager();
    manager.signinCallback = (url) => (
      calls.push(`signinCallback:${url}`),
      Promise.reject(new Error('access_denied'))
    );
    const href = 'http://x/oidc-callback?error=access_denied&state=s';
    await expect(createSessionAuth(manager, at(href)).restore()).rejects.toThrow('access_denied');
    expect(calls).toEqual([`signinCallback:${href}`]);
  });

  it('reads a stored, valid user without talking to the provider', async () => {
    const { manager, calls } = fakeManager({ stored: user({}) });
    expect(await createSessionAuth(manager, at('http://x/stock')).restore()).toEqual({
      signedIn: true,
      returnTo: null,
    });
    expect(calls).toEqual(['getUser']);
  });

  it('renews an expired stored user silently', async () => {
    const { manager, calls } = fakeManager({ stored: user({ expired: true }), silent: user({}) });
    expect((await createSessionAuth(manager, at('http://x/')).restore()).signedIn).toBe(true);
    expect(calls).toEqual(['getUser', 'signinSilent']);
  });

  it('forgets an expired user the provider no longer knows', async () => {
    const { manager, calls } = fakeManager({ stored: user({ expired: true }) });
    expect(await createSessionAuth(manager, at('http://x/')).restore()).toEqual({
      signedIn: false,
      returnTo: null,
    });
    expect(calls).toEqual(['getUser', 'signinSilent', 'removeUser']);
  });

  it('signs in towards the asked path, or the current one (query kept)', async () => {
    const { manager, calls } = fakeManager();
    const auth = createSessionAuth(manager, at('http://x/invoices?year=2024'));
    await auth.signIn('/stock');
    await auth.signIn(null);
    expect(calls).toEqual([
      'signinRedirect:{"state":{"returnTo":"/stock"}}',
      'signinRedirect:{"state":{"returnTo":"/invoices?year=2024"}}',
    ]);
  });

  it('rejects a renewal that gives no user', async () => {
    const { manager } = fakeManager({ silent: null });
    await expect(createSessionAuth(manager, at('http://x/')).renew()).rejects.toThrow(
      'Silent renewal gave no user',
    );
  });

  it('revokes both tokens, then signs out through the provider', async () => {
    const { manager, calls } = fakeManager();
    await createSessionAuth(manager, at('http://x/')).signOut();
    expect(calls).toEqual(['revoke:refresh_token', 'revoke:access_token', 'signoutRedirect']);
  });

  it('still signs out when the provider refuses to revoke a JWT access token', async () => {
    const { manager, calls } = fakeManager({ refuseRevoking: 'access_token' });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await createSessionAuth(manager, at('http://x/')).signOut();
    expect(calls).toEqual(['revoke:refresh_token', 'revoke:access_token', 'signoutRedirect']);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('hands out the stored access token', async () => {
    const { manager } = fakeManager({ stored: user({ access_token: 'abc' }) });
    expect(await createSessionAuth(manager, at('http://x/')).accessToken()).toBe('abc');
    expect(
      await createSessionAuth(fakeManager().manager, at('http://x/')).accessToken(),
    ).toBeNull();
  });

  it('tells whether an unexpired access token is stored', async () => {
    const valid = (stored: User | null) =>
      createSessionAuth(fakeManager({ stored }).manager, at('http://x/')).hasValidToken();
    expect(await valid(user({}))).toBe(true);
    expect(await valid(user({ expired: true }))).toBe(false);
    expect(await valid(null)).toBe(false);
  });

  it('passes expiry to the machine, only logs the other identity events, and stops on cleanup', () => {
    const handlers = new Map<string, (...args: unknown[]) => void>();
    const subscribe = (name: string) => (handler: (...args: unknown[]) => void) => {
      handlers.set(name, handler);
      return () => handlers.delete(name);
    };
    const events = Object.fromEntries(
      [
        'addAccessTokenExpired',
        'addUserLoaded',
        'addUserUnloaded',
        'addAccessTokenExpiring',
        'addUserSignedOut',
        'addSilentRenewError',
      ].map((name) => [name, subscribe(name)]),
    ) as unknown as UserManagerEvents;
    const { manager } = fakeManager();
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let expired = 0;
    const stop = createSessionAuth({ ...manager, events }, at('http://x/')).watch(() => {
      expired += 1;
    });
    expect(handlers.size).toBe(6);
    for (const [name, handler] of handlers) if (name !== 'addAccessTokenExpired') handler();
    expect(expired).toBe(0);
    expect(debug).toHaveBeenCalledTimes(4);
    expect(warn).toHaveBeenCalledOnce();
    handlers.get('addAccessTokenExpired')!();
    expect(expired).toBe(1);
    stop();
    expect(handlers.size).toBe(0);
    debug.mockRestore();
    warn.mockRestore();
  });
});
