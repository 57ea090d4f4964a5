import { ebayEndpoint, type EbayEndpoint } from '../../connectors/channelConfig.ts';
import { ebayAccessToken } from '../../connectors/ebayTokens.ts';
import type { ServiceDeps } from '../../deps.ts';
import {
  ChannelItemError,
  ChannelUnavailableError,
  type ChannelConnector,
  type ChannelOrder,
  type ConnectorAccount,
  type ListingItem,
} from '../connector.ts';
import { channelFetch, type ChannelAnswer } from './channelHttp.ts';

/** Our quality labels as eBay's condition enum (fashion categories' "Pre-owned" scale). */
export const EBAY_CONDITION: Readonly<Record<string, string>> = {
  NEW_WITH_TICKET: 'NEW_WITH_TAGS',
  NEW_WITHOUT_TICKET: 'NEW_WITHOUT_TAGS',
  VERY_GOOD: 'USED_EXCELLENT',
  GOOD: 'USED_VERY_GOOD',
  SATISFYING: 'USED_GOOD',
};

/** eBay's documented errors this connector acts on. */
const OFFER_EXISTS = 25002;
/** "Offer is not published" / "not available": withdrawing something already off is success. */
const ALREADY_OFF = new Set([25713, 25402]);
/** How far back the first order poll of a connector reads. */
const FIRST_POLL_DAYS = 30;

interface EbayError {
  errorId?: number;
  message?: string;
  longMessage?: string;
  parameters?: { name?: string; value?: string }[];
}

function errorsOf(answer: ChannelAnswer): EbayError[] {
  const errors = (answer.json as { errors?: EbayError[] } | undefined)?.errors;
  return Array.isArray(errors) ? errors : [];
}

/** eBay's own words for a refusal, as the product's publish error shows them. */
function messageOf(answer: ChannelAnswer): string {
  const texts = errorsOf(answer).map((e) => e.longMessage || e.message || `error ${e.errorId}`);
  return texts.length ? texts.join(' ') : `eBay answered HTTP ${answer.status}`;
}

/**
 * A refusal about the request: the item (4xx) is refused alone; an authorisation eBay no longer
 * accepts stops the connector's publication until the vendor connects again.
 */
function refusal(answer: ChannelAnswer): Error {
  if (answer.status === 401 || answer.status === 403)
    return new ChannelUnavailableError(
      `eBay refused the authorisation (${messageOf(answer)}): connect it again`,
      false,
    );
  const first = errorsOf(answer)[0];
  return new ChannelItemError(
    messageOf(answer),
    first?.errorId ? String(first.errorId) : undefined,
  );
}

const ok = (answer: ChannelAnswer) => answer.status >= 200 && answer.status < 300;

/** A price as eBay writes amounts: a decimal string. */
const amount = (cents: number) => (cents / 100).toFixed(2);

function inventoryItem(item: ListingItem): unknown {
  const aspects: Record<string, string[]> = {};
  if (item.brand) aspects.Brand = [item.brand];
  if (item.size) aspects.Size = [item.size];
  if (item.colors.length) aspects.Color = [...item.colors];
  return {
    product: {
      title: item.title.slice(0, 80),
      description: item.description || item.title,
      aspects,
      imageUrls: item.photoUrls.slice(0, 24),
    },
    condition: EBAY_CONDITION[item.quality] ?? 'USED_GOOD',
    availability: { shipToLocationAvailability: { quantity: 1 } },
  };
}

function offerBody(endpoint: EbayEndpoint, item: ListingItem): Record<string, unknown> {
  const policies = Object.fromEntries(
    Object.entries(endpoint.policies).filter(([, value]) => value !== undefined),
  );
  return {
    sku: item.sku,
    marketplaceId: endpoint.marketplaceId,
    format: 'FIXED_PRICE',
    availableQuantity: 1,
    categoryId: endpoint.categoryId,
    listingDescription: item.description || item.title,
    pricingSummary: { price: { value: amount(item.priceCents), currency: item.currency } },
    ...(Object.keys(policies).length ? { listingPolicies: policies } : {}),
    ...(endpoint.merchantLocationKey ? { merchantLocationKey: endpoint.merchantLocationKey } : {}),
  };
}

interface EbayOffer {
  offerId?: string;
  status?: string;
  listing?: { listingId?: string; listingStatus?: string };
}

/**
 * The EBAY channel through the Sell Inventory API: the product as an inventory item (PUT, so
 * publishing again updates it), one offer per SKU (found again when eBay says it exists), the
 * offer published into a listing. Withdrawing withdraws the SKU's published offers. Orders are
 * read by polling the Fulfillment API.
 */
