import type { Interceptor } from '@connectrpc/connect';

/**
 * Where the current access token comes from. It is asked on every call rather than captured
 * once, so a token renewed in the background is used by the very next request.
 */
export type TokenGetter = () => string | null | undefined | Promise<string | null | undefined>;

/**
 * Puts `Authorization: Bearer <token>` on every call when a token is available. Calls without a
 * token go out bare: the server decides whether the method is public and answers UNAUTHENTICATED
 * otherwise, so the client never guesses which methods need a sign-in.
 */
export function authInterceptor(getToken: TokenGetter): Interceptor {
  return (next) => async (req) => {
    const token = await getToken();
    if (token) req.header.set('authorization', `Bearer ${token}`);
    return next(req);
  };
}
