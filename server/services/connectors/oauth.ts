import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Code } from '@connectrpc/connect';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ConnectorOauthState, Database } from '../../db/schema.gen.ts';
import type { PublisherName } from '../../../src/domain/publishing/channels.ts';
import type { PlainHandler } from '../../http/plainRoutes.ts';
import { fail } from '../../rpc/reasons.ts';
import type { ServiceDeps } from '../deps.ts';
import type { ConnectorAccount } from '../publishing/connector.ts';
import { channelFetch } from '../publishing/connectors/channelHttp.ts';
import { shopifyGraphql } from '../publishing/connectors/shopify.ts';
import {
  ebayEndpoint,
  normalizeShopDomain,
  shopifyEndpoint,
  type ShopifyEndpoint,
} from './channelConfig.ts';
import { ebayUsername, exchangeEbayCode } from './ebayTokens.ts';
import { langOf, oauthText, type OauthText } from './oauthTexts.ts';
import { sameSignature, shopifyQueryHmac } from './shopifySigning.ts';

/** Where each channel's consent sends the browser back on this server. */
export const OAUTH_RETURN_PATH = '/connectors/oauth/';
export const ebayReturnUrl = (deps: ServiceDeps) =>
  `${deps.publicUrl()}${OAUTH_RETURN_PATH}ebay/callback`;
export const shopifyReturnUrl = (deps: ServiceDeps) =>
  `${deps.publicUrl()}${OAUTH_RETURN_PATH}shopify/callback`;
export const SHOPIFY_ORDERS_WEBHOOK_PATH = '/webhooks/shopify/orders-create';

/** A consent left unanswered this long is refused on return. */
const STATE_TTL_MS = 15 * 60 * 1000;

/** The origins the browser may use for this server: its public one, and the loopback twin. */
function ownOrigins(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  const loopback = ['localhost', '127.0.0.1'];
  const hosts = loopback.includes(url.hostname) ? loopback : [url.hostname];
  return hosts.map((h) => `${url.protocol}//${h}${url.port ? `:${url.port}` : ''}`);
}

/**
 * The return address, when it is on this server's own origin: anything else would turn the
 * consent's return into an open redirect.
 */
export function requireOwnRedirect(deps: ServiceDeps, uri: string): string {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw fail(Code.InvalidArgument, 'INVALID_ARGUMENT', 'final_redirect_uri is not an address');
  }
  if (!ownOrigins(deps.publicUrl()).includes(url.origin))
    throw fail(
      Code.InvalidArgument,
      'INVALID_ARGUMENT',
      'final_redirect_uri must be an address of this application',
    );
  return url.toString();
}

/** The return address with one message parameter added. */
export function withMessage(
  uri: string,
  name: 'successfull_message' | 'error_message',
  text: string,
): string {
  const url = new URL(uri);
  url.searchParams.set(name, text);
  return url.toString();
}

export interface ConnectedAccount {
  readonly vendor: string;
  readonly publisher: PublisherName;
  readonly shop: string | null;
  readonly accountName: string | null;
  readonly accessToken: string | null;
  readonly refreshToken: string | null;
  readonly expiresAt: Date | null;
  readonly now: Date;
}

/**
 * The vendor's connector of the channel, created or reconnected: active, connected, with its
 * tokens; a new one exports only until the vendor chooses otherwise, an existing one keeps its
 * sync type. Answers its uuid.
 */
export async function upsertConnector(
  db: Kysely<Database>,
  account: ConnectedAccount,
): Promise<string> {
  const { rows } = await sql<{ uuid: string }>`
    insert into vendor_connector (vendor, publisher_name, is_active, connected, connected_at,
      sync_type, shop, account_name, urn, access_token, refresh_token, token_expires_at)
    values (${account.vendor}, ${account.publisher}, true, true, ${account.now}, 'EXPORT_ONLY',
      ${account.shop}, ${account.accountName}, ${account.shop ?? account.accountName},
      ${account.accessToken}, ${account.refreshToken}, ${account.expiresAt})
    on conflict (vendor, publisher_name) do update set
      is_active = true, connected = true, connected_at = excluded.connected_at,
      sync_type = coalesce(vendor_connector.sync_type, excluded.sync_type),
      shop = excluded.shop, account_name = excluded.account_name, urn = excluded.urn,
      access_token = excluded.access_token, refresh_token = excluded.refresh_token,
      token_expires_at = excluded.token_expires_at, last_sync_error = null,
      updated_at = now(), row_version = vendor_connector.row_version + 1
    returning uuid`.execute(db);
  return rows[0]!.uuid;
}

