/** eBay's REST APIs (Sell Inventory, Fulfillment) and its OAuth consent. */
export interface EbaySettings {
  /** API origin, e.g. https://api.ebay.com; unset: the built-in sandbox when allowed. */
  readonly apiUrl: string | undefined;
  /** Consent page origin, e.g. https://auth.ebay.com. */
  readonly authUrl: string | undefined;
  readonly clientId: string | undefined;
  readonly clientSecret: string | undefined;
  /** eBay's redirect URL name (RuName) registered for the app. */
  readonly ruName: string | undefined;
  readonly marketplaceId: string;
  /** Where a listing is seen, followed by its listing id (default https://www.ebay.fr/itm/). */
  readonly itemUrl?: string | undefined;
  /** OAuth scopes asked on consent and on refresh (space separated). */
  readonly scopes?: string | undefined;
  /**
   * The leaf category offers are filed in. Our categories are not mapped to eBay's tree, so the
   * vendor's deployment names one (eBay refuses an offer without a category).
   */
  readonly categoryId?: string | undefined;
  /** Business policies and the inventory location eBay needs to publish an offer, when the account has them. */
  readonly fulfillmentPolicyId?: string | undefined;
  readonly paymentPolicyId?: string | undefined;
  readonly returnPolicyId?: string | undefined;
  readonly merchantLocationKey?: string | undefined;
}

/** Shopify's Admin GraphQL API and its OAuth consent. */
export interface ShopifySettings {
  readonly apiKey: string | undefined;
  readonly apiSecret: string | undefined;
  readonly apiVersion: string;
  /** Where a shop answers: https://{shop} in production; tests point it at a local double. */
  readonly shopUrlTemplate: string | undefined;
  readonly scopes: string;
}

/**
 * How calls to a channel are retried when it is busy (429) or failing (5xx, network): attempts
 * at most, the first pause (doubled each time, with jitter, capped), the total time one call may
 * spend waiting before giving up, and each request's own timeout.
 */
export interface RetrySettings {
  readonly attempts: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  readonly budgetMs: number;
  readonly timeoutMs: number;
}

export const DEFAULT_RETRY: RetrySettings = {
  attempts: 6,
  baseDelayMs: 500,
  maxDelayMs: 20_000,
  budgetMs: 60_000,
  timeoutMs: 30_000,
};

/** How often active eBay connectors are asked for new orders (eBay has no order webhook for us). */
export const DEFAULT_ORDER_POLL_MS = 3 * 60 * 1000;

export interface ConnectorSettings {
  readonly ebay: EbaySettings;
  readonly shopify: ShopifySettings;
  /**
   * A channel without credentials uses the built-in sandbox served by this server (local
   * installs), so the whole flow can be tried without accounts; production leaves it off.
   */
  readonly sandbox: boolean;
  /** Retries of channel calls; DEFAULT_RETRY for what is unset. */
  readonly retry?: Partial<RetrySettings> | undefined;
  /** Order polling period in milliseconds; 0 turns the schedule off (Sync still polls). */
  readonly orderPollMs?: number | undefined;
}

export const EBAY_DEFAULT_SCOPES = [
  'https://api.ebay.com/oauth/api_scope',
  'https://api.ebay.com/oauth/api_scope/sell.inventory',
  'https://api.ebay.com/oauth/api_scope/sell.fulfillment',
  'https://api.ebay.com/oauth/api_scope/commerce.identity.readonly',
].join(' ');

export function retrySettings(settings: ConnectorSettings): RetrySettings {
  return { ...DEFAULT_RETRY, ...settings.retry };
}

export function loadConnectorSettings(
  env: NodeJS.ProcessEnv,
  environment: string,
): ConnectorSettings {
  const poll = Number(env.CONNECTOR_ORDER_POLL_MS);
  return {
    ebay: {
      apiUrl: env.EBAY_API_URL || undefined,
      authUrl: env.EBAY_AUTH_URL || undefined,
      clientId: env.EBAY_CLIENT_ID || undefined,
      clientSecret: env.EBAY_CLIENT_SECRET || undefined,
      ruName: env.EBAY_RU_NAME || undefined,
      marketplaceId: env.EBAY_MARKETPLACE_ID || 'EBAY_FR',
      itemUrl: env.EBAY_ITEM_URL || undefined,
      scopes: env.EBAY_SCOPES || undefined,
      categoryId: env.EBAY_CATEGORY_ID || undefined,
      fulfillmentPolicyId: env.EBAY_FULFILLMENT_POLICY_ID || undefined,
      paymentPolicyId: env.EBAY_PAYMENT_POLICY_ID || undefined,
      returnPolicyId: env.EBAY_RETURN_POLICY_ID || undefined,
      merchantLocationKey: env.EBAY_MERCHANT_LOCATION_KEY || undefined,
    },
    shopify: {
      apiKey: env.SHOPIFY_API_KEY || undefined,
      apiSecret: env.SHOPIFY_API_SECRET || undefined,
      apiVersion: env.SHOPIFY_API_VERSION || '2025-07',
      shopUrlTemplate: env.SHOPIFY_SHOP_URL_TEMPLATE || undefined,
      scopes: env.SHOPIFY_SCOPES || 'write_products,read_orders',
    },
    sandbox: (env.CONNECTOR_SANDBOX ?? (environment === 'local' ? '1' : '0')) === '1',
    orderPollMs: Number.isFinite(poll) && env.CONNECTOR_ORDER_POLL_MS ? poll : undefined,
  };
}
