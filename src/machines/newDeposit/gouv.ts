/**
 * The two public French government services of the address form (1-app-shell.md §7): address
 * search (GeoJSON FeatureCollection) and the department list (JSON array of {nom, code}). Called
 * only from machine actors, with the actor's abort signal.
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

/** A failed answer (status, shape); cancellations stay AbortErrors and are never shown. */
export class GouvError extends Error {
  override readonly name = 'GouvError';
}

export function isCancellation(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === 'AbortError';
}

async function getJson(url: string, signal: AbortSignal, fetchImpl: typeof fetch) {
  const response = await fetchImpl(url, { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw new GouvError(`${url} answered ${response.status}`);
  return (await response.json()) as unknown;
}

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

export async function searchAddresses(
  baseUrl: string,
  text: string,
  signal: AbortSignal,
  fetchImpl: typeof fetch = fetch,
): Promise<AddressSuggestion[]> {
  const query = new URLSearchParams({ q: text, limit: String(ADDRESS_LIMIT), type: 'housenumber' });
  const json = await getJson(`${baseUrl}/search/?${query}`, signal, fetchImpl);
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
): Promise<Department[]> {
  const json = await getJson(`${geoBaseUrl}/departements`, signal, fetchImpl);
  if (!Array.isArray(json)) throw new GouvError('The geography service answered no list');
  return json.flatMap((item: unknown) => {
    const d = item as { nom?: unknown; code?: unknown };
    return typeof d.code === 'string' && typeof d.nom === 'string'
      ? [{ code: d.code, name: d.nom }]
      : [];
  });
}
