import type { OidcConfig } from '../../rpc/config.ts';
import type { PageLocation, SessionAuth } from './oidc.ts';

/** Builds the real sign-in once its code (oidc-client-ts with it) is loaded. */
export type LoadSessionAuth = () => Promise<
  (oidc: OidcConfig, location: PageLocation) => SessionAuth
>;

const loadOidc: LoadSessionAuth = () =>
  import('./oidc.ts').then(
    (m) => (oidc, location) =>
      m.createSessionAuth(m.createUserManager(oidc, location.origin), location),
  );

/**
 * The session's sign-in over oidc-client-ts loaded apart from the app's first scripts: the
 * library (and the code around it) is fetched as the session starts, beside the page's own
 * start, instead of being parsed before anything shows. It loads once; every call waits for it.
 */
export function createLazySessionAuth(
  oidc: OidcConfig,
  location: PageLocation,
  load: LoadSessionAuth = loadOidc,
): SessionAuth {
  let loaded: Promise<SessionAuth> | undefined;
  const auth = () => (loaded ??= load().then((create) => create(oidc, location)));
  return {
    restore: async () => (await auth()).restore(),
    signIn: async (returnTo) => (await auth()).signIn(returnTo),
    renew: async () => (await auth()).renew(),
    signOut: async () => (await auth()).signOut(),
    accessToken: async () => (await auth()).accessToken(),
    hasValidToken: async () => (await auth()).hasValidToken(),
    watch(onExpired) {
      let stop: (() => void) | undefined;
      let stopped = false;
      void auth().then((real) => {
        if (!stopped) stop = real.watch(onExpired);
      });
      return () => {
        stopped = true;
        stop?.();
      };
    },
  };
}
