import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import PDFDocument from 'pdfkit';
import { FONT_BOLD, FONT_REGULAR } from '../documents/pdfLayout.ts';
import { headersOf, json, parseBody, readBody, type SandboxHandler } from './sandboxHttp.ts';

/** A relay point as the sandbox holds it: real French streets and coordinates. */
interface SandboxPoint {
  readonly id: number;
  readonly carrier: string;
  readonly name: string;
  readonly street: string;
  readonly houseNumber: string;
  readonly postalCode: string;
  readonly city: string;
  readonly latitude: number;
  readonly longitude: number;
}

/** Town centres the sandbox geocodes a postal code to (Sendcloud geocodes any address). */
const TOWNS: Record<string, { city: string; lat: number; lon: number }> = {
  '75001': { city: 'Paris', lat: 48.8606, lon: 2.3376 },
  '75011': { city: 'Paris', lat: 48.8574, lon: 2.3795 },
  '69002': { city: 'Lyon', lat: 45.7578, lon: 4.832 },
  '33000': { city: 'Bordeaux', lat: 44.8378, lon: -0.5792 },
  '13001': { city: 'Marseille', lat: 43.2999, lon: 5.3841 },
  '59000': { city: 'Lille', lat: 50.6292, lon: 3.0573 },
  '44000': { city: 'Nantes', lat: 47.2184, lon: -1.5536 },
  '31000': { city: 'Toulouse', lat: 43.6045, lon: 1.444 },
};

/** Shops near each town centre, on real streets; each carrier gets every one (ids differ). */
const SHOPS: readonly (readonly [string, string, string, string, number, number])[] = [
  ['Tabac Presse Rivoli', 'Rue de Rivoli', '120', '75001', 48.8601, 2.3441],
  ['Librairie Saint-Honoré', 'Rue Saint-Honoré', '145', '75001', 48.8625, 2.3402],
  ['Épicerie Montorgueil', 'Rue Montorgueil', '38', '75002', 48.8651, 2.3471],
  ['Pressing Oberkampf', 'Rue Oberkampf', '52', '75011', 48.8648, 2.3737],
  ['Bazar Voltaire', 'Boulevard Voltaire', '90', '75011', 48.8596, 2.3796],
  ['Tabac des Jacobins', 'Rue Mercière', '40', '69002', 45.7611, 4.8339],
  ['Fleuriste Bellecour', 'Rue de la Barre', '9', '69002', 45.7564, 4.8349],
  ['Papeterie Sainte-Catherine', 'Rue Sainte-Catherine', '110', '33000', 44.8379, -0.574],
  ['Cordonnerie Pey-Berland', 'Rue des Remparts', '21', '33000', 44.8385, -0.5799],
  ['Tabac du Vieux-Port', 'Quai du Port', '12', '13002', 43.2966, 5.3701],
  ['Épicerie Canebière', 'La Canebière', '45', '13001', 43.2976, 5.3786],
  ['Librairie Grand Place', 'Rue Esquermoise', '14', '59000', 50.6379, 3.0618],
  ['Pressing Graslin', 'Rue Crébillon', '6', '44000', 47.2132, -1.5607],
  ['Tabac du Capitole', 'Rue du Taur', '20', '31000', 43.6055, 1.4418],
];

const CARRIERS = ['mondial_relay', 'colissimo', 'chronopost', 'relais_colis'] as const;

/** Shipping methods as the API lists them; a parcel names one by id. */
export const SANDBOX_SHIPPING_METHODS: Record<string, number> = {
  mondial_relay: 8001,
  colissimo: 8002,
  chronopost: 8003,
  relais_colis: 8004,
};

const POINTS: readonly SandboxPoint[] = CARRIERS.flatMap((carrier, c) =>
  SHOPS.map(([name, street, houseNumber, postalCode, latitude, longitude], i) => ({
    id: 10_000 * (c + 1) + i + 1,
    carrier,
    name,
    street,
    houseNumber,
    postalCode,
    city: townOf(postalCode),
    latitude,
    longitude,
  })),
);

function townOf(postalCode: string): string {
  const exact = TOWNS[postalCode];
  if (exact) return exact.city;
  const prefix = Object.entries(TOWNS).find(
    ([code]) => code.slice(0, 2) === postalCode.slice(0, 2),
  );
  return prefix ? prefix[1].city : '';
}

