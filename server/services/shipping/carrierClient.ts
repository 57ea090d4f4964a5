import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Code } from '@connectrpc/connect';
import type { CarrierCode } from '../../../src/domain/shipping/deliveryServices.ts';
import { fail } from '../../rpc/reasons.ts';
import type { ShippingSettings } from './shippingSettings.ts';

/** Where the built-in sandbox answers on this server (API under /panel and /servicepoints). */
export const SHIPPING_SANDBOX_PATH = '/_sandbox/sendcloud';
/** The webhook endpoint the integration's settings point at. */
export const SHIPPING_WEBHOOK_PATH = '/webhooks/carrier';

/** Drawn once per process, so nothing outside this server can sign a sandbox webhook. */
export const SANDBOX_SHIPPING_KEYS = {
  publicKey: `sandbox_${randomBytes(8).toString('hex')}`,
  secretKey: randomBytes(24).toString('hex'),
} as const;

/** A relay point as the carrier API describes it. */
export interface ServicePoint {
  readonly id: string;
  readonly name: string;
  readonly address: string;
  readonly postalCode: string;
  readonly city: string;
  readonly latitude: number;
  readonly longitude: number;
  readonly distance: number;
}

/** What a label's parcel is sent as. */
export interface ParcelRequest {
  readonly carrier: CarrierCode;
  /** The relay point the recipient collects from; none for a parcel sent to their address. */
  readonly servicePointId?: string;
  readonly recipient: {
    name: string;
    email: string;
    phone: string;
    address: string;
    postalCode: string;
    city: string;
  };
  readonly sender: { name: string; address: string; postalCode: string; city: string };
  readonly weightKg: number;
  /** Our label's uuid: the parcel's order number and external reference. */
  readonly reference: string;
}

/** A parcel's status as the carrier holds it. */
export interface ParcelStatus {
  readonly statusId: number;
  readonly statusMessage: string;
  /** The parcel's `date_updated` (Sendcloud writes `DD-MM-YYYY HH:MM:SS`, UTC), if given. */
  readonly updatedAt: Date | undefined;
}

