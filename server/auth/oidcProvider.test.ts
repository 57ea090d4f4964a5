import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar, SignInError, signInWithPassword } from '../../tests/helpers/signIn.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demoAccounts.ts';
import { createEmbeddedProvider } from './oidcProvider.ts';
import { createTokenVerifier, TokenError } from './verifyToken.ts';

const AUDIENCE = 'urn:seconde:api';
const CLIENT_ID = 'seconde-spa';
let server: Server;
let base: string;
let issuer: string;
let redirectUri: string;
let keysDir: string;

beforeAll(async () => {
  keysDir = await mkdtemp(path.join(tmpdir(), 'seconde-oidc-'));
  server = createServer((req, res) => handle(req, res));
  let handle: Parameters<typeof createServer>[1] & {} = (_req, res) => res.writeHead(503).end();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  issuer = `${base}/oidc`;
  redirectUri = `${base}/oidc-callback`;
  const embedded = await createEmbeddedProvider({
    issuer,
    clientId: CLIENT_ID,
    redirectUris: [redirectUri],
    postLogoutRedirectUris: [`${base}/`],
    accounts: DEMO_ACCOUNTS,
    password: DEMO_PASSWORD,
    keysFile: path.join(keysDir, 'keys.json'),
    audience: AUDIENCE,
  });
  handle = (req, res) => {
    const pathname = new URL(req.url ?? '/', base).pathname;
    if (pathname === '/oidc' || pathname.startsWith('/oidc/')) return embedded.handle(req, res);
    res.writeHead(404).end();
  };
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(keysDir, { recursive: true, force: true });
});

const signIn = (
  email: string,
  extra: { password?: string; acceptLanguage?: string; jar?: CookieJar } = {},
) =>
  signInWithPassword({
    issuer,
    clientId: CLIENT_ID,
    redirectUri,
    email,
    password: extra.password ?? 'demo',
    ...extra,
  });
const verifier = () => createTokenVerifier({ issuer, audience: AUDIENCE });
const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields),
});

