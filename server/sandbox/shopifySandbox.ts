import { randomBytes } from 'node:crypto';
import { shopifyQueryHmac, shopifyWebhookHmac } from '../services/connectors/shopifySigning.ts';
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

export interface ShopifySandboxOptions {
  readonly apiKey: string;
  readonly apiSecret: string;
}

interface Product {
  id: string;
  handle: string;
  shop: string;
  title: string;
  status: string;
  input: Record<string, unknown>;
  variant: { id: string; sku: string; price: string };
}

export interface ShopifyOrderInput {
  readonly shop: string;
  readonly sku: string;
  readonly price?: string;
  readonly email?: string;
  readonly name?: string;
}

/** A signed webhook as Shopify sends it, and what each subscribed address answered. */
export interface WebhookDelivery {
  readonly body: string;
  readonly hmac: string;
  readonly statuses: number[];
}

export interface ShopifySandbox {
  readonly handle: SandboxHandler;
  readonly requests: RecordedRequest[];
  readonly products: Map<string, Product>;
  /** The next `count` API calls answer `status` (default 429) with this Retry-After. */
  failNext(count: number, retryAfter?: string, status?: number): void;
  /** The next `count` GraphQL calls answer 200 with a THROTTLED error and the bucket's cost. */
  throttleNext(count: number): void;
  /** An access token of the shop, as if the OAuth flow had given it. */
  issueToken(shop: string): string;
  /** Base64 HMAC-SHA256 of a webhook body with the app's secret (X-Shopify-Hmac-Sha256). */
  signWebhook(body: string): string;
  /** An order of the SKU: delivered, signed, to the shop's orders/create subscriptions. */
  createOrder(input: ShopifyOrderInput): Promise<WebhookDelivery>;
}

const slug = (title: string) =>
  title
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'product';

/**
 * A stand-in for Shopify shops speaking the documented wire formats: the OAuth authorize page and
 * access_token exchange, the Admin GraphQL operations our connector uses (a subset: the
 * productVariants search by SKU, productSet, productUpdate, webhookSubscriptionCreate, shop),
 * product pages, and orders/create webhooks signed with the app's secret. Paths start with the
 * shop's domain (`/{shop}/admin/...`), so one sandbox serves every shop. A title containing
 * REJECT comes back as a userError, as Shopify reports validation errors.
 */
