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

export interface ConnectorSettings {
  readonly ebay: EbaySettings;
  readonly shopify: ShopifySettings;
  /**
   * A channel without credentials uses the built-in sandbox served by this server (local
   * installs), so the whole flow can be tried without accounts; production leaves it off.
   */
  readonly sandbox: boolean;
}

export function loadConnectorSettings(
  env: NodeJS.ProcessEnv,
  environment: string,
): ConnectorSettings {
  return {
    ebay: {
      apiUrl: env.EBAY_API_URL || undefined,
      authUrl: env.EBAY_AUTH_URL || undefined,
      clientId: env.EBAY_CLIENT_ID || undefined,
      clientSecret: env.EBAY_CLIENT_SECRET || undefined,
      ruName: env.EBAY_RU_NAME || undefined,
      marketplaceId: env.EBAY_MARKETPLACE_ID || 'EBAY_FR',
    },
    shopify: {
      apiKey: env.SHOPIFY_API_KEY || undefined,
      apiSecret: env.SHOPIFY_API_SECRET || undefined,
      apiVersion: env.SHOPIFY_API_VERSION || '2025-07',
      shopUrlTemplate: env.SHOPIFY_SHOP_URL_TEMPLATE || undefined,
      scopes: env.SHOPIFY_SCOPES || 'write_products,read_orders',
    },
    sandbox: (env.CONNECTOR_SANDBOX ?? (environment === 'local' ? '1' : '0')) === '1',
  };
}
