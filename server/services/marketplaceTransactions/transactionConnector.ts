import {
  statusOf,
  type ParsedTransaction,
} from '../../../src/domain/marketplaceTransactions/transactionCsv.ts';
import {
  count,
  getMarketplaceJson,
  record,
  text,
  type MarketplaceFailure,
} from '../marketplaceHttp.ts';

/** One page of a member's sold transactions. */
export interface TransactionPage {
  readonly transactions: readonly ParsedTransaction[];
  readonly currentPage: number;
  readonly totalPages: number;
}

/** Why the sales could not be read: the call's reason says which. */
export class TransactionFeedError extends Error {
  constructor(
    readonly kind: MarketplaceFailure,
    message: string,
  ) {
    super(message);
  }
}

/** Reads a member's sold transactions page by page (1-based). */
export interface TransactionFeed {
  listSold(memberId: string, page: number, signal: AbortSignal): Promise<TransactionPage>;
}

const PAGE_SIZE = 50;

const invalid = (what: string) =>
  new TransactionFeedError('invalidResponse', `The marketplace's answer has no valid ${what}.`);

/** `{ amount: "12.50", currency_code }` (or a bare number) as cents; 0 when absent. */
function centsOf(value: unknown, what: string): number {
  if (value === undefined || value === null) return 0;
  const amount = record(value)?.amount ?? value;
  const parsed = typeof amount === 'number' ? amount : Number.parseFloat(text(amount));
  if (!Number.isFinite(parsed) || parsed < 0) throw invalid(what);
  return Math.round(parsed * 100);
}

/** One transaction of the marketplace's JSON as the import keeps it. */
export function transactionOf(value: unknown, index: number): ParsedTransaction {
  const t = record(value);
  const id = text(t?.id);
  if (!t || !/^\d+$/.test(id)) throw invalid('transaction');
  const status = statusOf(text(t.status));
  const at = new Date(text(t.status_updated_at) || text(record(t.order)?.created_at));
  if (!status || Number.isNaN(at.getTime())) throw invalid(`transaction ${id}`);
  const price = record(record(t.offer)?.price);
  return {
    line: index + 1,
    transactionId: id.slice(0, 64),
    orderId: text(record(t.order)?.id).slice(0, 64),
    itemId: text(t.item_id).slice(0, 64),
    title: text(t.item_title).slice(0, 255),
    soldAt: at.toISOString(),
    status,
    buyerLogin: text(record(t.buyer)?.login).slice(0, 120),
    priceCents: centsOf(price, 'price'),
    buyerFeeCents: centsOf(t.service_fee, 'service fee'),
    sellerFeeCents: centsOf(t.seller_fee, 'seller fee'),
    shippingCents: centsOf(record(t.shipment)?.price, 'shipping'),
    payoutCents: centsOf(t.payout, 'payout'),
    currency: (text(price?.currency_code) || 'EUR').toUpperCase().slice(0, 3),
  };
}

/** Checks one page's shape; anything unexpected is an invalid answer, never a guess. */
export function parseTransactionPage(body: unknown): TransactionPage {
  const page = record(body);
  if (!page || !Array.isArray(page.transactions)) throw invalid('transactions');
  const pagination = record(page.pagination);
  const currentPage = count(pagination?.current_page);
  const totalPages = count(pagination?.total_pages);
  if (currentPage === null || totalPages === null) throw invalid('pagination');
  return { transactions: page.transactions.map(transactionOf), currentPage, totalPages };
}

/**
 * The marketplace's sold transactions of a member, as its web client reads them:
 * `GET {base}/api/v2/users/{memberId}/transactions?type=sold&page=N&per_page=50` answering
 * `{ transactions: [{ id, user_msg_thread_id, order: { id, created_at }, item_id, item_title,
 * items_count, status, status_updated_at, offer: { price: { amount, currency_code } },
 * service_fee, seller_fee, shipment: { price }, payout, total_amount_without_tax,
 * buyer: { id, login }, seller }], pagination: { current_page, total_pages } }`.
 * The base is MARKETPLACE_API_URL (tests point it at the local double).
 */
export function httpTransactionFeed(
  baseUrl: string,
  fetchImpl: typeof fetch = fetch,
): TransactionFeed {
  const base = baseUrl.replace(/\/$/, '');
  return {
    async listSold(memberId, page, signal) {
      const url = `${base}/api/v2/users/${encodeURIComponent(memberId)}/transactions?type=sold&page=${page}&per_page=${PAGE_SIZE}`;
      const body = await getMarketplaceJson(
        url,
        signal,
        fetchImpl,
        (kind, message) => new TransactionFeedError(kind, message),
      );
      return parseTransactionPage(body);
    },
  };
}
