import { createHash, randomBytes } from 'node:crypto';

export interface SignInOptions {
  readonly issuer: string;
  readonly clientId: string;
  readonly redirectUri: string;
  readonly email: string;
  readonly password: string;
  /** Sent as `resource`; the embedded provider defaults to its API audience anyway. */
  readonly audience?: string;
  /** Language of the sign-in page (Accept-Language header); French when omitted. */
  readonly acceptLanguage?: string;
  /** `consent` keeps offline_access (a refresh token that outlives the session). */
  readonly prompt?: string;
  /** Reuse cookies across calls, e.g. to sign out the same browser session afterwards. */
  readonly jar?: CookieJar;
}

export interface SignInResult {
  readonly accessToken: string;
  readonly idToken: string;
  readonly refreshToken?: string;
}

/** Sign-in stopped on a page instead of reaching the redirect URI (e.g. wrong password). */
export class SignInError extends Error {
  override readonly name = 'SignInError';
  constructor(
    message: string,
    readonly status: number,
    readonly page: string,
  ) {
    super(message);
  }
}

/** The few cookie rules the flow needs: one host, replace by name, drop expired ones. */
export class CookieJar {
  readonly #cookies = new Map<string, string>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const expired = attributes.some(
        (a) => /^\s*expires=.*1970/i.test(a) || /^\s*max-age=0\b/i.test(a),
      );
      if (expired) this.#cookies.delete(name);
      else this.#cookies.set(name, pair.slice(eq + 1).trim());
    }
  }

  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Signs in the way a browser would (authorization code + PKCE, real login form, cookies), with
 * fetch only, so integration tests exercise the same path as the SPA and get real tokens.
 */
export async function signInWithPassword(opts: SignInOptions): Promise<SignInResult> {
  const discovery = await discover(opts.issuer);
  const jar = opts.jar ?? new CookieJar();
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(16).toString('base64url');
  const authorize = new URL(discovery.authorization_endpoint);
  authorize.search = new URLSearchParams({
    client_id: opts.clientId,
    redirect_uri: opts.redirectUri,
    response_type: 'code',
    scope: 'openid profile email offline_access',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state,
    nonce: randomBytes(16).toString('base64url'),
    ...(opts.audience ? { resource: opts.audience } : {}),
    ...(opts.prompt ? { prompt: opts.prompt } : {}),
  }).toString();

  const headers = opts.acceptLanguage ? { 'accept-language': opts.acceptLanguage } : undefined;
  let page = await follow(authorize.href, jar, opts.redirectUri, { headers });
  if (page.kind === 'callback')
    throw new Error('signed in without a login form (existing session)');
  const action = /<form[^>]*\saction="([^"]+)"/i.exec(page.body)?.[1];
  if (!action) throw new SignInError('no login form', page.status, page.body);
  page = await follow(new URL(unescapeHtml(action), page.url).href, jar, opts.redirectUri, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: opts.email, password: opts.password }).toString(),
  });
  if (page.kind !== 'callback')
    throw new SignInError('sign-in did not redirect back', page.status, page.body);
  const callback = page.url;
  if (callback.searchParams.get('state') !== state) throw new Error('state mismatch');
  const code = callback.searchParams.get('code');
  if (!code)
    throw new Error(
      `no code: ${callback.searchParams.get('error')} ${callback.searchParams.get('error_description')}`,
    );

  const response = await fetch(discovery.token_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: opts.redirectUri,
      client_id: opts.clientId,
      code_verifier: verifier,
      ...(opts.audience ? { resource: opts.audience } : {}),
    }),
  });
  const tokens = (await response.json()) as Record<string, string | undefined>;
  if (!response.ok || !tokens.access_token || !tokens.id_token) {
    throw new Error(`token request failed: ${response.status} ${JSON.stringify(tokens)}`);
  }
  return {
    accessToken: tokens.access_token,
    idToken: tokens.id_token,
    refreshToken: tokens.refresh_token,
  };
}

interface Discovery {
  authorization_endpoint: string;
  token_endpoint: string;
}

async function discover(issuer: string): Promise<Discovery> {
  const response = await fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`);
  if (!response.ok) throw new Error(`discovery failed: ${response.status}`);
  return (await response.json()) as Discovery;
}

type Landing =
  { kind: 'callback'; url: URL } | { kind: 'page'; url: URL; status: number; body: string };

/** Follows redirects by hand, keeping cookies, until the client's redirect URI or a page. */
async function follow(
  start: string,
  jar: CookieJar,
  redirectUri: string,
  init: RequestInit,
): Promise<Landing> {
  let url = new URL(start);
  let request = init;
  for (let hop = 0; hop < 10; hop++) {
    const response = await fetch(url, {
      ...request,
      redirect: 'manual',
      headers: { ...(request.headers as Record<string, string> | undefined), cookie: jar.header() },
    });
    jar.store(response);
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) {
      return { kind: 'page', url, status: response.status, body: await response.text() };
    }
    await response.body?.cancel();
    url = new URL(location, url);
    if (url.href.startsWith(redirectUri)) return { kind: 'callback', url };
    request = { headers: init.headers && omitContentType(init.headers as Record<string, string>) };
  }
  throw new Error('too many redirects');
}

function omitContentType(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'content-type'));
}

function unescapeHtml(value: string): string {
  return value
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&');
}
