import { MANUAL_MARKETPLACE } from '../../domain/publishing/channels.ts';

const CHANNEL_KEYS: Readonly<Record<string, string>> = {
  SECONDE_STOREFRONT: 'connectors.channelStorefront',
  EBAY: 'connectors.channelEbay',
  SHOPIFY: 'connectors.channelShopify',
  [MANUAL_MARKETPLACE]: 'connectors.channelMarketplace',
};

/** A channel's display name: its translation, or the stored name for a channel we do not know. */
export function channelName(publisherName: string, t: (key: string) => string): string {
  const key = CHANNEL_KEYS[publisherName];
  return key ? t(key) : publisherName;
}
