import { shopifyEndpoint, type ShopifyEndpoint } from '../../connectors/channelConfig.ts';
import type { ServiceDeps } from '../../deps.ts';
import {
  ChannelItemError,
  ChannelUnavailableError,
  type ChannelConnector,
  type ConnectorAccount,
  type ListingItem,
} from '../connector.ts';
import { channelFetch, type ChannelAnswer } from './channelHttp.ts';

interface GraphqlError {
  message?: string;
  extensions?: { code?: string };
}

interface GraphqlAnswer<T> {
  data?: T;
  errors?: GraphqlError[];
  extensions?: {
    cost?: {
      requestedQueryCost?: number;
      throttleStatus?: { currentlyAvailable?: number; restoreRate?: number };
    };
  };
}

interface UserError {
  field?: string[] | null;
  message?: string;
  code?: string | null;
}

/**
 * How long a THROTTLED answer asks to wait: the points missing for the query, at the bucket's
 * restore rate (Shopify's calculated query cost); a second when the answer does not say.
 */
export function shopifyThrottleMs(answer: ChannelAnswer): number | undefined {
  const body = answer.json as GraphqlAnswer<unknown> | undefined;
  if (!body?.errors?.some((e) => e.extensions?.code === 'THROTTLED')) return undefined;
  const cost = body.extensions?.cost;
  const requested = cost?.requestedQueryCost ?? 0;
  const available = cost?.throttleStatus?.currentlyAvailable ?? 0;
  const rate = cost?.throttleStatus?.restoreRate ?? 0;
  if (rate <= 0) return 1000;
  return Math.ceil((Math.max(0, requested - available) / rate) * 1000);
}

/** Runs one Admin GraphQL operation on the account's shop; answers its data. */
export async function shopifyGraphql<T>(
  endpoint: ShopifyEndpoint,
  account: ConnectorAccount,
  query: string,
  variables: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<T> {
  if (!account.shop || !account.accessToken)
    throw new ChannelUnavailableError('Shopify is not connected: connect the shop again', false);
  const answer = await channelFetch(
    {
      channel: 'Shopify',
      method: 'POST',
      url: `${endpoint.shopUrl(account.shop)}/admin/api/${endpoint.apiVersion}/graphql.json`,
      headers: { 'x-shopify-access-token': account.accessToken },
      body: { query, variables },
      signal,
      throttledFor: shopifyThrottleMs,
    },
    endpoint.retry,
  );
  if (answer.status === 401 || answer.status === 403)
    throw new ChannelUnavailableError(
      'Shopify refused the access token: connect the shop again',
      false,
    );
  const body = answer.json as GraphqlAnswer<T> | undefined;
  if (answer.status !== 200 || !body)
    throw new ChannelUnavailableError(`Shopify answered HTTP ${answer.status}`);
  if (body.errors?.length || !body.data)
    throw new ChannelUnavailableError(
      `Shopify: ${(body.errors ?? []).map((e) => e.message).join(' ') || 'no data'}`,
    );
  return body.data;
}

/** Per-item validation errors (userErrors, answered with 200) as the product's publish error. */
function refuseOnUserErrors(errors: UserError[] | undefined): void {
  if (!errors?.length) return;
  const message = errors
    .map((e) => (e.field?.length ? `${e.field.join('.')}: ${e.message}` : e.message))
    .join(' ');
  throw new ChannelItemError(message, errors[0]?.code ?? undefined);
}

const FIND_BY_SKU = `query FindBySku($query: String!) {
  productVariants(first: 1, query: $query) { nodes { id product { id handle status } } }
}`;

const PRODUCT_SET = `mutation PublishProduct($input: ProductSetInput!) {
  productSet(synchronous: true, input: $input) {
    product { id handle status }
    userErrors { field message code }
  }
}`;

const ARCHIVE = `mutation WithdrawProduct($product: ProductUpdateInput!) {
  productUpdate(product: $product) {
    product { id status }
    userErrors { field message }
  }
}`;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The product as Shopify's productSet takes it: one variant carrying our SKU and price. */
function productInput(item: ListingItem, existingId: string | undefined): unknown {
  const description = escapeHtml(item.description || item.title)
    .split(/\n{2,}/)
    .map((p) => `<p>${p.replace(/\n/g, '<br>')}</p>`)
    .join('');
  const tags = [item.size && `Taille ${item.size}`, item.categoryName, ...item.colors].filter(
    (t): t is string => !!t,
  );
  return {
    ...(existingId ? { id: existingId } : {}),
    title: item.title,
    descriptionHtml: description,
    vendor: item.brand ?? undefined,
    productType: item.categoryName ?? undefined,
    tags,
    status: 'ACTIVE',
    productOptions: [{ name: 'Title', values: [{ name: 'Default Title' }] }],
    variants: [
      {
        optionValues: [{ optionName: 'Title', name: 'Default Title' }],
        price: (item.priceCents / 100).toFixed(2),
        sku: item.sku,
      },
    ],
    files: item.photoUrls.map((url, index) => ({
      originalSource: url,
      contentType: 'IMAGE',
      alt: `${item.title} (${index + 1})`,
    })),
  };
}

interface FoundVariant {
  productVariants: { nodes: { id: string; product: { id: string; handle: string } }[] };
}

/**
 * The SHOPIFY channel through the Admin GraphQL API: the product found by its SKU first, so a
 * re-publish updates it (productSet with its id) rather than making a second one. Withdrawing
 * archives the product: it leaves the shop but keeps its orders and history, and publishing it
 * again makes it ACTIVE. Orders arrive by webhook (connectors/shopifyWebhooks.ts).
 */
export function shopifyConnector(deps: ServiceDeps): ChannelConnector {
  async function findBySku(
    endpoint: ShopifyEndpoint,
    account: ConnectorAccount,
    sku: string,
    signal: AbortSignal,
  ) {
    const data = await shopifyGraphql<FoundVariant>(
      endpoint,
      account,
      FIND_BY_SKU,
      { query: `sku:"${sku.replace(/["\\]/g, '\\$&')}"` },
      signal,
    );
    return data.productVariants.nodes[0]?.product;
  }

  return {
    publisher: 'SHOPIFY',
    async publish(item, account, signal) {
      const endpoint = shopifyEndpoint(deps);
      const existing = await findBySku(endpoint, account, item.sku, signal);
      const data = await shopifyGraphql<{
        productSet: { product: { id: string; handle: string } | null; userErrors: UserError[] };
      }>(endpoint, account, PRODUCT_SET, { input: productInput(item, existing?.id) }, signal);
      refuseOnUserErrors(data.productSet.userErrors);
      const product = data.productSet.product;
      if (!product) throw new ChannelUnavailableError('Shopify saved no product');
      return {
        externalId: product.id,
        url: `${endpoint.shopUrl(account.shop!)}/products/${product.handle}`,
        sku: item.sku,
      };
    },

    async withdraw(listing, account, signal) {
      const endpoint = shopifyEndpoint(deps);
      const id = listing.externalId.startsWith('gid://')
        ? listing.externalId
        : (await findBySku(endpoint, account, listing.sku, signal))?.id;
      if (!id) return;
      const data = await shopifyGraphql<{
        productUpdate: { product: unknown; userErrors: UserError[] };
      }>(endpoint, account, ARCHIVE, { product: { id, status: 'ARCHIVED' } }, signal);
      // A product deleted on the shop meanwhile is as withdrawn as can be.
      const errors = data.productUpdate.userErrors.filter(
        (e) => !/not exist|not found/i.test(e.message ?? ''),
      );
      refuseOnUserErrors(errors);
    },
  };
}
