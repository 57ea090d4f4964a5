import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenHttpDouble, sendJson } from './httpDouble.ts';

/** One address of the double, as the address service describes a house number. */
export interface DoubleAddress {
  readonly housenumber: string;
  readonly street: string;
  readonly postcode: string;
  readonly city: string;
  readonly lon: number;
  readonly lat: number;
}

export const DOUBLE_ADDRESSES: readonly DoubleAddress[] = [
  {
    housenumber: '8',
    street: 'Boulevard du Port',
    postcode: '80000',
    city: 'Amiens',
    lon: 2.29,
    lat: 49.89,
  },
  {
    housenumber: '8',
    street: 'Rue de la Paix',
    postcode: '75002',
    city: 'Paris',
    lon: 2.331,
    lat: 48.869,
  },
  {
    housenumber: '12',
    street: 'Rue de la Paix',
    postcode: '44000',
    city: 'Nantes',
    lon: -1.556,
    lat: 47.214,
  },
  {
    housenumber: '3',
    street: 'Place Bellecour',
    postcode: '69002',
    city: 'Lyon',
    lon: 4.832,
    lat: 45.757,
  },
];

export const DOUBLE_DEPARTMENTS = [
  { nom: 'Somme', code: '80' },
  { nom: 'Paris', code: '75' },
  { nom: 'Loire-Atlantique', code: '44' },
  { nom: 'Rhône', code: '69' },
  { nom: 'Corse-du-Sud', code: '2A' },
];

export interface GouvDouble {
  readonly addressApiUrl: string;
  readonly geoApiUrl: string;
  /** Base of the control paths (`${controlUrl}/departments/fail`). */
  readonly controlUrl: string;
  /** Every query string the address search received, in order. */
  readonly searches: URLSearchParams[];
  /** How /departements answers: normally, with a 500, or after `slowMs`. */
  departments: 'ok' | 'fail' | 'slow';
  slowMs: number;
  close(): Promise<void>;
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * A local stand-in for api-adresse.data.gouv.fr and geo.api.gouv.fr answering in their documented
 * formats (GeoJSON FeatureCollection; JSON array of {nom, code}). A search containing "panne"
 * fails with a 500, one containing "lenteur" answers after `slowMs` and one containing "silence"
 * never answers, so tests see each.
 */
export async function startGouvDouble(): Promise<GouvDouble> {
  const searches: URLSearchParams[] = [];
  const state = { departments: 'ok' as GouvDouble['departments'], slowMs: 1500 };
  const send = (res: ServerResponse, status: number, body: unknown) =>
    sendJson(res, status, body, { 'access-control-allow-origin': '*' });
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://double');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': '*',
      });
      res.end();
      return;
    }
    if (url.pathname === '/address/search/') {
      searches.push(url.searchParams);
      const q = fold(url.searchParams.get('q') ?? '');
      if (q.includes('panne')) return send(res, 500, { message: 'panne' });
      // A service that hangs: never answers, until the caller gives up.
      if (q.includes('silence')) return;
      if (q.includes('lenteur')) await wait(state.slowMs);
      const limit = Number(url.searchParams.get('limit') ?? 5);
      const words = q.split(/\s+/).filter(Boolean);
      const found = DOUBLE_ADDRESSES.filter((a) => {
        const text = fold(`${a.housenumber} ${a.street} ${a.postcode} ${a.city}`);
        return words.every((w) => text.includes(w));
      }).slice(0, limit);
      return send(res, 200, {
        type: 'FeatureCollection',
        features: found.map((a) => ({
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [a.lon, a.lat] },
          properties: {
            label: `${a.housenumber} ${a.street} ${a.postcode} ${a.city}`,
            name: `${a.housenumber} ${a.street}`,
            housenumber: a.housenumber,
            street: a.street,
            postcode: a.postcode,
            city: a.city,
            type: 'housenumber',
          },
        })),
      });
    }
    // Lets a test in another process switch the department answer: /control/departments/fail.
    const control = /^\/control\/departments\/(ok|fail|slow)$/.exec(url.pathname);
    if (control) {
      state.departments = control[1] as GouvDouble['departments'];
      return send(res, 200, { departments: state.departments });
    }
    if (url.pathname === '/geo/departements') {
      if (state.departments === 'fail') return send(res, 500, { message: 'panne' });
      if (state.departments === 'slow') await wait(state.slowMs);
      return send(res, 200, DOUBLE_DEPARTMENTS);
    }
    send(res, 404, { message: 'not found' });
  };

  const { base, close } = await listenHttpDouble(handle);
  return {
    addressApiUrl: `${base}/address`,
    geoApiUrl: `${base}/geo`,
    controlUrl: `${base}/control`,
    searches,
    get departments() {
      return state.departments;
    },
    set departments(mode) {
      state.departments = mode;
    },
    get slowMs() {
      return state.slowMs;
    },
    set slowMs(ms) {
      state.slowMs = ms;
    },
    close,
  };
}