/** Sendcloud's `DD-MM-YYYY HH:MM:SS` (or an ISO date), read as UTC. */
export function carrierDate(value: unknown): Date | undefined {
  if (typeof value !== 'string') return undefined;
  const m = /^(\d{2})-(\d{2})-(\d{4})[ T](\d{2}):(\d{2}):(\d{2})/.exec(value);
  const date = m
    ? new Date(Date.UTC(+m[3]!, +m[2]! - 1, +m[1]!, +m[4]!, +m[5]!, +m[6]!))
    : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

export interface CreatedParcel {
  readonly id: string;
  readonly trackingNumber: string;
  readonly statusId: number;
  readonly statusMessage: string;
}

/** The multi-carrier API as this server talks to it. */
export interface CarrierClient {
  findServicePoints(
    carrier: CarrierCode,
    where: { latitude: number; longitude: number } | { postalCode: string },
  ): Promise<ServicePoint[]>;
  /** One relay point by its id, or undefined when the carrier knows none. */
  servicePoint(id: string): Promise<ServicePoint | undefined>;
  createParcel(parcel: ParcelRequest): Promise<CreatedParcel>;
  /** True when cancelled (or already cancelled); false when the parcel already left. */
  cancelParcel(parcelId: string): Promise<boolean>;
  labelPdf(parcelId: string, format: 'a4' | '10x15'): Promise<Uint8Array>;
  /** The parcel's current status and when it was set, or undefined when the carrier knows none. */
  parcelStatus(parcelId: string): Promise<ParcelStatus | undefined>;
  /** Checks a webhook's Sendcloud-Signature against the raw body. */
  verifySignature(payload: string, signature: string): boolean;
}

function pointOf(p: Record<string, unknown>): ServicePoint {
  return {
    id: String(p.id),
    name: String(p.name ?? ''),
    address: `${String(p.house_number ?? '')} ${String(p.street ?? '')}`.trim(),
    postalCode: String(p.postal_code ?? ''),
    city: String(p.city ?? ''),
    latitude: Number(p.latitude),
    longitude: Number(p.longitude),
    distance: Number(p.distance ?? 0),
  };
}

const unavailable = () =>
  fail(
    Code.Unavailable,
    'CARRIER_UNAVAILABLE',
    'The carrier cannot be reached right now; no label was made, try again in a moment',
  );

/**
 * Sendcloud's REST API v2 over HTTP: Basic auth with the public and secret keys, JSON bodies, a
 * time-out on every call. A time-out, a network failure or a 5xx is CARRIER_UNAVAILABLE; a 4xx is
 * CARRIER_REFUSED with the carrier's message.
 */
export function createCarrierClient(settings: {
  publicKey: string;
  secretKey: string;
  apiUrl: string;
  servicePointsUrl: string;
  methods: ShippingSettings['methods'];
  timeoutMs: number;
}): CarrierClient {
  const auth = `Basic ${Buffer.from(`${settings.publicKey}:${settings.secretKey}`).toString('base64')}`;

  async function call(url: string, init: { method: string; body?: unknown }): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(url, {
        method: init.method,
        headers: {
          authorization: auth,
          accept: 'application/json',
          ...(init.body !== undefined && { 'content-type': 'application/json' }),
        },
        ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
    } catch {
      throw unavailable();
    }
    if (response.status >= 500 || response.status === 429) {
      await response.arrayBuffer().catch(() => undefined);
      throw unavailable();
    }
    return response;
  }

  async function readJson(response: Response): Promise<Record<string, unknown>> {
    try {
      return (await response.json()) as Record<string, unknown>;
    } catch {
      throw unavailable();
    }
  }

  function refusal(body: Record<string, unknown>): never {
    const error = body.error as { message?: string } | undefined;
    const message = error?.message ?? (body.message as string | undefined) ?? 'refused';
    throw fail(Code.FailedPrecondition, 'CARRIER_REFUSED', `The carrier refused: ${message}`);
  }

  return {
    async findServicePoints(carrier, where) {
      const query = new URLSearchParams({ country: 'FR', carrier, radius: '5000' });
      if ('postalCode' in where) query.set('postal_code', where.postalCode);
      else {
        query.set('latitude', String(where.latitude));
        query.set('longitude', String(where.longitude));
      }
      const response = await call(`${settings.servicePointsUrl}/service-points?${query}`, {
        method: 'GET',
      });
      if (!response.ok) refusal(await readJson(response));
      const points = (await response.json().catch(() => {
        throw unavailable();
      })) as Record<string, unknown>[];
      return points.map(pointOf);
    },

    async servicePoint(id) {
      const response = await call(
        `${settings.servicePointsUrl}/service-points/${encodeURIComponent(id)}`,
        { method: 'GET' },
      );
      if (response.status === 404) {
        await response.arrayBuffer().catch(() => undefined);
        return undefined;
      }
      const body = await readJson(response);
      if (!response.ok) refusal(body);
      return pointOf(body);
    },

    async createParcel(parcel) {
      const response = await call(`${settings.apiUrl}/parcels`, {
        method: 'POST',
        body: {
          parcel: {
            name: parcel.recipient.name,
            email: parcel.recipient.email,
            telephone: parcel.recipient.phone,
            address: parcel.recipient.address,
            city: parcel.recipient.city,
            postal_code: parcel.recipient.postalCode,
            country: 'FR',
            ...(parcel.servicePointId && { to_service_point: Number(parcel.servicePointId) }),
            weight: parcel.weightKg.toFixed(3),
            order_number: parcel.reference,
            external_reference: parcel.reference,
            request_label: true,
            shipment: { id: settings.methods[parcel.carrier] },
            sender: {
              name: parcel.sender.name,
              address: parcel.sender.address,
              postal_code: parcel.sender.postalCode,
              city: parcel.sender.city,
            },
          },
        },
      });
      const body = await readJson(response);
      if (!response.ok) refusal(body);
      const p = body.parcel as Record<string, unknown> & {
        status?: { id: number; message: string };
      };
      return {
        id: String(p.id),
        trackingNumber: String(p.tracking_number ?? ''),
        statusId: p.status?.id ?? 0,
        statusMessage: p.status?.message ?? '',
      };
    },

    async cancelParcel(parcelId) {
      const response = await call(
        `${settings.apiUrl}/parcels/${encodeURIComponent(parcelId)}/cancel`,
        {
          method: 'POST',
        },
      );
      const body = await readJson(response);
      if (response.ok || response.status === 410) return true;
      if (response.status === 400 && body.status === 'failed') return false;
      refusal(body);
    },

    async labelPdf(parcelId, format) {
      const path =
        format === 'a4'
          ? `labels/normal_printer/${encodeURIComponent(parcelId)}?start_from=0`
          : `labels/label_printer/${encodeURIComponent(parcelId)}`;
      const response = await call(`${settings.apiUrl}/${path}`, { method: 'GET' });
      if (!response.ok) refusal(await readJson(response));
      try {
        return new Uint8Array(await response.arrayBuffer());
      } catch {
        throw unavailable();
      }
    },

    async parcelStatus(parcelId) {
      const response = await call(`${settings.apiUrl}/parcels/${encodeURIComponent(parcelId)}`, {
        method: 'GET',
      });
      if (response.status === 404) {
        await response.arrayBuffer().catch(() => undefined);
        return undefined;
      }
      const body = await readJson(response);
      if (!response.ok) refusal(body);
      const p = (body.parcel ?? {}) as Record<string, unknown> & {
        status?: { id?: number; message?: string };
      };
      return {
        statusId: Number(p.status?.id ?? 0),
        statusMessage: String(p.status?.message ?? ''),
        updatedAt: carrierDate(p.date_updated),
      };
    },

    verifySignature(payload, signature) {
      const wanted = Buffer.from(
        createHmac('sha256', settings.secretKey).update(payload).digest('hex'),
      );
      const given = Buffer.from(signature);
      return given.length === wanted.length && timingSafeEqual(given, wanted);
    },
  };
}

/**
 * The client of these settings, built on first use (the sandbox's address is known once the server
 * listens): the configured account, else the sandbox on this server when allowed, else undefined.
 */
export function carrierClientOf(
  settings: ShippingSettings,
  publicUrl: () => string,
): () => CarrierClient | undefined {
  let built: CarrierClient | undefined;
  return () => {
    if (built) return built;
    const common = { methods: settings.methods, timeoutMs: settings.timeoutMs };
    if (settings.publicKey && settings.secretKey)
      built = createCarrierClient({
        ...common,
        publicKey: settings.publicKey,
        secretKey: settings.secretKey,
        apiUrl: (settings.apiUrl ?? 'https://panel.sendcloud.sc/api/v2').replace(/\/$/, ''),
        servicePointsUrl: (
          settings.servicePointsUrl ?? 'https://servicepoints.sendcloud.sc/api/v2'
        ).replace(/\/$/, ''),
      });
    else if (settings.sandbox) {
      const base = `${publicUrl()}${SHIPPING_SANDBOX_PATH}`;
      built = createCarrierClient({
        ...common,
        ...SANDBOX_SHIPPING_KEYS,
        apiUrl: `${base}/panel/api/v2`,
        servicePointsUrl: `${base}/servicepoints/api/v2`,
      });
    }
    return built;
  };
}

/** The client, or the call fails: nothing is configured on this server. */
export function requireCarrier(client: () => CarrierClient | undefined): CarrierClient {
  const found = client();
  if (!found)
    throw fail(
      Code.FailedPrecondition,
      'CARRIER_UNAVAILABLE',
      'No carrier account is configured on this server',
    );
  return found;
}
