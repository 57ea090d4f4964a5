import type { IncomingMessage, ServerResponse } from 'node:http';
import { createLocalJWKSet, jwtVerify, type JWK } from 'jose';
import type { DemoAccount } from './demoAccounts.ts';
import { accountClaims, claimsForScopes } from './accountClaims.ts';
import { bearerFrom } from './verifyToken.ts';

/**
 * Userinfo for our JWT access tokens. oidc-provider refuses any access token that has an audience
 * at its userinfo endpoint, yet the SPA's token always has one (the API). This answers for those
 * tokens; anything else returns false and goes on to oidc-provider's own endpoint.
 */
export function createJwtUserinfo(opts: {
  issuer: string;
  audience: string;
  jwks: { keys: JWK[] };
  accounts: readonly DemoAccount[];
}): (req: IncomingMessage, res: ServerResponse) => Promise<boolean> {
  const keys = createLocalJWKSet(opts.jwks);
  return async (req, res) => {
    const token = bearerFrom(req.headers.authorization ?? null);
    if (!token || token.split('.').length !== 3) return false;
    let payload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        issuer: opts.issuer,
        audience: opts.audience,
      }));
    } catch {
      return false;
    }
    const account = opts.accounts.find((candidate) => candidate.sub === payload.sub);
    if (!account) return false;
    const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ') : [];
    const origin = req.headers.origin;
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...(origin ? { 'access-control-allow-origin': origin, vary: 'Origin' } : {}),
    });
    res.end(
      JSON.stringify({ ...claimsForScopes(accountClaims(account), scopes), sub: account.sub }),
    );
    return true;
  };
}
