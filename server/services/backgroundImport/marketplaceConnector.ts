import type { MarketplaceProfile } from '../../../src/domain/marketplaceProfile.ts';
import {
  count,
  getMarketplaceJson,
  record,
  text,
  type MarketplaceFailure,
} from '../marketplaceHttp.ts';

/** One listed item of a member's wardrobe, as the import uses it. */
export interface MarketplaceItem {
  readonly id: string;
  readonly title: string;
  /** The asking price, null when the marketplace gives none we can read. */
  readonly price: number | null;
  readonly currency: string;
  readonly brand: string;
  readonly size: string;
  /** The condition as the marketplace words it (localised), and its numeric id when given. */
  readonly status: string;
  readonly statusId: number | null;
  readonly photoUrl: string | null;
  readonly url: string | null;
}

export interface WardrobePage {
  readonly items: readonly MarketplaceItem[];
  readonly currentPage: number;
  readonly totalPages: number;
  readonly totalEntries: number;
}

/** Why a wardrobe could not be read: the task's error message says which. */
export class MarketplaceError extends Error {
  constructor(
    readonly kind: MarketplaceFailure,
    message: string,
  ) {
    super(message);
  }
}

/** Reads a member's wardrobe page by page (1-based). */
export interface MarketplaceConnector {
  listWardrobe(
    profile: MarketplaceProfile,
    page: number,
    signal: AbortSignal,
  ): Promise<WardrobePage>;
}

/** Items per page asked for (the marketplace's web client asks for 96 at most). */
export const WARDROBE_PAGE_SIZE = 96;

/**
 * The marketplace's public web JSON for a member's items, as its web client reads it:
 * `GET {base}/api/v2/wardrobe/{memberId}/items?page=N&per_page=96&order=relevance` answering
 * `{ items: [{ id, title, price: { amount, currency_code }, brand_title, size_title, status,
 * status_id?, photos: [{ url }], url? }], pagination: { current_page, total_pages,
 * total_entries } }`. An older shape with `price` as text and `currency` beside it is read too.
 * The base is MARKETPLACE_API_URL (tests point it at a local double).
 */
export function httpMarketplaceConnector(
  baseUrl: string,
  fetchImpl: typeof fetch = fetch,
): MarketplaceConnector {
  const base = baseUrl.replace(/\/$/, '');
  return {
    async listWardrobe(profile, page, signal) {
      const url = `${base}/api/v2/wardrobe/${encodeURIComponent(profile.memberId)}/items?page=${page}&per_page=${WARDROBE_PAGE_SIZE}&order=relevance`;
      const body = await getMarketplaceJson(
        url,
        signal,
        fetchImpl,
        (kind, message) => new MarketplaceError(kind, message),
      );
      return parseWardrobePage(body);
    },
  };
}

const invalid = (what: string) =>
  new MarketplaceError('invalidResponse', `The marketplace's answer has no valid ${what}.`);

function priceOf(item: Record<string, unknown>): { price: number | null; currency: string } {
  const price = record(item.price);
  const amount = price ? price.amount : item.price;
  const parsed = typeof amount === 'number' ? amount : Number.parseFloat(text(amount));
  return {
    price: Number.isFinite(parsed) && parsed >= 0 ? parsed : null,
    currency: text(price?.currency_code ?? item.currency) || 'EUR',
  };
}

function itemOf(value: unknown): MarketplaceItem {
  const item = record(value);
  const id = text(item?.id);
  if (!item || !/^\d+$/.test(id)) throw invalid('item');
  const photos = Array.isArray(item.photos) ? item.photos : [];
  const photo = record(record(item.photo) ?? photos[0]);
  const photoUrl = text(photo?.url);
  const url = text(item.url);
  return {
    id,
    title: text(item.title).slice(0, 300),
    ...priceOf(item),
    brand: text(item.brand_title),
    size: text(item.size_title),
    status: text(item.status),
    statusId: count(item.status_id),
    photoUrl: /^https?:\/\//.test(photoUrl) ? photoUrl : null,
    url: /^https?:\/\//.test(url) ? url : null,
  };
}

/** Checks the shape of one page; anything unexpected is an invalid response, never a guess. */
export function parseWardrobePage(body: unknown): WardrobePage {
  const page = record(body);
  if (!page || !Array.isArray(page.items)) throw invalid('items');
  const pagination = record(page.pagination);
  const currentPage = count(pagination?.current_page);
  const totalPages = count(pagination?.total_pages);
  const totalEntries = count(pagination?.total_entries);
  if (currentPage === null || totalPages === null || totalEntries === null)
    throw invalid('pagination');
  return { items: page.items.map(itemOf), currentPage, totalPages, totalEntries };
}
