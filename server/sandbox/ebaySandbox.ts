import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import {
  consentPage,
  failIfAsked,
  headersOf,
  itemPage,
  json,
  parseBody,
  readBody,
  redirect,
  sandboxIndex,
  type FailureKnob,
  type RecordedRequest,
  type SandboxHandler,
} from './sandboxHttp.ts';

export interface EbaySandboxOptions {
  readonly clientId: string;
  readonly clientSecret: string;
  /** Where the consent sends the browser back (the "accept URL" eBay keeps for an RuName). */
  readonly acceptUrl: () => string;
  /** Access tokens' lifetime in seconds (eBay: 7200). */
  readonly tokenSeconds?: number;
}

interface Offer {
  offerId: string;
  sku: string;
  status: 'UNPUBLISHED' | 'PUBLISHED';
  body: Record<string, unknown>;
  listing?: { listingId: string; listingStatus: 'ACTIVE' | 'ENDED' };
}

export interface EbayOrderInput {
  readonly sku: string;
  /** Line price in cents (default: the offer's price). */
  readonly priceCents?: number;
  readonly buyer?: string;
  readonly email?: string;
  readonly createdAt?: Date;
}

/** What a test (or the sandbox's user) can see and steer. */
export interface EbaySandbox {
  readonly handle: SandboxHandler;
  readonly requests: RecordedRequest[];
  readonly inventory: Map<string, Record<string, unknown>>;
  readonly offers: Map<string, Offer>;
  /** The next `count` API calls answer `status` (default 429) with this Retry-After. */
  failNext(count: number, retryAfter?: string, status?: number): void;
  /** An access token the API accepts, as if a consent had given it. */
  issueToken(): string;
  /** Makes every access token issued so far expire (a refresh is then needed). */
  expireTokens(): void;
  /** An order of the SKU, found by the next Fulfillment API poll. */
  createOrder(input: EbayOrderInput): Record<string, unknown>;
}

/**
 * A stand-in for eBay speaking its documented wire formats: OAuth consent and the identity token
 * endpoint, the Sell Inventory API (inventory items, offers, publish, withdraw), the Fulfillment
 * API's order search, and item pages. Served by the server itself on local installs (the
 * sandbox) and on its own port by the tests, from this one implementation. A title containing
 * REJECT is refused the way eBay refuses an invalid item.
 */
