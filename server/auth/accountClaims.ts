import type { DemoAccount } from './demoAccounts.ts';

/** Standard claims of a demo account, plus `groups` which drives every role decision. */
export function accountClaims(account: DemoAccount): Record<string, unknown> & { sub: string } {
  return {
    sub: account.sub,
    email: account.email,
    email_verified: true,
    given_name: account.givenName,
    family_name: account.familyName,
    name: `${account.givenName} ${account.familyName}`,
    groups: [...account.groups],
  };
}

/** Which claims each scope releases; `groups` rides on `openid` because every token needs it. */
export const SCOPE_CLAIMS = {
  openid: ['sub', 'groups'],
  profile: ['name', 'given_name', 'family_name'],
  email: ['email', 'email_verified'],
} as const;

/** The claims a token with these scopes may see. */
export function claimsForScopes(
  claims: Record<string, unknown>,
  scopes: readonly string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const scope of scopes) {
    for (const name of SCOPE_CLAIMS[scope as keyof typeof SCOPE_CLAIMS] ?? []) {
      if (claims[name] !== undefined) out[name] = claims[name];
    }
  }
  return out;
}
