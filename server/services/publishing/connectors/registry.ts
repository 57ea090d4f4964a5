import type { PublisherName } from '../../../../src/domain/publishing/channels.ts';
import type { ConnectorSettings } from '../../connectors/connectorSettings.ts';
import type { ServiceDeps } from '../../deps.ts';
import type { ChannelConnector } from '../connector.ts';
import { ebayConnector } from './ebay.ts';
import { shopifyConnector } from './shopify.ts';
import { storefrontConnector } from './storefront.ts';

/** Channel connectors handed in instead of the real ones, by channel. */
export type ChannelOverrides = Partial<Record<PublisherName, ChannelConnector>>;

/**
 * Connector settings that also carry connectors of their own making. A deployment embedding the
 * server, or a test counting calls and failing items on purpose, passes these as the server's
 * connector settings; every publishing path (publish task, withdrawals, a vendor's withdraw)
 * then talks to them instead of the channel.
 */
export interface ConnectorSettingsWithChannels extends ConnectorSettings {
  readonly channels?: ChannelOverrides;
}

const FACTORIES: Readonly<Record<PublisherName, (deps: ServiceDeps) => ChannelConnector>> = {
  SECONDE_STOREFRONT: storefrontConnector,
  EBAY: ebayConnector,
  SHOPIFY: shopifyConnector,
};

/** The overrides carried by the deps' connector settings, if any. */
export function channelOverridesOf(deps: ServiceDeps): ChannelOverrides {
  return (deps.connectors as ConnectorSettingsWithChannels).channels ?? {};
}

/**
 * The connectors of one server, built once per channel on first use: the override when one was
 * given, the channel's own file otherwise.
 */
export function connectorRegistry(
  deps: ServiceDeps,
  overrides: ChannelOverrides = channelOverridesOf(deps),
): (publisher: PublisherName) => ChannelConnector {
  const built = new Map<PublisherName, ChannelConnector>();
  return (publisher) => {
    let connector = built.get(publisher);
    if (!connector) {
      connector = overrides[publisher] ?? FACTORIES[publisher](deps);
      built.set(publisher, connector);
    }
    return connector;
  };
}

/** The connector of one channel (a fresh one; the publish paths keep theirs in a registry). */
export function connectorFor(deps: ServiceDeps, publisher: PublisherName): ChannelConnector {
  return channelOverridesOf(deps)[publisher] ?? FACTORIES[publisher](deps);
}