/** Great-circle distance in metres. */
export function distanceMetres(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const a =
    Math.sin(rad(lat2 - lat1) / 2) ** 2 +
    Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lon2 - lon1) / 2) ** 2;
  return Math.round(6_371_000 * 2 * Math.asin(Math.sqrt(a)));
}

/** Sendcloud's parcel statuses the sandbox moves through (id and message, as the API sends). */
export const PARCEL_STATUSES = {
  READY_TO_SEND: { id: 1000, message: 'Ready to send' },
  EN_ROUTE: { id: 3, message: 'En route to sorting center' },
  AWAITING_PICKUP: { id: 12, message: 'Awaiting customer pickup' },
  DELIVERED: { id: 11, message: 'Delivered' },
  CANCELLED: { id: 2000, message: 'Cancelled' },
} as const;

export interface SandboxParcel {
  id: number;
  status: { id: number; message: string };
  body: Record<string, unknown>;
  trackingNumber: string;
  createdAt: Date;
  /** When its status last changed (Sendcloud's `date_updated`); the creation until then. */
  updatedAt?: Date;
}

export interface SendcloudSandboxOptions {
  readonly publicKey: string;
  readonly secretKey: string;
  /** Where the sandbox's API is seen (its label links point there). */
  readonly baseUrl: () => string;
  /** The webhook endpoint parcel status changes are posted to (the integration's setting). */
  readonly webhookUrl: () => string;
}

export interface SendcloudSandbox {
  readonly handle: SandboxHandler;
  readonly parcels: Map<number, SandboxParcel>;
  /** Every API request received, with its headers and parsed body. */
  readonly requests: {
    method: string;
    path: string;
    headers: Record<string, string>;
    body: unknown;
  }[];
  /** The next `count` API calls (under `pathPrefix` when given) answer `status` with Sendcloud's error body. */
  failNext(count: number, status?: number, pathPrefix?: string): void;
  /** The next `count` API calls (under `pathPrefix` when given) wait `ms` before answering (slow mode). */
  delayNext(count: number, ms: number, pathPrefix?: string): void;
  /** Moves a parcel to a status and posts the signed webhook; resolves with the endpoint's status. */
  advance(parcelId: number, status: { id: number; message: string }): Promise<number>;
  /** The Sendcloud-Signature of a payload: HMAC-SHA256 of the raw body with the secret key, hex. */
  sign(payload: string): string;
}

