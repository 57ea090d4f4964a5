/** Why the marketplace could not be read; each reader wraps it in its own error class. */
export type MarketplaceFailure = 'notFound' | 'unavailable' | 'invalidResponse';

const REQUEST_TIMEOUT_MS = 20_000;

/** The value as an object's fields, or null when it is not a plain object. */
export const record = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

/** A string (trimmed) or a number as text; anything else is empty. */
export const text = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';

/** A whole number ≥ 0, given as a number or as text; null otherwise. */
export const count = (value: unknown): number | null => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : null;
};

/**
 * GETs one page of the marketplace's web JSON, as its web client does, so the wardrobe import
 * and the sales import fail the same way: no answer (or the time-out) is `unavailable`, 404 is
 * `notFound`, another error status `unavailable`, a body that is not JSON `invalidResponse`.
 * The caller's own abort is rethrown as it is.
 */
export async function getMarketplaceJson(
  url: string,
  signal: AbortSignal,
  fetchImpl: typeof fetch,
  fail: (kind: MarketplaceFailure, message: string) => Error,
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.any([signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw fail('unavailable', 'The marketplace did not answer.');
  }
  if (response.status === 404) throw fail('notFound', 'The marketplace knows no such member.');
  if (!response.ok)
    throw fail('unavailable', `The marketplace answered with status ${response.status}.`);
  try {
    return await response.json();
  } catch {
    throw fail('invalidResponse', 'The marketplace did not answer JSON.');
  }
}