export function ebayConnector(deps: ServiceDeps): ChannelConnector {
  async function call(
    account: ConnectorAccount,
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body: unknown,
    signal: AbortSignal,
  ): Promise<ChannelAnswer> {
    const endpoint = ebayEndpoint(deps);
    const token = await ebayAccessToken(deps, endpoint, account, signal);
    return channelFetch(
      {
        channel: 'eBay',
        method,
        url: `${endpoint.apiUrl}${path}`,
        headers: {
          authorization: `Bearer ${token}`,
          'content-language': 'fr-FR',
          'accept-language': 'fr-FR',
          'x-ebay-c-marketplace-id': endpoint.marketplaceId,
        },
        body,
        signal,
      },
      endpoint.retry,
    );
  }

  async function offersOf(
    account: ConnectorAccount,
    sku: string,
    signal: AbortSignal,
  ): Promise<EbayOffer[]> {
    const answer = await call(
      account,
      'GET',
      `/sell/inventory/v1/offer?sku=${encodeURIComponent(sku)}`,
      undefined,
      signal,
    );
    // eBay answers 404 (error 25713) when the SKU has no offer.
    if (answer.status === 404) return [];
    if (!ok(answer)) throw refusal(answer);
    return (answer.json as { offers?: EbayOffer[] } | undefined)?.offers ?? [];
  }

  /** The SKU's offer: created, or the existing one updated (a re-publish never makes a second). */
  async function upsertOffer(
    account: ConnectorAccount,
    item: ListingItem,
    signal: AbortSignal,
  ): Promise<EbayOffer> {
    const body = offerBody(ebayEndpoint(deps), item);
    const created = await call(account, 'POST', '/sell/inventory/v1/offer', body, signal);
    if (ok(created)) return { offerId: (created.json as { offerId?: string }).offerId };
    const exists = errorsOf(created).find((e) => e.errorId === OFFER_EXISTS);
    if (!exists) throw refusal(created);
    const named = exists.parameters?.find((p) => p.name === 'offerId')?.value;
    const offer = (await offersOf(account, item.sku, signal)).find(
      (o) => !named || o.offerId === named,
    );
    if (!offer?.offerId) throw refusal(created);
    const updated = await call(
      account,
      'PUT',
      `/sell/inventory/v1/offer/${encodeURIComponent(offer.offerId)}`,
      body,
      signal,
    );
    if (!ok(updated)) throw refusal(updated);
    return offer;
  }

  return {
    publisher: 'EBAY',
    async publish(item, account, signal) {
      const endpoint = ebayEndpoint(deps);
      const put = await call(
        account,
        'PUT',
        `/sell/inventory/v1/inventory_item/${encodeURIComponent(item.sku)}`,
        inventoryItem(item),
        signal,
      );
      if (!ok(put)) throw refusal(put);
      const offer = await upsertOffer(account, item, signal);
      let listingId =
        offer.status === 'PUBLISHED' ? (offer.listing?.listingId ?? undefined) : undefined;
      if (!listingId) {
        const published = await call(
          account,
          'POST',
          `/sell/inventory/v1/offer/${encodeURIComponent(offer.offerId!)}/publish`,
          undefined,
          signal,
        );
        if (!ok(published)) throw refusal(published);
        listingId = (published.json as { listingId?: string } | undefined)?.listingId;
        if (!listingId) throw new ChannelUnavailableError('eBay published no listing id');
      }
      return { externalId: listingId, url: `${endpoint.itemUrl}${listingId}`, sku: item.sku };
    },

    async withdraw(listing, account, signal) {
      for (const offer of await offersOf(account, listing.sku, signal)) {
        if (offer.status !== 'PUBLISHED' || !offer.offerId) continue;
        const answer = await call(
          account,
          'POST',
          `/sell/inventory/v1/offer/${encodeURIComponent(offer.offerId)}/withdraw`,
          undefined,
          signal,
        );
        if (ok(answer) || answer.status === 404) continue;
        if (errorsOf(answer).some((e) => e.errorId !== undefined && ALREADY_OFF.has(e.errorId)))
          continue;
        throw refusal(answer);
      }
    },

    async pollOrders(account, cursor, signal) {
      const from =
        cursor ?? new Date(deps.clock().getTime() - FIRST_POLL_DAYS * 86_400_000).toISOString();
      const orders: ChannelOrder[] = [];
      let latest = cursor;
      for (let offset = 0; ;) {
        const filter = encodeURIComponent(`creationdate:[${from}..]`);
        const answer = await call(
          account,
          'GET',
          `/sell/fulfillment/v1/order?filter=${filter}&limit=50&offset=${offset}`,
          undefined,
          signal,
        );
        if (!ok(answer)) throw new ChannelUnavailableError(messageOf(answer));
        const page = (answer.json ?? {}) as { orders?: EbayOrder[]; total?: number };
        const found = page.orders ?? [];
        for (const order of found) {
          orders.push(...ordersOf(order));
          if (order.creationDate && (!latest || order.creationDate > latest))
            latest = order.creationDate;
        }
        offset += found.length;
        if (found.length === 0 || offset >= (page.total ?? 0)) break;
      }
      return { orders, cursor: latest };
    },
  };
}

interface EbayOrder {
  orderId?: string;
  creationDate?: string;
  buyer?: { username?: string; buyerRegistrationAddress?: { email?: string; fullName?: string } };
  pricingSummary?: { total?: { value?: string } };
  lineItems?: { sku?: string; lineItemCost?: { value?: string }; total?: { value?: string } }[];
}

const cents = (value: string | undefined) =>
  value !== undefined && value !== '' && Number.isFinite(Number(value))
    ? Math.round(Number(value) * 100)
    : null;

/** One sale per line item with a SKU: an order of several of our products sells each. */
function ordersOf(order: EbayOrder): ChannelOrder[] {
  const lines = (order.lineItems ?? []).filter((l) => l.sku);
  return lines.map((line) => ({
    orderId: order.orderId ?? '',
    sku: line.sku!,
    priceCents:
      cents(line.lineItemCost?.value) ??
      (lines.length === 1 ? cents(order.pricingSummary?.total?.value) : null),
    buyerName: order.buyer?.buyerRegistrationAddress?.fullName ?? order.buyer?.username ?? null,
    buyerEmail: order.buyer?.buyerRegistrationAddress?.email ?? null,
    soldAt: order.creationDate ? new Date(order.creationDate) : new Date(),
  }));
}
