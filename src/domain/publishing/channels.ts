/**
 * The sales channels a vendor connects (vendor_connector.publisher_name). The storefront, eBay and
 * Shopify publish through the publisher stream; the main resale marketplace has no public API, so
 * it gets a listing kit and the vendor records the listing link by hand.
 */
export const PUBLISHERS = ['SECONDE_STOREFRONT', 'EBAY', 'SHOPIFY'] as const;
export type PublisherName = (typeof PUBLISHERS)[number];

/** How a channel is named where no translation applies (a task's label): its brand. */
export const CHANNEL_BRANDS: Readonly<Record<PublisherName, string>> = {
  SECONDE_STOREFRONT: 'Seconde',
  EBAY: 'eBay',
  SHOPIFY: 'Shopify',
};

export function channelBrand(publisher: string): string {
  return isPublisherName(publisher) ? CHANNEL_BRANDS[publisher] : publisher;
}

/** The channel of hand-made listings (listing kit); never a connector. */
export const MANUAL_MARKETPLACE = 'MAIN_MARKETPLACE';

export function isPublisherName(value: unknown): value is PublisherName {
  return typeof value === 'string' && (PUBLISHERS as readonly string[]).includes(value);
}

/** The sale platform (SalePlatform enum label) a sale on this channel is recorded with. */
export const SALE_PLATFORM_OF: Readonly<Record<PublisherName | typeof MANUAL_MARKETPLACE, string>> =
  {
    SECONDE_STOREFRONT: 'WEBSITE',
    EBAY: 'EBAY',
    SHOPIFY: 'SHOP_PLATFORM',
    MAIN_MARKETPLACE: 'MAIN_MARKETPLACE',
  };

/** Why a listing was withdrawn (product_listing.withdraw_reason). */
export const WITHDRAW_REASONS = [
  'SOLD_ELSEWHERE',
  'RESERVED_ELSEWHERE',
  'RESTITUTED',
  'BY_VENDOR',
] as const;
export type WithdrawReason = (typeof WITHDRAW_REASONS)[number];