export function createEbaySandbox(options: EbaySandboxOptions): EbaySandbox {
  const requests: RecordedRequest[] = [];
  const inventory = new Map<string, Record<string, unknown>>();
  const offers = new Map<string, Offer>();
  const orders: Record<string, unknown>[] = [];
  const codes = new Map<string, string>();
  const tokens = new Map<string, number>();
  const refreshTokens = new Set<string>();
  const failure: FailureKnob = { count: 0, status: 429, retryAfter: '0' };
  let sequence = 0;
  const ttl = (options.tokenSeconds ?? 7200) * 1000;

  const issueToken = () => {
    const token = `v^1.1#sandbox#${randomBytes(12).toString('base64url')}`;
    tokens.set(token, Date.now() + ttl);
    return token;
  };
  const error = (
    res: ServerResponse,
    status: number,
    errorId: number,
    message: string,
    extra = {},
  ) =>
    json(res, status, {
      errors: [{ errorId, domain: 'API_INVENTORY', category: 'REQUEST', message, ...extra }],
    });

  const offerView = (o: Offer) => ({
    ...o.body,
    offerId: o.offerId,
    sku: o.sku,
    status: o.status,
    listing: o.listing,
  });

  async function api(res: ServerResponse, method: string, url: URL, body: unknown): Promise<void> {
    const path = url.pathname;
    const item = /^\/sell\/inventory\/v1\/inventory_item\/([^/]+)$/.exec(path);
    if (item && method === 'PUT') {
      const sku = decodeURIComponent(item[1]!);
      const product = (body as { product?: { title?: string } } | undefined)?.product;
      if (!product?.title) return error(res, 400, 25709, 'Invalid value for title.');
      if (product.title.includes('REJECT'))
        return error(
          res,
          400,
          25709,
          `Invalid value for title. The title "${product.title}" contains a word that is not allowed.`,
        );
      inventory.set(sku, body as Record<string, unknown>);
      return json(res, 204);
    }
    if (path === '/sell/inventory/v1/offer' && method === 'POST') {
      const offer = body as Record<string, unknown>;
      const sku = String(offer.sku ?? '');
      if (!inventory.has(sku))
        return error(res, 400, 25702, `No inventory item found for SKU ${sku}.`);
      const existing = [...offers.values()].find((o) => o.sku === sku);
      if (existing)
        return error(res, 400, 25002, 'A user error has occurred. Offer entity already exists.', {
          parameters: [{ name: 'offerId', value: existing.offerId }],
        });
      const offerId = String(5_000_000_000 + ++sequence);
      offers.set(offerId, { offerId, sku, status: 'UNPUBLISHED', body: offer });
      return json(res, 201, { offerId });
    }
    if (path === '/sell/inventory/v1/offer' && method === 'GET') {
      const sku = url.searchParams.get('sku') ?? '';
      const found = [...offers.values()].filter((o) => o.sku === sku).map(offerView);
      if (found.length === 0) return error(res, 404, 25713, 'This Offer is not available.');
      return json(res, 200, { offers: found, total: found.length, size: found.length });
    }
    const offerPath = /^\/sell\/inventory\/v1\/offer\/([^/]+)(\/publish|\/withdraw)?$/.exec(path);
    if (offerPath) {
      const offer = offers.get(decodeURIComponent(offerPath[1]!));
      if (!offer) return error(res, 404, 25713, 'This Offer is not available.');
      if (!offerPath[2] && method === 'PUT') {
        offer.body = { ...(body as Record<string, unknown>), sku: offer.sku };
        return json(res, 204);
      }
      if (offerPath[2] === '/publish' && method === 'POST') {
        const listingId = offer.listing?.listingId ?? String(110_000_000_000 + ++sequence);
        offer.status = 'PUBLISHED';
        offer.listing = { listingId, listingStatus: 'ACTIVE' };
        return json(res, 200, { listingId, warnings: [] });
      }
      if (offerPath[2] === '/withdraw' && method === 'POST') {
        if (offer.status !== 'PUBLISHED' || !offer.listing)
          return error(res, 400, 25713, 'This Offer is not published.');
        offer.status = 'UNPUBLISHED';
        offer.listing = { ...offer.listing, listingStatus: 'ENDED' };
        return json(res, 200, { listingId: offer.listing.listingId, warnings: [] });
      }
    }
    if (path === '/sell/fulfillment/v1/order' && method === 'GET') {
      const from = /creationdate:\[(.*?)\.\./.exec(url.searchParams.get('filter') ?? '')?.[1];
      const since = from ? Date.parse(from) : 0;
      const limit = Number(url.searchParams.get('limit') ?? 50);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const matching = orders.filter((o) => Date.parse(String(o.creationDate)) >= since);
      return json(res, 200, {
        orders: matching.slice(offset, offset + limit),
        total: matching.length,
        limit,
        offset,
      });
    }
    if (path === '/commerce/identity/v1/user/' && method === 'GET')
      return json(res, 200, {
        userId: 'sandbox-user',
        username: 'seconde_sandbox_seller',
        accountType: 'BUSINESS',
      });
    return error(res, 404, 2002, `Resource not found: ${method} ${path}`);
  }

  function tokenEndpoint(res: ServerResponse, authorization: string | undefined, body: unknown) {
    const expected = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;
    if (authorization !== expected)
      return json(res, 401, {
        error: 'invalid_client',
        error_description: 'client authentication failed',
      });
    const form = new URLSearchParams(typeof body === 'string' ? body : '');
    const grant = form.get('grant_type');
    if (grant === 'authorization_code') {
      const code = form.get('code') ?? '';
      if (!codes.has(code))
        return json(res, 400, {
          error: 'invalid_grant',
          error_description:
            'the provided authorization grant code is invalid or was issued to another client',
        });
      codes.delete(code);
    } else if (grant === 'refresh_token') {
      if (!refreshTokens.has(form.get('refresh_token') ?? ''))
        return json(res, 400, {
          error: 'invalid_grant',
          error_description:
            'the provided authorization refresh token is invalid or was issued to another client',
        });
      return json(res, 200, {
        access_token: issueToken(),
        expires_in: ttl / 1000,
        token_type: 'User Access Token',
      });
    } else {
      return json(res, 400, {
        error: 'unsupported_grant_type',
        error_description: 'grant type in request is not supported by the authorization server',
      });
    }
    const refresh = `v^1.1#sandbox-refresh#${randomBytes(12).toString('base64url')}`;
    refreshTokens.add(refresh);
    return json(res, 200, {
      access_token: issueToken(),
      expires_in: ttl / 1000,
      refresh_token: refresh,
      refresh_token_expires_in: 47_304_000,
      token_type: 'User Access Token',
    });
  }

  function createOrder(input: EbayOrderInput): Record<string, unknown> {
    const offer = [...offers.values()].find((o) => o.sku === input.sku);
    const price = (offer?.body.pricingSummary as { price?: { value?: string } } | undefined)?.price
      ?.value;
    const value =
      input.priceCents !== undefined ? (input.priceCents / 100).toFixed(2) : (price ?? '10.00');
    const order = {
      orderId: `0${++sequence}-sandbox-${Date.now()}`,
      creationDate: (input.createdAt ?? new Date()).toISOString(),
      orderFulfillmentStatus: 'NOT_STARTED',
      orderPaymentStatus: 'PAID',
      buyer: {
        username: input.buyer ?? 'sandbox_buyer',
        ...(input.email
          ? {
              buyerRegistrationAddress: {
                email: input.email,
                fullName: input.buyer ?? 'Sandbox Buyer',
              },
            }
          : {}),
      },
      pricingSummary: { total: { value, currency: 'EUR' } },
      lineItems: [
        {
          lineItemId: `${sequence}`,
          sku: input.sku,
          quantity: 1,
          lineItemCost: { value, currency: 'EUR' },
        },
      ],
    };
    orders.push(order);
    return order;
  }

  const handle: SandboxHandler = async (req, res, pathAndQuery) => {
    const url = new URL(pathAndQuery, 'http://sandbox');
    const method = req.method ?? 'GET';
    const text = await readBody(req);
    const body = parseBody(text);
    requests.push({ method, path: `${url.pathname}${url.search}`, headers: headersOf(req), body });

    if (url.pathname === '/oauth2/authorize')
      return consentPage(res, {
        channel: 'eBay',
        account: 'seconde_sandbox_seller',
        scopes: url.searchParams.get('scope') ?? '',
        fields: Object.fromEntries(url.searchParams),
      });
    if (url.pathname === '/oauth2/decide') {
      const back = new URL(options.acceptUrl());
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      if (url.searchParams.get('decision') === 'accept') {
        const code = `v^1.1#sandbox-code#${randomBytes(12).toString('base64url')}`;
        codes.set(code, url.searchParams.get('scope') ?? '');
        back.searchParams.set('code', code);
        back.searchParams.set('expires_in', '299');
      } else back.searchParams.set('error', 'access_denied');
      return redirect(res, back.toString());
    }
    const listingPage = /^\/itm\/(\d+)$/.exec(url.pathname);
    if (listingPage && method === 'GET') {
      const offer = [...offers.values()].find((o) => o.listing?.listingId === listingPage[1]);
      if (!offer) return json(res, 404, { errors: [{ message: 'Listing not found' }] });
      const title =
        (inventory.get(offer.sku)?.product as { title?: string } | undefined)?.title ?? offer.sku;
      const price = (
        offer.body.pricingSummary as { price?: { value?: string; currency?: string } } | undefined
      )?.price;
      return itemPage(res, {
        channel: 'eBay',
        title,
        price: `${price?.value ?? '?'} ${price?.currency ?? ''}`,
        status: offer.listing?.listingStatus === 'ACTIVE' ? 'En vente' : 'Annonce terminée',
      });
    }
    if (url.pathname === '/' && method === 'GET')
      return sandboxIndex(res, {
        channel: 'eBay',
        listings: [...offers.values()].map((o) => ({
          sku: o.sku,
          title: (inventory.get(o.sku)?.product as { title?: string } | undefined)?.title ?? o.sku,
          status: o.status,
        })),
      });
    if (url.pathname === '/_orders' && method === 'POST') {
      const sku = new URLSearchParams(typeof body === 'string' ? body : '').get('sku');
      if (sku) createOrder({ sku });
      return redirect(res, './');
    }
    if (url.pathname === '/identity/v1/oauth2/token' && method === 'POST')
      return tokenEndpoint(res, req.headers.authorization, body);

    if (failIfAsked(failure, res)) return;
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const expiry = bearer ? tokens.get(bearer) : undefined;
    if (expiry === undefined || expiry <= Date.now())
      return json(res, 401, {
        errors: [
          {
            errorId: 1001,
            domain: 'OAuth',
            category: 'REQUEST',
            message: 'Invalid access token',
            longMessage:
              'Invalid access token. Check the value of the Authorization HTTP request header.',
          },
        ],
      });
    return api(res, method, url, body);
  };

  return {
    handle,
    requests,
    inventory,
    offers,
    failNext(count, retryAfter = '0', status = 429) {
      Object.assign(failure, { count, retryAfter, status });
    },
    issueToken,
    expireTokens() {
      for (const token of tokens.keys()) tokens.set(token, 0);
    },
    createOrder,
  };
}
