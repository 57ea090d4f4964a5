import type { PublisherName } from '../../../src/domain/publishing/channels.ts';

/**
 * One sales channel, server side: every channel implements this interface in its own file under
 * `connectors/`, and the publish task, the withdrawals and the order synchronisation only ever talk
 * to it. Calls must be safe to repeat (publishing the same SKU twice updates, withdrawing a listing
 * already gone succeeds), since a cut publication is run again.
 */
export interface ChannelConnector {
  readonly publisher: PublisherName;
  /** Lists (or updates) one product; answers the channel's id and the public address. */
  publish(item: ListingItem, account: ConnectorAccount, signal: AbortSignal): Promise<ListingRef>;
  /** Takes one listing off the channel. */
  withdraw(listing: ListingRef, account: ConnectorAccount, signal: AbortSignal): Promise<void>;
  /**
   * Orders the channel reports since `cursor` (polling); answers them with the next cursor. A
   * channel that pushes orders (webhooks) or has none answers an empty list.
   */
  pollOrders?(
    account: ConnectorAccount,
    cursor: string | null,
    signal: AbortSignal,
  ): Promise<OrderBatch>;
}

/** What a channel is sent about one product: everything a listing shows, prices in cents. */
export interface ListingItem {
  readonly productUuid: string;
  /** Our SKU on every channel: the product's reference (deposit range number), else its uuid. */
  readonly sku: string;
  readonly title: string;
  readonly description: string;
  readonly priceCents: number;
  readonly currency: 'EUR';
  readonly brand: string | null;
  readonly size: string | null;
  /** ProductQuality label (NEW_WITH_TICKET ... SATISFYING). */
  readonly quality: string;
  readonly categoryName: string | null;
  readonly colors: readonly string[];
  /** Absolute photo addresses, main image first. */
  readonly photoUrls: readonly string[];
}

/** The vendor's authorised account on the channel (from vendor_connector). */
export interface ConnectorAccount {
  readonly connectorUuid: string;
  readonly vendorUuid: string;
  readonly accessToken: string | null;
  readonly shop: string | null;
  readonly accountName: string | null;
}

/** A listing as the channel knows it. */
export interface ListingRef {
  readonly externalId: string;
  readonly url: string;
  /** The product's SKU on the channel. */
  readonly sku: string;
}

export interface ChannelOrder {
  /** The channel's order id (kept as the product buyer's platform transaction id). */
  readonly orderId: string;
  readonly sku: string;
  readonly priceCents: number | null;
  readonly buyerName: string | null;
  readonly buyerEmail: string | null;
  readonly soldAt: Date;
}

export interface OrderBatch {
  readonly orders: readonly ChannelOrder[];
  readonly cursor: string | null;
}

/**
 * The channel refused this one product (a validation error): the product's publish error field
 * gets the channel's message, the other products go on.
 */
export class ChannelItemError extends Error {
  constructor(
    message: string,
    readonly channelCode?: string,
  ) {
    super(message);
    this.name = 'ChannelItemError';
  }
}

/**
 * The channel could not be reached or kept refusing after its retries (network, 5xx, 429 past the
 * retry budget, expired authorisation): the product can be published again later.
 */
export class ChannelUnavailableError extends Error {
  constructor(
    message: string,
    readonly retryable = true,
  ) {
    super(message);
    this.name = 'ChannelUnavailableError';
  }
}