describe('embedded OpenID provider', () => {
  it('publishes discovery under the mount path and persists its keys', async () => {
    const response = await fetch(`${issuer}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const doc = (await response.json()) as Record<string, unknown>;
    expect(doc).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/auth`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks`,
      userinfo_endpoint: `${issuer}/me`,
      revocation_endpoint: `${issuer}/token/revocation`,
      end_session_endpoint: `${issuer}/session/end`,
      code_challenge_methods_supported: ['S256'],
    });
    expect(doc.scopes_supported).toEqual(
      expect.arrayContaining(['openid', 'profile', 'email', 'offline_access']),
    );
    const saved = JSON.parse(await readFile(path.join(keysDir, 'keys.json'), 'utf8')) as {
      keys: { kty: string; d?: string }[];
    };
    expect(saved.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256' });
  });

  it.each([
    ['vendor@seconde.test', ['Vendor']],
    ['admin@seconde.test', ['Admin', 'Vendor']],
    ['nogroup@seconde.test', []],
  ])('signs in %s with a JWT access token carrying groups %j', async (email, groups) => {
    const tokens = await signIn(email);
    const identity = await verifier()(tokens.accessToken);
    const account = DEMO_ACCOUNTS.find((a) => a.email === email);
    expect(identity).toEqual({
      sub: account?.sub,
      email,
      groups,
      givenName: account?.givenName,
      familyName: account?.familyName,
    });
    expect(decodeJwt(tokens.idToken)).toMatchObject({
      sub: account?.sub,
      email,
      groups,
      aud: CLIENT_ID,
    });
    expect(tokens.refreshToken).toBeTruthy();
  });

  it('also issues the API token when the client sends resource explicitly', async () => {
    const tokens = await signInWithPassword({
      issuer,
      clientId: CLIENT_ID,
      redirectUri,
      email: 'customer@seconde.test',
      password: 'demo',
      audience: AUDIENCE,
    });
    expect((await verifier()(tokens.accessToken)).groups).toEqual(['Customer']);
  });

  it('shows a translated error that keeps the e-mail on a wrong password, and issues no code', async () => {
    for (const [acceptLanguage, message] of [
      ['fr-FR,fr;q=0.9', 'Adresse e-mail ou mot de passe incorrect.'],
      ['en-GB,en;q=0.9,fr;q=0.5', 'Wrong e-mail address or password.'],
    ] as const) {
      const error = await signIn('vendor@seconde.test', { password: 'nope', acceptLanguage }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(SignInError);
      const { page, status } = error as SignInError;
      expect(status).toBe(401);
      expect(page).toContain(message);
      expect(page).toContain('value="vendor@seconde.test"');
      expect(page).toMatch(/<label for="email">/);
      expect(page).toMatch(/<input id="password" name="password" type="password"/);
    }
  });

  it('escapes what the user typed', async () => {
    const error = (await signIn('"><script>x</script>', { password: 'nope' }).catch(
      (e: unknown) => e,
    )) as SignInError;
    expect(error.page).not.toContain('<script>x');
    expect(error.page).toContain('&#34;&#62;&#60;script&#62;');
  });

  it('refuses a tampered token and a token for another audience', async () => {
    const { accessToken } = await signIn('vendor@seconde.test');
    const [header, payload, signature] = accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const forged = Buffer.from(JSON.stringify({ ...claims, groups: ['Admin'] })).toString(
      'base64url',
    );
    await expect(verifier()(`${header}.${forged}.${signature}`)).rejects.toBeInstanceOf(TokenError);
    await expect(verifier()('not-a-token')).rejects.toBeInstanceOf(TokenError);
    const otherApi = createTokenVerifier({ issuer, audience: 'urn:other:api' });
    await expect(otherApi(accessToken)).rejects.toBeInstanceOf(TokenError);
    const otherIssuer = createTokenVerifier({
      issuer: 'http://elsewhere.test/oidc',
      audience: AUDIENCE,
      jwksUri: `${issuer}/jwks`,
    });
    await expect(otherIssuer(accessToken)).rejects.toBeInstanceOf(TokenError);
  });

  it('refreshes, answers userinfo, then revokes the refresh token', async () => {
    const first = await signIn('company@seconde.test');
    const refreshed = await fetch(
      `${issuer}/token`,
      form({
        grant_type: 'refresh_token',
        refresh_token: first.refreshToken ?? '',
        client_id: CLIENT_ID,
      }),
    );
    const body = (await refreshed.json()) as {
      access_token: string;
      refresh_token: string;
      id_token: string;
    };
    expect(refreshed.status).toBe(200);
    expect((await verifier()(body.access_token)).groups).toEqual(['Vendor', 'Company']);

    const userinfo = await fetch(`${issuer}/me`, {
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(userinfo.status).toBe(200);
    expect(await userinfo.json()).toMatchObject({
      email: 'company@seconde.test',
      groups: ['Vendor', 'Company'],
      given_name: 'Camille',
    });

    const revoked = await fetch(
      `${issuer}/token/revocation`,
      form({ token: body.refresh_token, token_type_hint: 'refresh_token', client_id: CLIENT_ID }),
    );
    expect(revoked.status).toBe(200);
    const again = await fetch(
      `${issuer}/token`,
      form({
        grant_type: 'refresh_token',
        refresh_token: body.refresh_token,
        client_id: CLIENT_ID,
      }),
    );
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('keeps offline_access without a consent screen when the client asks prompt=consent', async () => {
    const tokens = await signInWithPassword({
      issuer,
      clientId: CLIENT_ID,
      redirectUri,
      email: 'trial@seconde.test',
      password: 'demo',
      prompt: 'consent',
    });
    expect(decodeJwt(tokens.accessToken).scope).toContain('offline_access');
    expect(tokens.refreshToken).toBeTruthy();
  });

  it('requires PKCE', async () => {
    const url = new URL(`${issuer}/auth`);
    url.search = new URLSearchParams({
      client_id: CLIENT_ID,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid',
    }).toString();
    const response = await fetch(url, { redirect: 'manual' });
    expect(
      new URL(response.headers.get('location') ?? '').searchParams.get('error_description'),
    ).toMatch(/PKCE/);
  });

  it('signs out to the post-logout redirect URI without a confirmation click', async () => {
    const jar = new CookieJar();
    const { idToken } = await signIn('vendor@seconde.test', { jar });
    const end = new URL(`${issuer}/session/end`);
    end.search = new URLSearchParams({
      id_token_hint: idToken,
      post_logout_redirect_uri: `${base}/`,
      client_id: CLIENT_ID,
    }).toString();
    const page = await fetch(end, { headers: { cookie: jar.header() } });
    jar.store(page);
    const html = await page.text();
    expect(html).toContain('document.forms[0].submit()');
    const action = /action="([^"]+)"/.exec(html)?.[1] ?? '';
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const confirm = await fetch(action, {
      ...form({ xsrf, logout: 'yes' }),
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header() },
    });
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get('location')).toBe(`${base}/`);
  });

  it('allows CORS from the SPA origin on the token endpoint', async () => {
    const response = await fetch(`${issuer}/token`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
  });
});
