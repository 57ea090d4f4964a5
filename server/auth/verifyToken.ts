import {
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';

/** Who called, as the API needs it; taken from a verified access token only. */
export interface Identity {
  readonly sub: string;
  /** Empty when the identity provider does not put an e-mail in its access tokens. */
  readonly email: string;
  readonly groups: string[];
  /** Names from the token (given_name, family_name), for users who have no vendor or customer record. */
  readonly givenName?: string;
  readonly familyName?: string;
}

/** Why a token was refused; callers map it to one Unauthenticated answer and never leak details. */
export type TokenErrorReason = 'malformed' | 'expired' | 'invalid';

/**
 * Thrown for any token we must refuse (bad signature, wrong issuer or audience, expired, missing
 * `sub`). Key-fetching or discovery failures are not token errors and are thrown as they come.
 */
export class TokenError extends Error {
  override readonly name = 'TokenError';
  constructor(
    readonly reason: TokenErrorReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The token of an `Authorization: Bearer …` header, or null for anything else. */
export function bearerFrom(headerValue: string | null): string | null {
  const match = /^Bearer[ \t]+([A-Za-z0-9\-._~+/]+=*)[ \t]*$/i.exec(headerValue ?? '');
  return match?.[1] ?? null;
}

export interface TokenVerifierOptions {
  readonly issuer: string;
  readonly audience: string;
  /** Skips discovery when the identity provider's key set lives elsewhere. */
  readonly jwksUri?: string | undefined;
  /** Claim holding the groups; a dotted path reaches nested claims (e.g. `realm_access.roles`). */
  readonly groupsClaim?: string | undefined;
}

/**
 * Builds the API's token check. Keys are found lazily on the first call, so the verifier can be
 * created before the embedded provider listens; jose caches them and refetches on unknown `kid`.
 */
export function createTokenVerifier(
  opts: TokenVerifierOptions,
): (token: string) => Promise<Identity> {
  const groupsPath = (opts.groupsClaim ?? 'groups').split('.');
  let keys: Promise<JWTVerifyGetKey> | undefined;
  const getKeys = (): Promise<JWTVerifyGetKey> => {
    keys ??= resolveJwksUri(opts).then((uri) => createRemoteJWKSet(new URL(uri)));
    keys.catch(() => (keys = undefined));
    return keys;
  };

  return async (token) => {
    const jwks = await getKeys();
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, jwks, {
        issuer: opts.issuer,
        audience: opts.audience,
      }));
    } catch (error) {
      throw toTokenError(error);
    }
    if (typeof payload.sub !== 'string' || payload.sub === '')
      throw new TokenError('invalid', 'token has no subject');
    return {
      sub: payload.sub,
      email: typeof payload.email === 'string' ? payload.email : '',
      givenName: typeof payload.given_name === 'string' ? payload.given_name : '',
      familyName: typeof payload.family_name === 'string' ? payload.family_name : '',
      groups: stringArray(
        groupsPath.reduce<unknown>(
          (value, key) => (isRecord(value) ? value[key] : undefined),
          payload,
        ),
      ),
    };
  };
}

async function resolveJwksUri(opts: TokenVerifierOptions): Promise<string> {
  if (opts.jwksUri) return opts.jwksUri;
  const url = `${opts.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`OpenID discovery failed at ${url}: HTTP ${response.status}`);
  const document = (await response.json()) as { jwks_uri?: unknown };
  if (typeof document.jwks_uri !== 'string')
    throw new Error(`OpenID discovery at ${url} has no jwks_uri`);
  return document.jwks_uri;
}

function toTokenError(error: unknown): unknown {
  if (error instanceof joseErrors.JWTExpired)
    return new TokenError('expired', 'token expired', { cause: error });
  if (error instanceof joseErrors.JWKSTimeout) return error;
  if (error instanceof joseErrors.JOSEError) {
    const malformed =
      error instanceof joseErrors.JWSInvalid || error instanceof joseErrors.JWTInvalid;
    return new TokenError(malformed ? 'malformed' : 'invalid', error.message, { cause: error });
  }
  return error;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function stringArray(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
}
