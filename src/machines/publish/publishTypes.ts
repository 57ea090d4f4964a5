import type { AppErrorCode } from '../../rpc/errors.ts';
import type { StockQueryFilters } from '../stock/stockQuery.ts';
import type {
  PublishItemError,
  PublishListing,
  PublishProgress,
  PublishSummary,
} from '../../workers/stream/publishSource.impl.ts';

export type { PublishItemError, PublishListing, PublishProgress, PublishSummary };

/**
 * What to publish: products picked one by one (their uuids), or every product matching the stock
 * list's query, read again in full when the dialog opens.
 */
export type PublishSelection =
  | { readonly kind: 'products'; readonly uuids: readonly string[] }
  | { readonly kind: 'matching'; readonly filters: StockQueryFilters };

export interface PublishInput {
  readonly selection: PublishSelection;
}

/** A channel the vendor may publish to: an active connector, authorised on its channel. */
export interface PublishConnector {
  readonly uuid: string;
  readonly publisherName: string;
  readonly accountName: string;
}

/** The products to publish, with what the dialog shows of each (reference and name). */
export interface PreparedProduct {
  readonly uuid: string;
  readonly reference: string;
  readonly name: string;
}

export interface Prepared {
  readonly connectors: readonly PublishConnector[];
  readonly products: readonly PreparedProduct[];
}

export interface IncompleteProduct {
  readonly product: string;
  readonly reference: string;
  readonly name: string;
  /** Completeness codes (src/domain/publishing/completeness.ts). */
  readonly missing: readonly string[];
}

export interface CheckResult {
  readonly incomplete: readonly IncompleteProduct[];
  readonly complete: number;
  /** NO_PUBLISHERS, NO_PRODUCTS, CONNECTOR_INACTIVE, CONNECTOR_NOT_CONNECTED... */
  readonly problems: readonly string[];
  readonly alreadyListed: number;
}

export interface CheckInput {
  readonly products: readonly string[];
  readonly vendorConnectors: readonly string[];
}

export interface StreamInput extends CheckInput {
  readonly completeOnly: boolean;
  /** '' starts the publication; a task follows the one already running (retry, resume). */
  readonly task: string;
}

export interface Counts {
  readonly progress: number;
  readonly total: number;
}

export interface PublishContext {
  readonly selection: PublishSelection;
  readonly connectors: readonly PublishConnector[];
  readonly products: readonly PreparedProduct[];
  /** Connector uuids chosen. */
  readonly chosen: readonly string[];
  /** Why the request cannot go (client-side or CheckProducts problems). */
  readonly problems: readonly string[];
  readonly check: CheckResult | null;
  readonly completeOnly: boolean;
  readonly task: string;
  readonly counts: Counts;
  /** Everything learnt so far, in arrival order (each pair once: the worker deduplicates). */
  readonly listings: readonly PublishListing[];
  readonly errors: readonly PublishItemError[];
  readonly inlineOffers: readonly string[];
  /** The deposit being moved to INLINE, null when none. */
  readonly moving: string | null;
  /** Deposits moved to INLINE from the results. */
  readonly movedInline: readonly string[];
  readonly special: string | null;
  readonly errorCode: AppErrorCode | null;
  /** The server's reason for the failure (PUBLISH_UNKNOWN_ERROR...). */
  readonly reason: string | null;
}

export type PublishEvent =
  | { type: 'publish.toggleConnector'; uuid: string }
  | { type: 'publish.check' }
  | { type: 'publish.completeOnly' }
  | { type: 'publish.back' }
  | { type: 'publish.start' }
  | { type: 'publish.cancel' }
  | { type: 'publish.retry' }
  | { type: 'publish.moveInline'; deposit: string }
  | { type: 'publish.progressed'; progress: PublishProgress }
  | { type: 'publish.special'; message: string }
  | { type: 'publish.finished'; summary: PublishSummary }
  | { type: 'publish.failed'; error: unknown };

export type PublishEmitted = { type: 'publish.done' };
