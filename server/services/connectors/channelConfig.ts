import { randomBytes } from 'node:crypto';
import type { ServiceDeps } from '../deps.ts';
import { ChannelUnavailableError } from '../publishing/connector.ts';
import { EBAY_DEFAULT_SCOPES, retrySettings, type RetrySettings } from './connectorSettings.ts';

/** Where the built-in sandboxes are served on this server (local installs). */
export const EBAY_SANDBOX_PATH = '/_sandbox/ebay';
export const SHOPIFY_SANDBOX_PATH = '/_sandbox/shopify';

/**
 * Credentials of the built-in sandboxes: drawn once per process, so nothing outside this server
 * can sign a sandbox webhook or use a sandbox token.
 */
export const SANDBOX_CREDENTIALS = {
  ebay: {
    clientId: 'seconde-sandbox',
    clientSecret: randomBytes(18).toString('base64url'),
    ruName: 'Seconde-Sandbox-RuName',
  },
  shopify: { apiKey: 'seconde-sandbox', apiSecret: randomBytes(18).toString('base64url') },
} as const;

/** eBay as one server talks to it: configured, or its sandbox. */
export interface EbayEndpoint {
  readonly sandbox: boolean;
  readonly apiUrl: string;
  readonly authUrl: string;
  /** Commerce Identity API origin (apiz. in production). */
  readonly identityUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly ruName: string;
  readonly marketplaceId: string;
  readonly itemUrl: string;
  readonly scopes: string;
  readonly categoryId: string;
  readonly policies: {
    readonly fulfillmentPolicyId?: string | undefined;
    readonly paymentPolicyId?: string | undefined;
    readonly returnPolicyId?: string | undefined;
  };
  readonly merchantLocationKey: string | undefined;
  readonly retry: RetrySettings;
}

export interface ShopifyEndpoint {
  readonly sandbox: boolean;
  readonly apiKey: string;
  readonly apiSecret: string;
  readonly apiVersion: string;
  readonly scopes: string;
  /** The shop's origin (https://name.myshopify.com, or where a double serves it). */
  shopUrl(shop: string): string;
  readonly retry: RetrySettings;
}

/** The channel's own settings when complete, else the sandbox when allowed, else undefined. */
export function ebayEndpointOrNull(deps: ServiceDeps): EbayEndpoint | undefined {
  const s = deps.connectors.ebay;
  const retry = retrySettings(deps.connectors);
  const common = {
    marketplaceId: s.marketplaceId,
    scopes: s.scopes ?? EBAY_DEFAULT_SCOPES,
    // A leaf category of eBay's tree; a deployment sets the one that fits its marketplace.
    categoryId: s.categoryId ?? '15724',
    policies: {
      fulfillmentPolicyId: s.fulfillmentPolicyId,
      paymentPolicyId: s.paymentPolicyId,
      returnPolicyId: s.returnPolicyId,
    },
    merchantLocationKey: s.merchantLocationKey,
    retry,
  };
  if (s.apiUrl && s.clientId && s.clientSecret && s.ruName) {
    const apiUrl = s.apiUrl.replace(/\/$/, '');
    return {
      ...common,
      sandbox: false,
      apiUrl,
      authUrl: (s.authUrl ?? apiUrl.replace('//api.', '//auth.')).replace(/\/$/, ''),
      identityUrl: apiUrl.replace('//api.', '//apiz.'),
      clientId: s.clientId,
      clientSecret: s.clientSecret,
      ruName: s.ruName,
      itemUrl: s.itemUrl ?? 'https://www.ebay.fr/itm/',
    };
  }
  if (!deps.connectors.sandbox) return undefined;
  const base = `${deps.publicUrl()}${EBAY_SANDBOX_PATH}`;
  return {
    ...common,
    sandbox: true,
    apiUrl: base,
    authUrl: base,
    identityUrl: base,
    ...SANDBOX_CREDENTIALS.ebay,
    itemUrl: `${base}/itm/`,
  };
}

export function ebayEndpoint(deps: ServiceDeps): EbayEndpoint {
  const endpoint = ebayEndpointOrNull(deps);
  if (!endpoint) throw new ChannelUnavailableError('eBay is not configured on this server', false);
  return endpoint;
}

export function shopifyEndpointOrNull(deps: ServiceDeps): ShopifyEndpoint | undefined {
  const s = deps.connectors.shopify;
  const retry = retrySettings(deps.connectors);
  const common = { apiVersion: s.apiVersion, scopes: s.scopes, retry };
  if (s.apiKey && s.apiSecret) {
    const template = s.shopUrlTemplate ?? 'https://{shop}';
    return {
      ...common,
      sandbox: false,
      apiKey: s.apiKey,
      apiSecret: s.apiSecret,
      shopUrl: (shop) => template.replace('{shop}', shop).replace(/\/$/, ''),
    };
  }
  if (!deps.connectors.sandbox) return undefined;
  return {
    ...common,
    sandbox: true,
    ...SANDBOX_CREDENTIALS.shopify,
    shopUrl: (shop) => `${deps.publicUrl()}${SHOPIFY_SANDBOX_PATH}/${shop}`,
  };
}

export function shopifyEndpoint(deps: ServiceDeps): ShopifyEndpoint {
  const endpoint = shopifyEndpointOrNull(deps);
  if (!endpoint)
    throw new ChannelUnavailableError('Shopify is not configured on this server', false);
  return endpoint;
}

/** A shop name as typed ("ma-boutique") or its domain, as its myshopify.com domain; null if invalid. */
export function normalizeShopDomain(value: string): string | null {
  const text = value
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/.*$/, '');
  const name = text.endsWith('.myshopify.com') ? text.slice(0, -'.myshopify.com'.length) : text;
  return /^[a-z0-9][a-z0-9-]{0,59}$/.test(name) ? `${name}.myshopify.com` : null;
}
