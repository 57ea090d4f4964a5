import { UserManager, type User, type UserManagerSettings } from 'oidc-client-ts';
import type { OidcConfig } from '../../rpc/config.ts';

/** Where the identity provider sends the browser back after sign-in (a public route). */
export const CALLBACK_PATH = '/oidc-callback';

/** What the session machine needs from sign-in, so tests replace it without a provider. */
export interface SessionAuth {
  /** Finishes a sign-in return or reads the stored user; never starts a redirect. */
  restore(): Promise<RestoredSession>;
  /** Redirects to the provider; `returnTo` is where the callback lands afterwards. */
  signIn(returnTo: string | null): Promise<void>;
  /** Silent renewal (refresh token); rejects when the provider wants the user back. */
  renew(): Promise<void>;
  /** Revokes the tokens and signs out at the provider, which sends the browser back to `/`. */
  signOut(): Promise<void>;
  /** The access token for RPC calls, read fresh for each call. */
  accessToken(): Promise<string | null>;
  /** Whether an unexpired access token is stored (read when the tab comes back). */
  hasValidToken(): Promise<boolean>;
  /** Calls `onExpired` when the token expires; logs the other identity events. */
  watch(onExpired: () => void): () => void;
}

export interface RestoredSession {
  readonly signedIn: boolean;
  /** Path (with query) the user was on before the sign-in redirect, when returning from it. */
  readonly returnTo: string | null;
}

/** The part of `window.location` sign-in reads; a parameter so tests need no browser. */
export interface PageLocation {
  readonly href: string;
  readonly origin: string;
  readonly pathname: string;
  readonly search: string;
}

/** Tokens revoked at sign-out, the long-lived one first. */
const REVOKED_AT_SIGN_OUT = ['refresh_token', 'access_token'] as const;

/**
 * Settings of the spec's sign-in (1-app-shell.md §7): code flow with PKCE, automatic silent
 * renewal, no session monitor (its iframe polls the provider for nothing). Tokens are revoked at
 * sign-out by `SessionAuth.signOut`, one type at a time, rather than by the library: it stops at
 * the first refusal (JWT access tokens cannot be revoked at many providers) and would then
 * neither revoke the refresh token nor sign out.
 */
export function userManagerSettings(oidc: OidcConfig, origin: string): UserManagerSettings {
  return {
    authority: oidc.authority,
    client_id: oidc.clientId,
    scope: oidc.scope,
    response_type: 'code',
    redirect_uri: `${origin}${CALLBACK_PATH}`,
    post_logout_redirect_uri: `${origin}/`,
    automaticSilentRenew: true,
    monitorSession: false,
    revokeTokensOnSignout: false,
    revokeTokenTypes: [...REVOKED_AT_SIGN_OUT],
    // RFC 7009 answers a revocation with an empty 200; some providers label it text/plain.
    revokeTokenAdditionalContentTypes: ['text/plain'],
  };
}

export function createUserManager(oidc: OidcConfig, origin: string): UserManager {
  return new UserManager(userManagerSettings(oidc, origin));
}

/**
 * Accepts only a same-origin path as a post-sign-in destination. The state round-trips through
 * the provider, so anything else (`//evil.example`, `https://...`) is treated as absent.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return null;
  if (value.startsWith('/\\') || value.startsWith(CALLBACK_PATH)) return null;
  return value;
}

function returnToOf(user: User): string | null {
  const state = user.state as { returnTo?: unknown } | null | undefined;
  return safeReturnPath(state?.returnTo);
}

/** The parts of oidc-client-ts's UserManager the session uses. */
export type OidcUserManager = Pick<
  UserManager,
  | 'events'
  | 'getUser'
  | 'removeUser'
  | 'revokeTokens'
  | 'signinCallback'
  | 'signinRedirect'
  | 'signinSilent'
  | 'signoutRedirect'
>;

/** Wires oidc-client-ts to what the session machine expects. */
export function createSessionAuth(manager: OidcUserManager, location: PageLocation): SessionAuth {
  // A sign-in return can be processed once only (the stored state is consumed), while React may
  // start the session actor twice in development: share the first attempt.
  let callback: { href: string; result: Promise<RestoredSession> } | null = null;

  async function finishCallback(href: string): Promise<RestoredSession> {
    const user = await manager.signinCallback(href);
    if (!user) return { signedIn: false, returnTo: null };
    return { signedIn: true, returnTo: returnToOf(user) ?? '/' };
  }

  async function restoreStored(): Promise<RestoredSession> {
    const user = await manager.getUser();
    if (!user) return { signedIn: false, returnTo: null };
    if (!user.expired) return { signedIn: true, returnTo: null };
    try {
      await manager.signinSilent();
      return { signedIn: true, returnTo: null };
    } catch {
      await manager.removeUser();
      return { signedIn: false, returnTo: null };
    }
  }

  return {
    restore() {
      const params = new URLSearchParams(location.search);
      const isReturn = params.has('code') || params.has('error');
      if (location.pathname !== CALLBACK_PATH || !isReturn) return restoreStored();
      if (callback?.href !== location.href) {
        callback = { href: location.href, result: finishCallback(location.href) };
      }
      return callback.result;
    },
    async signIn(returnTo) {
      const here = safeReturnPath(`${location.pathname}${location.search}`) ?? '/';
      await manager.signinRedirect({ state: { returnTo: safeReturnPath(returnTo) ?? here } });
    },
    async renew() {
      const user = await manager.signinSilent();
      if (!user) throw new Error('Silent renewal gave no user');
    },
    async signOut() {
      for (const type of REVOKED_AT_SIGN_OUT) {
        try {
          await manager.revokeTokens([type]);
        } catch (error) {
          // Signing out at the provider matters more than a refused revocation.
          console.warn(`Revoking the ${type} failed`, error);
        }
      }
      await manager.signoutRedirect();
    },
    async accessToken() {
      const user = await manager.getUser();
      return user?.access_token ?? null;
    },
    async hasValidToken() {
      const user = await manager.getUser();
      return Boolean(user?.access_token) && !user?.expired;
    },
    watch(onExpired) {
      const { events } = manager;
      const stopExpired = events.addAccessTokenExpired(onExpired);
      // Identity events are only logged (1-app-shell.md §8); expiry itself drives the machine.
      const stops = [
        events.addUserLoaded(() => console.debug('Identity: user loaded')),
        events.addUserUnloaded(() => console.debug('Identity: user unloaded')),
        events.addAccessTokenExpiring(() => console.debug('Identity: access token expiring')),
        events.addUserSignedOut(() => console.debug('Identity: signed out at the provider')),
        events.addSilentRenewError((error) => console.warn('Silent token renewal failed', error)),
      ];
      return () => {
        stopExpired();
        for (const stop of stops) stop();
      };
    },
  };
}
