import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { DemoAccount } from './demoAccounts.ts';
import { accountClaims, SCOPE_CLAIMS } from './accountClaims.ts';
import { handleInteraction } from './interactions.ts';
import { createJwtUserinfo } from './jwtUserinfo.ts';
import { errorPage, logoutPage, pickLanguage, signedOutPage } from './pages.ts';
import { loadOrCreateSigningKeys, publicJwks } from './signingKeys.ts';

export interface EmbeddedProviderOptions {
  /** Full issuer URL; its path (e.g. `/oidc`) is where `handle` is mounted. */
  readonly issuer: string;
  readonly clientId: string;
  readonly redirectUris: string[];
  readonly postLogoutRedirectUris: string[];
  readonly accounts: readonly DemoAccount[];
  readonly password: string;
  /** Persist generated signing keys here (JSON); undefined keeps them in memory. */
  readonly keysFile?: string | undefined;
  /** Resource indicator of the API; every access token is a JWT for it. */
  readonly audience: string;
}

export interface EmbeddedProvider {
  readonly provider: Provider;
  /** Serves every request whose path is the issuer path or below it. */
  handle(req: IncomingMessage, res: ServerResponse): void;
}

const SCOPES = ['openid', 'profile', 'email', 'offline_access'] as const;

/**
 * A complete OpenID provider inside our server, so a fresh install signs in with the demo
 * accounts and no external identity service. The SPA talks to it exactly as to a real one.
 */
export async function createEmbeddedProvider(
  opts: EmbeddedProviderOptions,
): Promise<EmbeddedProvider> {
  const mountPath = new URL(opts.issuer).pathname.replace(/\/$/, '');
  const jwks = await loadOrCreateSigningKeys(opts.keysFile);
  const bySub = new Map(opts.accounts.map((account) => [account.sub, account]));
  const scope = SCOPES.join(' ');
  const requestLanguage = (ctx: KoaContextWithOIDC) =>
    pickLanguage(
      ctx.query.lang?.toString() ?? ctx.oidc?.params?.ui_locales?.toString(),
      ctx.get('accept-language'),
    );

  const configuration: Configuration = {
    jwks,
    clients: [
      {
        client_id: opts.clientId,
        client_name: 'Seconde',
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: opts.redirectUris,
        post_logout_redirect_uris: opts.postLogoutRedirectUris,
        scope,
      },
    ],
    scopes: [...SCOPES],
    claims: {
      openid: [...SCOPE_CLAIMS.openid],
      profile: [...SCOPE_CLAIMS.profile],
      email: [...SCOPE_CLAIMS.email],
    },
    // Put the scope claims (email, groups…) in the ID token too, although an access token is issued.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    clientBasedCORS: () => true,
    async findAccount(_ctx, sub) {
      const account = bySub.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: () => accountClaims(account) };
    },
    // oidc-provider drops offline_access unless the request says prompt=consent (OIDC Core 11).
    // Our own SPA still gets a refresh token; without offline_access it ends with the session.
    issueRefreshToken: (_ctx, client, source) =>
      client.grantTypeAllowed('refresh_token') &&
      (source.scopes.has('offline_access') || client.clientId === opts.clientId),
    extraTokenClaims(_ctx, token) {
      const account = 'accountId' in token ? bySub.get(token.accountId) : undefined;
      return account
        ? {
            email: account.email,
            given_name: account.givenName,
            family_name: account.familyName,
            groups: [...account.groups],
          }
        : undefined;
    },
    async loadExistingGrant(ctx) {
      const accountId = ctx.oidc.session?.accountId;
      if (!accountId || !ctx.oidc.client) return undefined;
      const grantId = await grantAll(
        accountId,
        ctx.oidc.client.clientId,
        String(ctx.oidc.params?.scope ?? 'openid'),
        ctx,
      );
      return ctx.oidc.provider.Grant.find(grantId);
    },
    interactions: { url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      // A client may revoke only its own tokens (a public client cannot prove more than that).
      revocation: {
        enabled: true,
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource(ctx, form) {
          ctx.type = 'html';
          ctx.body = logoutPage(requestLanguage(ctx), form);
        },
        postLogoutSuccessSource(ctx) {
          ctx.type = 'html';
          ctx.body = signedOutPage(requestLanguage(ctx));
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => opts.audience,
        // Also use the API resource when the SPA omits `resource` at the token endpoint.
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx, indicator) {
          if (indicator !== opts.audience) throw new errors.InvalidTarget();
          return {
            scope,
            audience: opts.audience,
            accessTokenFormat: 'jwt',
            accessTokenTTL: 15 * 60,
          };
        },
      },
    },
    ttl: {
      AccessToken: 15 * 60,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      RefreshToken: 14 * 24 * 60 * 60,
      Interaction: 60 * 60,
      Session: 14 * 24 * 60 * 60,
      Grant: 14 * 24 * 60 * 60,
    },
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = errorPage(requestLanguage(ctx), `${out.error}: ${out.error_description ?? ''}`);
    },
  };

  const provider = new Provider(opts.issuer, configuration);

  /** First-party client: everything it asks for is granted without a consent screen. */
  async function grantAll(
    accountId: string,
    clientId: string,
    requested: string,
    ctx?: KoaContextWithOIDC,
  ) {
    const existingId =
      ctx?.oidc.result?.consent?.grantId ?? ctx?.oidc.session?.grantIdFor(clientId);
    const existing = existingId ? await provider.Grant.find(existingId) : undefined;
    const grant = existing ?? new provider.Grant({ accountId, clientId });
    const scopes = requested
      .split(' ')
      .filter((s) => (SCOPES as readonly string[]).includes(s))
      .join(' ');
    grant.addOIDCScope(scopes);
    grant.addResourceScope(opts.audience, scopes);
    return grant.save();
  }

  const callback = provider.callback();
  const userinfo = createJwtUserinfo({
    issuer: opts.issuer,
    audience: opts.audience,
    jwks: publicJwks(jwks),
    accounts: opts.accounts,
  });
  const interactionOptions = {
    provider,
    mountPath,
    accounts: opts.accounts,
    password: opts.password,
    grantAll,
  };

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const subPath = url.pathname.slice(mountPath.length) || '/';
    if (subPath.startsWith('/interaction/'))
      return handleInteraction(interactionOptions, req, res, subPath, url);
    if (
      subPath === '/me' &&
      (req.method === 'GET' || req.method === 'POST') &&
      (await userinfo(req, res))
    )
      return;
    // Mounted like Express does it: oidc-provider reads the prefix back from originalUrl.
    (req as IncomingMessage & { originalUrl?: string }).originalUrl = req.url;
    req.url = `${subPath}${url.search}`;
    await callback(req, res);
  }

  return {
    provider,
    handle(req, res) {
      route(req, res).catch((error: unknown) => {
        console.error('oidc: request failed', error);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end();
      });
    },
  };
}
