/**
 * The two public French government services of the address form (1-app-shell.md §7): address
 * search (GeoJSON FeatureCollection) and the department list (JSON array of {nom, code}). Called
 * only from machine actors, with the actor's abort signal, and each within a time limit.
 */

/** One proposal of the address search (1-app-shell.md §3, "Address suggestion"). */
export interface AddressSuggestion {
  readonly label: string;
  /** The street line: house number and street ("8 Boulevard du Port"). */
  readonly name: string;
  readonly postalCode: string;
  readonly city: string;
  readonly longitude: number;
  readonly latitude: number;
}

export interface Department {
  readonly code: string;
  readonly name: string;
}

/** Results asked of the address service per search (§9). */
export const ADDRESS_LIMIT = 20;

/** How long one call may take before the form stops waiting and offers to type the address. */
export const GOUV_TIMEOUT_MS = 4000;

/**
 * A failed call: `failed` (an error status, a bad shape, no network) or `timedOut` (no full answer
 * within the time limit). Cancellations (a newer search took over) stay AbortErrors, never shown.
 */
export class GouvError extends Error {
  override readonly name = 'GouvError';
  constructor(
    message: string,
    readonly kind: 'failed' | 'timedOut' = 'failed',
  ) {
    super(message);
  }
}

export function isCancellation(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === 'AbortError';
}

export function isTimeout(error: unknown): boolean {
  return error instanceof GouvError && error.kind === 'timedOut';
}

async function getJson(
  url: string,
  signal: AbortSignal,
  fetchImpl: typeof fetch,
  timeoutMs: number,
): Promise<unknown> {
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetchImpl(url, {
      signal: AbortSignal.any([signal, timeout]),
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new GouvError(`${url} answered ${response.status}`);
    return (await response.json()) as unknown;
  } catch (error) {
    if (signal.aborted) throw error;
    if (timeout.aborted)
      throw new GouvError(`${url} did not answer within ${timeoutMs} ms`, 'timedOut');
    if (error instanceof GouvError) throw error;
    throw new GouvError(`${url} could not be read: ${String(error)}`);
  }
}

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

export async function searchAddresses(
  baseUrl: string,
  text: string,
  signal: AbortSignal,
  fetchImpl: typeof fetch = fetch,
  timeoutMs = GOUV_TIMEOUT_MS,
): Promise<AddressSuggestion[]> {
  const query = new URLSearchParams({ q: text, limit: String(ADDRESS_LIMIT), type: 'housenumber' });
  const json = await getJson(`${baseUrl}/search/?${query}`, signal, fetchImpl, timeoutMs);
  const features = (json as { features?: unknown } | null)?.features;
  if (!Array.isArray(features)) throw new GouvError('The address service answered no features');
  return features.flatMap((feature: unknown) => {
    const f = feature as {
      properties?: Record<string, unknown>;
      geometry?: { coordinates?: unknown };
    };
    const p = f.properties ?? {};
    const [longitude, latitude] = Array.isArray(f.geometry?.coordinates)
      ? (f.geometry.coordinates as unknown[])
      : [];
    if (typeof longitude !== 'number' || typeof latitude !== 'number') return [];
    const street = [str(p.housenumber), str(p.street)].filter(Boolean).join(' ');
    return [
      {
        label: str(p.label),
        name: str(p.name) || street,
        postalCode: str(p.postcode),
        city: str(p.city),
        longitude,
        latitude,
      },
    ];
  });
}

export async function fetchDepartments(
  geoBaseUrl: string,
  signal: AbortSignal,
  fetchImpl: typeof fetch = fetch,
  timeoutMs = GOUV_TIMEOUT_MS,
): Promise<Department[]> {
  const json = await getJson(`${geoBaseUrl}/departements`, signal, fetchImpl, timeoutMs);
  if (!Array.isArray(json)) throw new GouvError('The geography service answered no list');
  return json.flatMap((item: unknown) => {
    const d = item as { nom?: unknown; code?: unknown };
    return typeof d.code === 'string' && typeof d.nom === 'string'
      ? [{ code: d.code, name: d.nom }]
      : [];
  });
}