/** The channel's consent page for the vendor, with a fresh single-use state. */
export async function beginConsent(
  deps: ServiceDeps,
  vendor: string,
  publisher: 'EBAY' | 'SHOPIFY',
  shopInput: string,
  finalRedirectUri: string,
): Promise<string> {
  const back = requireOwnRedirect(deps, finalRedirectUri);
  const shop = publisher === 'SHOPIFY' ? normalizeShopDomain(shopInput) : null;
  if (publisher === 'SHOPIFY' && !shop)
    throw fail(
      Code.InvalidArgument,
      'INVALID_ARGUMENT',
      'Give the shop name or its myshopify.com domain',
    );
  // Resolved before the state is stored: a channel without configuration refuses at once.
  const consent =
    publisher === 'EBAY'
      ? configured(() => ebayEndpoint(deps))
      : configured(() => shopifyEndpoint(deps));
  const state = randomBytes(24).toString('base64url');
  await deps.db
    .insertInto('connector_oauth_state')
    .values({
      state,
      vendor,
      publisher_name: publisher,
      shop,
      final_redirect_uri: back,
      created_at: deps.clock(),
    })
    .execute();
  if ('ruName' in consent) {
    const url = new URL(`${consent.authUrl}/oauth2/authorize`);
    url.search = new URLSearchParams({
      client_id: consent.clientId,
      redirect_uri: consent.ruName,
      response_type: 'code',
      scope: consent.scopes,
      state,
    }).toString();
    return url.toString();
  }
  const url = new URL(`${consent.shopUrl(shop!)}/admin/oauth/authorize`);
  url.search = new URLSearchParams({
    client_id: consent.apiKey,
    scope: consent.scopes,
    redirect_uri: shopifyReturnUrl(deps),
    state,
  }).toString();
  return url.toString();
}

function configured<T>(resolve: () => T): T {
  try {
    return resolve();
  } catch (error) {
    throw fail(
      Code.FailedPrecondition,
      'CHANNEL_UNAVAILABLE',
      error instanceof Error ? error.message : 'This channel is not configured',
    );
  }
}

type StateRow = Omit<Selectable<ConnectorOauthState>, 'state'>;

/** Takes the state back (single use); undefined when unknown, expired or of another channel. */
async function takeState(
  deps: ServiceDeps,
  state: string,
  publisher: PublisherName,
): Promise<StateRow | undefined> {
  if (!state) return undefined;
  const row = await deps.db
    .deleteFrom('connector_oauth_state')
    .where('state', '=', state)
    .returning(['vendor', 'publisher_name', 'shop', 'final_redirect_uri', 'created_at'])
    .executeTakeFirst();
  if (!row || row.publisher_name !== publisher) return undefined;
  if (deps.clock().getTime() - new Date(row.created_at).getTime() > STATE_TTL_MS) return undefined;
  return row;
}

function redirectTo(res: ServerResponse, location: string): void {
  res.writeHead(302, { location, 'cache-control': 'no-store' }).end();
}

/** Shopify signs its return: the `hmac` of the other parameters with the app's secret. */
function validShopifyHmac(url: URL, endpoint: ShopifyEndpoint): boolean {
  const given = url.searchParams.get('hmac') ?? '';
  return sameSignature(given, shopifyQueryHmac(url.searchParams, endpoint.apiSecret));
}

/** The shop's name and the orders webhook, once connected; neither stops the connection. */
async function afterShopifyConnect(
  deps: ServiceDeps,
  endpoint: ShopifyEndpoint,
  account: ConnectorAccount,
): Promise<string | null> {
  let name: string | null = null;
  try {
    const data = await shopifyGraphql<{ shop: { name?: string } }>(
      endpoint,
      account,
      'query ShopName { shop { name myshopifyDomain } }',
      {},
    );
    name = data.shop.name ?? null;
  } catch {
    name = null;
  }
  try {
    await shopifyGraphql(
      endpoint,
      account,
      `mutation SubscribeOrders($topic: WebhookSubscriptionTopic!, $webhookSubscription: WebhookSubscriptionInput!) {
        webhookSubscriptionCreate(topic: $topic, webhookSubscription: $webhookSubscription) {
          webhookSubscription { id } userErrors { field message }
        }
      }`,
      {
        topic: 'ORDERS_CREATE',
        webhookSubscription: {
          callbackUrl: `${deps.publicUrl()}${SHOPIFY_ORDERS_WEBHOOK_PATH}`,
          format: 'JSON',
        },
      },
    );
  } catch (error) {
    console.error('Shopify orders webhook not registered', error);
  }
  return name;
}

