import type { PublisherName } from '../../../src/domain/publishing/channels.ts';
import type { ServiceDeps } from '../deps.ts';

/** A sale (or a hold) a channel reported: an eBay or Shopify order, a storefront reservation. */
export interface ChannelSale {
  readonly publisher: PublisherName;
  readonly connectorUuid: string | null;
  /** The product, when the caller knows it; else found by the listing's SKU or external id. */
  readonly productUuid?: string;
  readonly sku?: string;
  readonly orderId: string;
  readonly priceCents: number | null;
  readonly buyerName: string | null;
  readonly buyerEmail: string | null;
  readonly soldAt: Date;
}

/**
 * Records a channel's sale: the product SELL (sold price and date, income split) through the rule
 * engine, the buyer and product-buyer rows, a SOLD line on the timeline, and the product's other
 * listings withdrawn. Answers the product, or null when no listing matches (an order of something
 * we never listed). Safe to call twice for the same order.
 */
export async function recordChannelSale(
  _deps: ServiceDeps,
  _sale: ChannelSale,
): Promise<{ productUuid: string } | null> {
  throw new Error('recordChannelSale is not implemented yet');
}
