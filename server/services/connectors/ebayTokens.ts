import { sql } from 'kysely';
import type { ServiceDeps } from '../deps.ts';
import { ChannelUnavailableError, type ConnectorAccount } from '../publishing/connector.ts';
import { channelFetch } from '../publishing/connectors/channelHttp.ts';
import type { EbayEndpoint } from './channelConfig.ts';

/** eBay's answer to a token request (identity/v1/oauth2/token). */
export interface EbayTokens {
  readonly accessToken: string;
  readonly refreshToken: string | null;
  readonly expiresAt: Date;
}

/** Refresh this long before the access token expires, so a call never starts with a dying one. */
const EXPIRY_MARGIN_MS = 60_000;

async function tokenRequest(
  endpoint: EbayEndpoint,
  form: Record<string, string>,
  now: Date,
  signal?: AbortSignal,
): Promise<EbayTokens> {
  const basic = Buffer.from(`${endpoint.clientId}:${endpoint.clientSecret}`).toString('base64');
  const answer = await channelFetch(
    {
      channel: 'eBay',
      method: 'POST',
      url: `${endpoint.apiUrl}/identity/v1/oauth2/token`,
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(form).toString(),
      signal,
    },
    endpoint.retry,
  );
  const json = (answer.json ?? {}) as {
    access_token?: string;
    refresh_token?: string;
    expires_in?: number;
    error?: string;
    error_description?: string;
  };
  if (answer.status !== 200 || !json.access_token)
    throw new ChannelUnavailableError(
      `eBay refused the authorisation: ${json.error_description ?? json.error ?? `HTTP ${answer.status}`}`,
      false,
    );
  return {
    accessToken: json.access_token,
    refreshToken: json.refresh_token ?? null,
    expiresAt: new Date(now.getTime() + (json.expires_in ?? 7200) * 1000),
  };
}

/** Exchanges the consent's code for the user's tokens (authorization-code grant). */
export function exchangeEbayCode(
  endpoint: EbayEndpoint,
  code: string,
  now: Date,
): Promise<EbayTokens> {
  return tokenRequest(
    endpoint,
    { grant_type: 'authorization_code', code, redirect_uri: endpoint.ruName },
    now,
  );
}

/** The eBay user name of a token (Commerce Identity API); null when eBay does not say. */
export async function ebayUsername(
  endpoint: EbayEndpoint,
  accessToken: string,
): Promise<string | null> {
  try {
    const answer = await channelFetch(
      {
        channel: 'eBay',
        method: 'GET',
        url: `${endpoint.identityUrl}/commerce/identity/v1/user/`,
        headers: { authorization: `Bearer ${accessToken}` },
      },
      { ...endpoint.retry, attempts: 2 },
    );
    const name = (answer.json as { username?: unknown } | undefined)?.username;
    return answer.status === 200 && typeof name === 'string' ? name : null;
  } catch {
    return null;
  }
}

/** One refresh at a time per connector: the publish lanes share its outcome. */
const refreshing = new Map<string, Promise<string>>();

/**
 * The connector's access token, refreshed first when it expires within a minute (refresh-token
 * grant, the new token stored). An account that is not a stored connector (a test's) is used as
 * given.
 */
export async function ebayAccessToken(
  deps: ServiceDeps,
  endpoint: EbayEndpoint,
  account: ConnectorAccount,
  signal?: AbortSignal,
): Promise<string> {
  const { rows } = await sql<{
    access_token: string | null;
    refresh_token: string | null;
    token_expires_at: Date | null;
  }>`
    select access_token, refresh_token, token_expires_at from vendor_connector
    where uuid = ${account.connectorUuid}`.execute(deps.db);
  const row = rows[0];
  const token = row?.access_token ?? account.accessToken;
  if (!token) throw new ChannelUnavailableError('eBay is not connected: connect it again', false);
  const now = deps.clock();
  const expired =
    row?.token_expires_at && row.token_expires_at.getTime() - EXPIRY_MARGIN_MS <= now.getTime();
  if (!expired) return token;
  if (!row.refresh_token)
    throw new ChannelUnavailableError('The eBay authorisation expired: connect it again', false);
  const pending = refreshing.get(account.connectorUuid);
  if (pending) return pending;
  const refresh = (async () => {
    const fresh = await tokenRequest(
      endpoint,
      { grant_type: 'refresh_token', refresh_token: row.refresh_token!, scope: endpoint.scopes },
      now,
      signal,
    );
    await sql`
      update vendor_connector set access_token = ${fresh.accessToken},
        token_expires_at = ${fresh.expiresAt},
        refresh_token = coalesce(${fresh.refreshToken}, refresh_token), updated_at = now()
      where uuid = ${account.connectorUuid}`.execute(deps.db);
    return fresh.accessToken;
  })().finally(() => refreshing.delete(account.connectorUuid));
  refreshing.set(account.connectorUuid, refresh);
  return refresh;
}
