import type { CallError } from '../connectors/connectorReasons.ts';

export type ListingStatusLabel = 'PENDING' | 'LISTED' | 'FAILED' | 'WITHDRAWN';

/** One product's listing on one channel (dates in epoch ms). */
export interface ListingRow {
  readonly uuid: string;
  readonly publisherName: string;
  readonly url: string;
  readonly status: ListingStatusLabel | null;
  readonly error: string;
  readonly listedAt: number | null;
  readonly withdrawnAt: number | null;
  readonly withdrawReason: string;
}

/** One line of the product's timeline. */
export interface TimelineRow {
  readonly uuid: string;
  /** LISTED, PUBLISH_FAILED, RESERVED, RELEASED, SOLD, WITHDRAWN, WITHDRAW_FAILED, RECORDED, SHIPPING. */
  readonly kind: string | null;
  readonly publisherName: string;
  readonly url: string;
  readonly detail: string;
  readonly occurredAt: number | null;
}

/** A storefront buyer's pending hold on the product, with what the vendor needs to answer. */
export interface ReservationRow {
  readonly uuid: string;
  readonly buyerName: string;
  readonly buyerEmail: string;
  readonly buyerPhone: string;
  readonly message: string;
  readonly createdAt: number | null;
}

export interface LoadedListings {
  readonly listings: readonly ListingRow[];
  readonly timeline: readonly TimelineRow[];
  readonly reservation: ReservationRow | null;
}

export interface DecideInput {
  readonly uuid: string;
  /** Unset: the server takes the product's suggested price. */
  readonly soldPrice?: number;
}

export type ListingsAction = 'withdraw' | 'sell' | 'release';

/** What went well last, announced in the section's live region. */
export type ListingsNotice = 'withdrawn' | 'sold' | 'released';

export interface ListingsContext {
  readonly product: string;
  readonly listings: readonly ListingRow[];
  readonly timeline: readonly TimelineRow[];
  readonly reservation: ReservationRow | null;
  /** The sold price as typed; null while untouched (the suggested price applies). */
  readonly soldPrice: string | null;
  /** The listing awaiting confirmation or being withdrawn. */
  readonly withdrawing: string | null;
  readonly error: CallError | null;
  readonly notice: ListingsNotice | null;
}

export type ListingsEvent =
  | { type: 'listings.retry' }
  | { type: 'listings.reload' }
  | { type: 'listings.withdraw'; uuid: string }
  | { type: 'listings.confirm' }
  | { type: 'listings.cancel' }
  | { type: 'listings.changeSoldPrice'; value: string }
  | { type: 'listings.sell' }
  | { type: 'listings.release' }
  | { type: 'listings.dismiss' };

/** The product changed on the server (status, sold price): its page reloads it. */
export type ListingsEmitted = { type: 'listings.productChanged' };
