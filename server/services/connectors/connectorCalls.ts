import type { ServiceDeps, ServiceHandlers } from '../deps.ts';

/** VendorConnectorService (Connect, Disconnect, Sync, ShopPlatformOauthConnect), webhooks, OAuth returns. */
export function connectorCallsHandlers(_deps: ServiceDeps): ServiceHandlers {
  return {};
}