function apiError(res: ServerResponse, status: number, request: string, message: string): void {
  json(res, status, { error: { code: status, request, message } });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A stand-in for Sendcloud's public REST API v2 speaking its documented wire format: HTTP Basic
 * auth with the integration's public and secret keys, JSON bodies (`{"parcel": {...}}`), errors as
 * `{"error": {"code", "request", "message"}}`. It answers the service-point search
 * (`/servicepoints/api/v2/service-points`, relay points around real French towns, with their
 * distance), parcel creation with a label, cancellation and the label PDFs (10×15 label printer,
 * A4 normal printer), and posts `parcel_status_changed` webhooks signed with
 * `Sendcloud-Signature` (HMAC-SHA256 of the body with the secret key).
 */
export function createSendcloudSandbox(options: SendcloudSandboxOptions): SendcloudSandbox {
  const parcels = new Map<number, SandboxParcel>();
  const requests: SendcloudSandbox['requests'] = [];
  const failures = { count: 0, status: 500, prefix: '' };
  const delays = { count: 0, ms: 0, prefix: '' };
  let nextParcel = 300_000_000;
  const expectedAuth = `Basic ${Buffer.from(`${options.publicKey}:${options.secretKey}`).toString('base64')}`;

  const sign = (payload: string) =>
    createHmac('sha256', options.secretKey).update(payload).digest('hex');

  function authorized(req: IncomingMessage): boolean {
    const given = Buffer.from(req.headers.authorization ?? '');
    const wanted = Buffer.from(expectedAuth);
    return given.length === wanted.length && timingSafeEqual(given, wanted);
  }

  function parcelJson(p: SandboxParcel) {
    const b = p.body;
    const base = options.baseUrl();
    return {
      id: p.id,
      name: b.name,
      company_name: b.company_name ?? '',
      address: b.address ?? '',
      house_number: b.house_number ?? '',
      city: b.city ?? '',
      postal_code: b.postal_code ?? '',
      telephone: b.telephone ?? '',
      email: b.email ?? '',
      country: { iso_2: b.country ?? 'FR', iso_3: 'FRA', name: 'France' },
      date_created: p.createdAt.toISOString(),
      date_updated: sendcloudDate(p.updatedAt ?? p.createdAt),
      tracking_number: p.trackingNumber,
      tracking_url: `${base}/tracking/${p.trackingNumber}`,
      weight: String(b.weight ?? '1.000'),
      order_number: b.order_number ?? '',
      external_reference: b.external_reference ?? null,
      to_service_point: b.to_service_point ?? null,
      status: p.status,
      label: {
        normal_printer: [0, 1, 2, 3].map(
          (i) => `${base}/panel/api/v2/labels/normal_printer/${p.id}?start_from=${i}`,
        ),
        label_printer: `${base}/panel/api/v2/labels/label_printer/${p.id}`,
      },
      carrier: { code: carrierOfMethod((b.shipment as { id?: number } | undefined)?.id) },
      shipment: { id: (b.shipment as { id?: number } | undefined)?.id },
    };
  }

  async function servicePoints(res: ServerResponse, query: URLSearchParams): Promise<void> {
    const carriers = (query.get('carrier') ?? '').split(',').filter(Boolean);
    if (query.get('country') !== 'FR')
      return apiError(res, 400, 'api/v2/service-points', 'country: only FR is served here');
    let lat = Number(query.get('latitude'));
    let lon = Number(query.get('longitude'));
    const postal = query.get('postal_code');
    if (postal) {
      const town = TOWNS[postal];
      if (!town) return json(res, 200, []);
      lat = town.lat;
      lon = town.lon;
    } else if (!query.has('latitude') || !Number.isFinite(lat) || !Number.isFinite(lon)) {
      return apiError(res, 400, 'api/v2/service-points', 'latitude and longitude are required');
    }
    const radius = Number(query.get('radius') ?? 5000);
    const found = POINTS.filter((p) => carriers.length === 0 || carriers.includes(p.carrier))
      .map((p) => ({ p, distance: distanceMetres(lat, lon, p.latitude, p.longitude) }))
      .filter(({ distance }) => distance <= radius)
      .sort((a, b) => a.distance - b.distance)
      .slice(0, 20);
    json(
      res,
      200,
      found.map(({ p, distance }) => pointJson(p, distance)),
    );
  }

  function pointJson(p: SandboxPoint, distance?: number) {
    return {
      id: p.id,
      code: `${p.carrier.toUpperCase()}-${p.id}`,
      is_active: true,
      shop_type: null,
      extra_data: {},
      name: p.name,
      street: p.street,
      house_number: p.houseNumber,
      postal_code: p.postalCode,
      city: p.city,
      latitude: p.latitude.toFixed(6),
      longitude: p.longitude.toFixed(6),
      email: '',
      phone: '',
      homepage: '',
      carrier: p.carrier,
      country: 'FR',
      formatted_opening_times: { 0: ['09:00 - 19:00'], 1: ['09:00 - 19:00'] },
      open_tomorrow: true,
      open_upcoming_week: true,
      ...(distance !== undefined && { distance }),
    };
  }

  function createParcel(res: ServerResponse, body: unknown): void {
    const parcel = (body as { parcel?: Record<string, unknown> } | undefined)?.parcel;
    if (!parcel || typeof parcel !== 'object')
      return apiError(res, 400, 'api/v2/parcels', 'parcel: This field is required.');
    const missing = ['name', 'address', 'city', 'postal_code', 'country'].filter(
      (k) => typeof parcel[k] !== 'string' || parcel[k] === '',
    );
    if (missing.length)
      return apiError(
        res,
        400,
        'api/v2/parcels',
        missing.map((k) => `${k}: This field is required.`).join(' '),
      );
    const method = (parcel.shipment as { id?: number } | undefined)?.id;
    const carrier = carrierOfMethod(method);
    if (!carrier)
      return apiError(res, 400, 'api/v2/parcels', `shipment: Unknown shipping method ${method}.`);
    if (parcel.to_service_point !== undefined) {
      const point = POINTS.find((p) => p.id === Number(parcel.to_service_point));
      if (!point || point.carrier !== carrier)
        return apiError(
          res,
          400,
          'api/v2/parcels',
          `to_service_point: ${String(parcel.to_service_point)} is not a service point of ${carrier}.`,
        );
    }
    const weight = Number(parcel.weight ?? 1);
    if (!(weight > 0) || weight > 30)
      return apiError(res, 400, 'api/v2/parcels', 'weight: must be between 0.001 and 30 kg.');
    const id = nextParcel++;
    const p: SandboxParcel = {
      id,
      status: parcel.request_label
        ? PARCEL_STATUSES.READY_TO_SEND
        : { id: 999, message: 'No label' },
      body: parcel,
      trackingNumber: `${carrier.slice(0, 2).toUpperCase()}${String(id).padStart(12, '0')}`,
      createdAt: new Date(),
    };
    parcels.set(id, p);
    json(res, 200, { parcel: parcelJson(p) });
  }

  function cancelParcel(res: ServerResponse, id: number): void {
    const p = parcels.get(id);
    if (!p) return apiError(res, 404, `api/v2/parcels/${id}/cancel`, 'Parcel not found.');
    if (p.status.id === PARCEL_STATUSES.CANCELLED.id)
      return json(res, 410, { status: 'deleted', message: 'Parcel has already been cancelled' });
    if (p.status.id !== PARCEL_STATUSES.READY_TO_SEND.id)
      return json(res, 400, {
        status: 'failed',
        message: 'Shipped parcels, or parcels being shipped, can no longer be cancelled.',
      });
    p.status = PARCEL_STATUSES.CANCELLED;
    json(res, 200, { status: 'cancelled', message: 'Parcel has been cancelled' });
  }

  async function label(res: ServerResponse, id: number, a4: boolean, startFrom: number) {
    const p = parcels.get(id);
    if (!p) return apiError(res, 404, `api/v2/labels/${id}`, 'Parcel not found.');
    if (p.status.id === PARCEL_STATUSES.CANCELLED.id)
      return apiError(res, 404, `api/v2/labels/${id}`, 'No label for a cancelled parcel.');
    const pdf = await labelPdf(p, a4, startFrom);
    res.writeHead(200, {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="label-${id}.pdf"`,
    });
    res.end(pdf);
  }

  const handle: SandboxHandler = async (req, res, path) => {
    const url = new URL(path, 'http://sandbox');
    const text = await readBody(req);
    const body = parseBody(text);
    requests.push({ method: req.method ?? 'GET', path, headers: headersOf(req), body });
    if (delays.count > 0 && path.startsWith(delays.prefix)) {
      delays.count -= 1;
      await sleep(delays.ms);
      if (res.destroyed || req.destroyed) return;
    }
    if (!authorized(req))
      return apiError(
        res,
        401,
        url.pathname.replace(/^\/(panel|servicepoints)\//, ''),
        'Invalid username/password.',
      );
    if (failures.count > 0 && path.startsWith(failures.prefix)) {
      failures.count -= 1;
      return apiError(
        res,
        failures.status,
        url.pathname,
        'Internal server error, try again later.',
      );
    }
    const p = url.pathname;
    if (req.method === 'GET' && p === '/servicepoints/api/v2/service-points')
      return servicePoints(res, url.searchParams);
    let m = /^\/servicepoints\/api\/v2\/service-points\/(\d+)$/.exec(p);
    if (req.method === 'GET' && m) {
      const point = POINTS.find((pt) => pt.id === Number(m![1]));
      return point
        ? json(res, 200, pointJson(point))
        : apiError(res, 404, p, 'Service point not found.');
    }
    if (req.method === 'POST' && p === '/panel/api/v2/parcels') {
      if (!(req.headers['content-type'] ?? '').startsWith('application/json'))
        return apiError(res, 415, 'api/v2/parcels', 'Content-Type must be application/json.');
      return createParcel(res, body);
    }
    m = /^\/panel\/api\/v2\/parcels\/(\d+)\/cancel$/.exec(p);
    if (req.method === 'POST' && m) return cancelParcel(res, Number(m[1]));
    m = /^\/panel\/api\/v2\/parcels\/(\d+)$/.exec(p);
    if (req.method === 'GET' && m) {
      const parcel = parcels.get(Number(m[1]));
      return parcel
        ? json(res, 200, { parcel: parcelJson(parcel) })
        : apiError(res, 404, p, 'Parcel not found.');
    }
    m = /^\/panel\/api\/v2\/labels\/(label_printer|normal_printer)\/(\d+)$/.exec(p);
    if (req.method === 'GET' && m)
      return label(
        res,
        Number(m[2]),
        m[1] === 'normal_printer',
        Number(url.searchParams.get('start_from') ?? 0),
      );
    apiError(res, 404, p, 'Not found.');
  };

  async function advance(parcelId: number, status: { id: number; message: string }) {
    const p = parcels.get(parcelId);
    if (!p) throw new Error(`no parcel ${parcelId}`);
    p.status = status;
    p.updatedAt = new Date();
    const payload = JSON.stringify({
      action: 'parcel_status_changed',
      timestamp: Date.now(),
      parcel: parcelJson(p),
    });
    const response = await fetch(options.webhookUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sendcloud-signature': sign(payload) },
      body: payload,
    });
    await response.arrayBuffer();
    return response.status;
  }

  return {
    handle,
    parcels,
    requests,
    failNext(count, status = 500, pathPrefix = '') {
      Object.assign(failures, { count, status, prefix: pathPrefix });
    },
    delayNext(count, ms, pathPrefix = '') {
      Object.assign(delays, { count, ms, prefix: pathPrefix });
    },
    advance,
    sign,
  };
}

function carrierOfMethod(id: number | undefined): string | undefined {
  return Object.entries(SANDBOX_SHIPPING_METHODS).find(([, m]) => m === id)?.[0];
}

/** A date as Sendcloud writes `date_updated`: `DD-MM-YYYY HH:MM:SS`, UTC. */
function sendcloudDate(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getUTCDate())}-${two(date.getUTCMonth() + 1)}-${date.getUTCFullYear()} ${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}`;
}

/** 10 × 15 cm in PDF points. */
const LABEL_SIZE: [number, number] = [283.46, 425.2];

/** The label as a carrier prints it: sender, relay point, recipient, tracking number and a barcode. */
function labelPdf(p: SandboxParcel, a4: boolean, startFrom: number): Promise<Buffer> {
  const doc = new PDFDocument({ size: a4 ? 'A4' : LABEL_SIZE, margin: 0 });
  doc.info.Title = `Label ${p.trackingNumber}`;
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) =>
    doc.on('end', () => resolve(Buffer.concat(chunks))),
  );
  // On A4 the label takes one of four quarters, the first free one (start_from).
  const quarter = Math.max(0, Math.min(3, startFrom));
  const x0 = a4 ? (quarter % 2) * 297.64 + 7 : 14;
  const y0 = a4 ? Math.floor(quarter / 2) * 420.94 + 7 : 14;
  const w = LABEL_SIZE[0] - 28;
  const b = p.body;
  const carrier = carrierOfMethod((b.shipment as { id?: number } | undefined)?.id) ?? '';
  const sender = (b.sender as Record<string, string> | undefined) ?? {};
  const point = POINTS.find((pt) => pt.id === Number(b.to_service_point));
  doc
    .font(FONT_BOLD)
    .fontSize(14)
    .text(carrier.replace('_', ' ').toUpperCase(), x0, y0, { width: w });
  doc
    .font(FONT_REGULAR)
    .fontSize(7)
    .text('SANDBOX — NOT VALID FOR POSTAGE', x0, y0 + 20, { width: w });
  doc
    .fontSize(8)
    .font(FONT_BOLD)
    .text('FROM', x0, y0 + 36);
  doc
    .font(FONT_REGULAR)
    .text(
      [sender.name, sender.address, `${sender.postal_code ?? ''} ${sender.city ?? ''}`]
        .filter((l) => l && l.trim())
        .join('\n'),
      x0,
      y0 + 46,
      { width: w },
    );
  doc.font(FONT_BOLD).text('TO', x0, y0 + 90);
  doc
    .font(FONT_REGULAR)
    .fontSize(11)
    .text(String(b.name ?? ''), x0, y0 + 100, { width: w });
  doc
    .fontSize(9)
    .text(
      point
        ? `Point relais ${point.id}: ${point.name}\n${point.houseNumber} ${point.street}\n${point.postalCode} ${point.city}`
        : `${String(b.address ?? '')}\n${String(b.postal_code ?? '')} ${String(b.city ?? '')}`,
      x0,
      y0 + 118,
      { width: w },
    );
  doc
    .font(FONT_BOLD)
    .fontSize(12)
    .text(p.trackingNumber, x0, y0 + 180, { width: w });
  // A barcode-like block drawn from the tracking number's digits.
  let x = x0;
  for (const ch of p.trackingNumber) {
    const n = ch.charCodeAt(0) % 4;
    doc.rect(x, y0 + 200, 1 + n, 60).fill('#000');
    x += 3 + n;
  }
  doc
    .fillColor('#000')
    .font(FONT_REGULAR)
    .fontSize(8)
    .text(
      `Parcel ${p.id} · ${String(b.weight ?? '')} kg · ${String(b.order_number ?? '')}`,
      x0,
      y0 + 270,
      { width: w },
    );
  doc.end();
  return done;
}