async function shopifyAccessToken(
  endpoint: ShopifyEndpoint,
  shop: string,
  code: string,
): Promise<string> {
  const answer = await channelFetch(
    {
      channel: 'Shopify',
      method: 'POST',
      url: `${endpoint.shopUrl(shop)}/admin/oauth/access_token`,
      body: { client_id: endpoint.apiKey, client_secret: endpoint.apiSecret, code },
    },
    endpoint.retry,
  );
  const token = (answer.json as { access_token?: unknown } | undefined)?.access_token;
  if (answer.status !== 200 || typeof token !== 'string') {
    const why = (answer.json as { error_description?: string } | undefined)?.error_description;
    throw new Error(why ?? `Shopify answered HTTP ${answer.status}`);
  }
  return token;
}

/**
 * The channels' OAuth returns (`/connectors/oauth/{ebay|shopify}/callback`): the state is checked
 * (and used up), Shopify's hmac too, the code exchanged for tokens, the connector stored, then
 * the browser goes back to the page that started it with `successfull_message`, or with
 * `error_message` when the vendor refused or something failed. A state we do not know has no
 * trusted return address: the browser goes to the connectors page.
 */
export function oauthReturnRoute(deps: ServiceDeps): PlainHandler {
  return async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const channel = /^\/connectors\/oauth\/(ebay|shopify)\/callback$/.exec(url.pathname)?.[1];
    if (!channel || req.method !== 'GET') {
      res.writeHead(404).end();
      return;
    }
    const publisher: 'EBAY' | 'SHOPIFY' = channel === 'ebay' ? 'EBAY' : 'SHOPIFY';
    const state = await takeState(deps, url.searchParams.get('state') ?? '', publisher);
    const fallback = `${deps.publicUrl()}/edit-profile/connectors`;
    const back = (key: OauthText, error = '') => {
      const uri = state?.final_redirect_uri ?? fallback;
      const lang = langOf(uri);
      const param = key === 'connected' ? 'successfull_message' : 'error_message';
      redirectTo(res, withMessage(uri, param, oauthText(lang, key, publisher, error)));
    };
    if (!state) return back('stateInvalid');
    if (url.searchParams.get('error')) return back('refused');
    const code = url.searchParams.get('code') ?? '';
    if (!code) return back('failed', 'no authorisation code');
    const now = deps.clock();
    try {
      if (publisher === 'EBAY') {
        const endpoint = ebayEndpoint(deps);
        const tokens = await exchangeEbayCode(endpoint, code, now);
        await upsertConnector(deps.db, {
          vendor: state.vendor,
          publisher,
          shop: null,
          accountName: await ebayUsername(endpoint, tokens.accessToken),
          accessToken: tokens.accessToken,
          refreshToken: tokens.refreshToken,
          expiresAt: tokens.expiresAt,
          now,
        });
        return back('connected');
      }
      const endpoint = shopifyEndpoint(deps);
      const shop = url.searchParams.get('shop') ?? '';
      if (shop !== state.shop || !validShopifyHmac(url, endpoint)) return back('stateInvalid');
      const accessToken = await shopifyAccessToken(endpoint, shop, code);
      const uuid = await upsertConnector(deps.db, {
        vendor: state.vendor,
        publisher,
        shop,
        accountName: shop,
        accessToken,
        refreshToken: null,
        expiresAt: null,
        now,
      });
      const account = {
        connectorUuid: uuid,
        vendorUuid: state.vendor,
        accessToken,
        shop,
        accountName: shop,
      };
      const name = await afterShopifyConnect(deps, endpoint, account);
      if (name)
        await sql`update vendor_connector set account_name = ${name} where uuid = ${uuid}`.execute(
          deps.db,
        );
      return back('connected');
    } catch (error) {
      return back('failed', error instanceof Error ? error.message : String(error));
    }
  };
}
