import { describe, expect, it, vi } from 'vitest';
import type { OidcConfig } from '../../rpc/config.ts';
import { createLazySessionAuth } from './lazySessionAuth.ts';
import type { PageLocation, SessionAuth } from './oidc.ts';

const OIDC: OidcConfig = { authority: 'https://id.example', clientId: 'app', scope: 'openid' };
const LOCATION: PageLocation = {
  href: 'https://app.example/stock',
  origin: 'https://app.example',
  pathname: '/stock',
  search: '',
};

/** A sign-in standing in for the library's, counting what reaches it. */
function realAuth() {
  const unwatch = vi.fn();
  const auth: SessionAuth = {
    restore: vi.fn(async () => ({ signedIn: true, returnTo: null })),
    signIn: vi.fn(async () => undefined),
    renew: vi.fn(async () => undefined),
    signOut: vi.fn(async () => undefined),
    accessToken: vi.fn(async () => 'token-1'),
    hasValidToken: vi.fn(async () => true),
    watch: vi.fn(() => unwatch),
  };
  return { auth, unwatch };
}

describe('the sign-in loaded apart', () => {
  it('loads its code once, at the first call, and answers as the real sign-in', async () => {
    const { auth } = realAuth();
    const create = vi.fn(() => auth);
    const load = vi.fn(async () => create);
    const lazy = createLazySessionAuth(OIDC, LOCATION, load);
    expect(load).not.toHaveBeenCalled();
    const [restored, token] = await Promise.all([lazy.restore(), lazy.accessToken()]);
    expect(restored).toEqual({ signedIn: true, returnTo: null });
    expect(token).toBe('token-1');
    await lazy.signIn('/deposits');
    expect(auth.signIn).toHaveBeenCalledWith('/deposits');
    expect(load).toHaveBeenCalledTimes(1);
    expect(create).toHaveBeenCalledWith(OIDC, LOCATION);
  });

  it('watches once loaded, and a watch stopped before that never starts', async () => {
    const { auth, unwatch } = realAuth();
    const lazy = createLazySessionAuth(OIDC, LOCATION, async () => () => auth);
    const stopEarly = lazy.watch(() => undefined);
    stopEarly();
    const onExpired = vi.fn();
    const stop = lazy.watch(onExpired);
    await vi.waitFor(() => expect(auth.watch).toHaveBeenCalledTimes(1));
    expect(auth.watch).toHaveBeenCalledWith(onExpired);
    stop();
    expect(unwatch).toHaveBeenCalledTimes(1);
  });
});