export function createShopifySandbox(options: ShopifySandboxOptions): ShopifySandbox {
  const requests: RecordedRequest[] = [];
  const products = new Map<string, Product>();
  const tokens = new Map<string, string>();
  const codes = new Map<string, string>();
  const subscriptions: { shop: string; topic: string; callbackUrl: string }[] = [];
  const failure: FailureKnob = { count: 0, status: 429, retryAfter: '0' };
  let throttled = 0;
  let sequence = 0;

  const issueToken = (shop: string) => {
    const token = `shpat_${randomBytes(16).toString('hex')}`;
    tokens.set(token, shop);
    return token;
  };
  const signWebhook = (body: string) => shopifyWebhookHmac(body, options.apiSecret);

  function productSet(shop: string, input: Record<string, unknown>) {
    const title = String(input.title ?? '');
    if (!title.trim())
      return {
        product: null,
        userErrors: [{ field: ['input', 'title'], message: "Title can't be blank", code: 'BLANK' }],
      };
    if (title.includes('REJECT'))
      return {
        product: null,
        userErrors: [
          {
            field: ['input', 'title'],
            message: `Title "${title}" contains a word that is not allowed`,
            code: 'INVALID',
          },
        ],
      };
    const variantInput = ((input.variants as Record<string, unknown>[] | undefined) ?? [])[0] ?? {};
    const id = input.id ? String(input.id) : `gid://shopify/Product/${8_000_000_000 + ++sequence}`;
    const existing = products.get(id);
    if (input.id && (!existing || existing.shop !== shop))
      return {
        product: null,
        userErrors: [
          {
            field: ['input', 'id'],
            message: 'Product does not exist',
            code: 'PRODUCT_DOES_NOT_EXIST',
          },
        ],
      };
    const product: Product = {
      id,
      shop,
      handle: existing?.handle ?? `${slug(title)}-${sequence}`,
      title,
      status: String(input.status ?? 'ACTIVE'),
      input,
      variant: {
        id: existing?.variant.id ?? `gid://shopify/ProductVariant/${9_000_000_000 + ++sequence}`,
        sku: String(variantInput.sku ?? ''),
        price: String(variantInput.price ?? '0.00'),
      },
    };
    products.set(id, product);
    return { product: { id, handle: product.handle, status: product.status }, userErrors: [] };
  }

  function graphql(shop: string, query: string, variables: Record<string, unknown>): unknown {
    if (query.includes('productVariants(')) {
      const sku = /sku:"?((?:[^"\\]|\\.)*)"?/
        .exec(String(variables.query ?? ''))?.[1]
        ?.replace(/\\(.)/g, '$1');
      const found = [...products.values()].filter((p) => p.shop === shop && p.variant.sku === sku);
      return {
        productVariants: {
          nodes: found.slice(0, 1).map((p) => ({
            id: p.variant.id,
            product: { id: p.id, handle: p.handle, status: p.status },
          })),
        },
      };
    }
    if (query.includes('productSet('))
      return { productSet: productSet(shop, (variables.input ?? {}) as Record<string, unknown>) };
    if (query.includes('productUpdate(')) {
      const input = (variables.product ?? {}) as { id?: string; status?: string };
      const product = input.id ? products.get(input.id) : undefined;
      if (!product || product.shop !== shop)
        return {
          productUpdate: {
            product: null,
            userErrors: [{ field: ['id'], message: 'Product does not exist' }],
          },
        };
      if (input.status) product.status = input.status;
      return {
        productUpdate: { product: { id: product.id, status: product.status }, userErrors: [] },
      };
    }
    if (query.includes('webhookSubscriptionCreate(')) {
      const sub = (variables.webhookSubscription ?? {}) as { callbackUrl?: string; uri?: string };
      const callbackUrl = sub.callbackUrl ?? sub.uri ?? '';
      const topic = String(variables.topic ?? '');
      if (
        !subscriptions.some(
          (s) => s.shop === shop && s.topic === topic && s.callbackUrl === callbackUrl,
        )
      )
        subscriptions.push({ shop, topic, callbackUrl });
      return {
        webhookSubscriptionCreate: {
          webhookSubscription: { id: `gid://shopify/WebhookSubscription/${++sequence}`, topic },
          userErrors: [],
        },
      };
    }
    if (/\bshop\s*\{/.test(query))
      return { shop: { name: shop.split('.')[0], myshopifyDomain: shop } };
    return undefined;
  }

  async function graphqlEndpoint(
    res: ServerResponse,
    shop: string,
    token: string | undefined,
    body: unknown,
  ) {
    if (failIfAsked(failure, res)) return;
    if (!token || tokens.get(token) !== shop)
      return json(res, 401, {
        errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
      });
    const { query = '', variables = {} } = (body ?? {}) as {
      query?: string;
      variables?: Record<string, unknown>;
    };
    if (throttled > 0) {
      throttled -= 1;
      return json(res, 200, {
        errors: [
          {
            message: 'Throttled',
            extensions: {
              code: 'THROTTLED',
              documentation: 'https://shopify.dev/api/usage/rate-limits',
            },
          },
        ],
        extensions: {
          cost: {
            requestedQueryCost: 10,
            actualQueryCost: null,
            throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 0, restoreRate: 100 },
          },
        },
      });
    }
    const data = graphql(shop, query, variables);
    if (data === undefined)
      return json(res, 200, { errors: [{ message: 'This sandbox does not know this operation' }] });
    return json(res, 200, {
      data,
      extensions: {
        cost: {
          requestedQueryCost: 10,
          actualQueryCost: 10,
          throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 1990, restoreRate: 100 },
        },
      },
    });
  }

  async function createOrder(input: ShopifyOrderInput): Promise<WebhookDelivery> {
    const product = [...products.values()].find(
      (p) => p.shop === input.shop && p.variant.sku === input.sku,
    );
    const price = input.price ?? product?.variant.price ?? '10.00';
    const id = 5_500_000_000 + ++sequence;
    const order = {
      id,
      admin_graphql_api_id: `gid://shopify/Order/${id}`,
      name: `#${1000 + sequence}`,
      email: input.email ?? 'buyer@example.test',
      created_at: new Date().toISOString(),
      currency: 'EUR',
      total_price: price,
      financial_status: 'paid',
      customer: {
        first_name: (input.name ?? 'Sandbox Buyer').split(' ')[0],
        last_name: (input.name ?? 'Sandbox Buyer').split(' ').slice(1).join(' '),
        email: input.email ?? 'buyer@example.test',
      },
      line_items: [
        {
          id: id + 1,
          title: product?.title ?? input.sku,
          sku: input.sku,
          quantity: 1,
          price,
          product_id: product ? Number(product.id.split('/').pop()) : null,
        },
      ],
    };
    const text = JSON.stringify(order);
    const hmac = signWebhook(text);
    const statuses: number[] = [];
    for (const sub of subscriptions.filter(
      (s) => s.shop === input.shop && s.topic === 'ORDERS_CREATE',
    )) {
      const response = await fetch(sub.callbackUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-shopify-topic': 'orders/create',
          'x-shopify-hmac-sha256': hmac,
          'x-shopify-shop-domain': input.shop,
          'x-shopify-webhook-id': randomBytes(8).toString('hex'),
          'x-shopify-api-version': '2025-07',
        },
        body: text,
      }).catch(() => undefined);
      statuses.push(response?.status ?? 0);
      await response?.body?.cancel();
    }
    return { body: text, hmac, statuses };
  }

  const handle: SandboxHandler = async (req, res, pathAndQuery) => {
    const url = new URL(pathAndQuery, 'http://sandbox');
    const method = req.method ?? 'GET';
    const body = parseBody(await readBody(req));
    requests.push({ method, path: `${url.pathname}${url.search}`, headers: headersOf(req), body });
    if (url.pathname === '/' && method === 'GET')
      return sandboxIndex(res, {
        channel: 'Shopify',
        listings: [...products.values()].map((p) => ({
          sku: p.variant.sku,
          title: p.title,
          status: p.status,
          shop: p.shop,
        })),
      });
    if (url.pathname === '/_orders' && method === 'POST') {
      const form = new URLSearchParams(typeof body === 'string' ? body : '');
      const sku = form.get('sku');
      const shop = form.get('shop');
      if (sku && shop) await createOrder({ sku, shop });
      return redirect(res, './');
    }
    const match = /^\/([a-z0-9][a-z0-9-]*\.myshopify\.com)(\/.*)$/.exec(url.pathname);
    if (!match) return json(res, 404, { errors: 'Not Found' });
    const [, shop, rest] = match as unknown as [string, string, string];

    if (rest === '/admin/oauth/authorize')
      return consentPage(res, {
        channel: 'Shopify',
        account: shop,
        scopes: url.searchParams.get('scope') ?? '',
        fields: Object.fromEntries(url.searchParams),
      });
    if (rest === '/admin/oauth/decide') {
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      const state = url.searchParams.get('state') ?? '';
      if (url.searchParams.get('decision') !== 'accept') {
        back.searchParams.set('error', 'access_denied');
        back.searchParams.set('state', state);
        return redirect(res, back.toString());
      }
      const code = randomBytes(16).toString('hex');
      codes.set(code, shop);
      const params = new URLSearchParams({
        code,
        host: Buffer.from(`${shop}/admin`).toString('base64url'),
        shop,
        state,
        timestamp: String(Math.floor(Date.now() / 1000)),
      });
      params.set('hmac', shopifyQueryHmac(params, options.apiSecret));
      for (const [key, value] of params) back.searchParams.set(key, value);
      return redirect(res, back.toString());
    }
    if (rest === '/admin/oauth/access_token' && method === 'POST') {
      const form = (
        typeof body === 'string' ? Object.fromEntries(new URLSearchParams(body)) : (body ?? {})
      ) as Record<string, string>;
      if (form.client_id !== options.apiKey || form.client_secret !== options.apiSecret)
        return json(res, 400, {
          error: 'invalid_request',
          error_description: 'The provided API key or secret is invalid.',
        });
      if (codes.get(form.code ?? '') !== shop)
        return json(res, 400, {
          error: 'invalid_request',
          error_description: 'The authorization code was not found or was already used',
        });
      codes.delete(form.code!);
      return json(res, 200, {
        access_token: issueToken(shop),
        scope: 'write_products,read_orders',
      });
    }
    if (/^\/admin\/api\/[^/]+\/graphql\.json$/.test(rest) && method === 'POST')
      return graphqlEndpoint(
        res,
        shop,
        req.headers['x-shopify-access-token'] as string | undefined,
        body,
      );
    const page = /^\/products\/([^/]+)$/.exec(rest);
    if (page && method === 'GET') {
      const product = [...products.values()].find((p) => p.shop === shop && p.handle === page[1]);
      if (!product || product.status !== 'ACTIVE') return json(res, 404, { errors: 'Not Found' });
      return itemPage(res, {
        channel: 'Shopify',
        title: product.title,
        price: `${product.variant.price} EUR`,
        status: shop,
      });
    }
    return json(res, 404, { errors: 'Not Found' });
  };

  return {
    handle,
    requests,
    products,
    failNext(count, retryAfter = '0', status = 429) {
      Object.assign(failure, { count, retryAfter, status });
    },
    throttleNext(count) {
      throttled = count;
    },
    issueToken,
    signWebhook,
    createOrder,
  };
}
