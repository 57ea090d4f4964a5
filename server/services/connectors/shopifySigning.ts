import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The hex HMAC-SHA256 Shopify puts on its OAuth return: the other query parameters sorted by
 * name, joined as `name=value` with `&`, signed with the app's secret.
 */
export function shopifyQueryHmac(params: URLSearchParams, secret: string): string {
  const message = [...params.entries()]
    .filter(([key]) => key !== 'hmac' && key !== 'signature')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  return createHmac('sha256', secret).update(message).digest('hex');
}

/** The base64 HMAC-SHA256 of a webhook's raw body (X-Shopify-Hmac-Sha256). */
export function shopifyWebhookHmac(body: Buffer | string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('base64');
}

/** Compares two signatures in constant time. */
export function sameSignature(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
