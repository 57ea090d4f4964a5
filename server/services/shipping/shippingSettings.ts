import type { SubscriptionTypeName } from '../../../src/domain/subscriptionAccess.ts';
import type { CarrierCode } from '../../../src/domain/shipping/deliveryServices.ts';
import { SANDBOX_SHIPPING_METHODS } from '../../sandbox/sendcloudSandbox.ts';
import { loadLabelPrices, type LabelPrices } from './labelPrices.ts';

/**
 * The multi-carrier API (Sendcloud) as a deployment configures it: the integration's public and
 * secret keys (the secret also signs webhooks), its two base URLs, the shipping method used per
 * carrier, or the built-in sandbox on local installs.
 */
export interface ShippingSettings {
  readonly publicKey: string | undefined;
  readonly secretKey: string | undefined;
  /** Parcels and labels (https://panel.sendcloud.sc/api/v2 unless set). */
  readonly apiUrl: string | undefined;
  /** Relay points (https://servicepoints.sendcloud.sc/api/v2 unless set). */
  readonly servicePointsUrl: string | undefined;
  /** Without keys, the sandbox served by this server stands in for the carrier API. */
  readonly sandbox: boolean;
  /** The shipping method id (Sendcloud `shipment.id`) for each carrier's relay-point product. */
  readonly methods: Readonly<Record<CarrierCode, number>>;
  /** Each carrier call gives up after this long: a slow carrier is a clear failure, not a hang. */
  readonly timeoutMs: number;
  /** Free labels per calendar month (UTC) included in each running plan. */
  readonly freeLabelsPerMonth: Readonly<Partial<Record<SubscriptionTypeName, number>>>;
  /** Parcel weight when a label names none, in kilograms. */
  readonly defaultWeightKg: number;
  /** What a label beyond the allowance costs, per carrier and weight band. */
  readonly labelPrices: LabelPrices;
  /**
   * Minutes between two rounds asking the carrier for the status of parcels not yet in a final
   * status (SENDCLOUD_POLL_MINUTES, default 30; 0 turns polling off, the webhook alone then).
   */
  readonly pollMinutes?: number;
}

export const DEFAULT_CARRIER_TIMEOUT_MS = 10_000;

/** The spec names the free reason (starter subscription), not the allowance: a deployment sets it. */
const DEFAULT_FREE_LABELS: Readonly<Partial<Record<SubscriptionTypeName, number>>> = {
  STARTER: 2,
  ESSENTIAL: 5,
  PRO: 10,
  PREMIUM: 30,
  FORMATION: 2,
};

function count(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number: ${value}`);
  return n;
}

export function loadShippingSettings(
  env: NodeJS.ProcessEnv,
  environment: string,
): ShippingSettings {
  const timeout = Number(env.SENDCLOUD_TIMEOUT_MS);
  const methods = Object.fromEntries(
    Object.entries(SANDBOX_SHIPPING_METHODS).map(([carrier, id]) => [
      carrier,
      count(
        env[`SENDCLOUD_METHOD_${carrier.toUpperCase()}`],
        id,
        `SENDCLOUD_METHOD_${carrier.toUpperCase()}`,
      ),
    ]),
  ) as Record<CarrierCode, number>;
  const freeLabelsPerMonth = Object.fromEntries(
    (['STARTER', 'ESSENTIAL', 'PRO', 'PREMIUM', 'COMMISSION', 'FORMATION'] as const).map((type) => [
      type,
      count(
        env[`PLAN_${type}_FREE_LABELS`],
        DEFAULT_FREE_LABELS[type] ?? 0,
        `PLAN_${type}_FREE_LABELS`,
      ),
    ]),
  );
  return {
    publicKey: env.SENDCLOUD_PUBLIC_KEY || undefined,
    secretKey: env.SENDCLOUD_SECRET_KEY || undefined,
    apiUrl: env.SENDCLOUD_API_URL || undefined,
    servicePointsUrl: env.SENDCLOUD_SERVICE_POINTS_URL || undefined,
    sandbox: (env.SHIPPING_SANDBOX ?? (environment === 'local' ? '1' : '0')) === '1',
    methods,
    timeoutMs: Number.isInteger(timeout) && timeout > 0 ? timeout : DEFAULT_CARRIER_TIMEOUT_MS,
    freeLabelsPerMonth,
    defaultWeightKg: 1,
    labelPrices: loadLabelPrices(env),
    pollMinutes: count(env.SENDCLOUD_POLL_MINUTES, 30, 'SENDCLOUD_POLL_MINUTES'),
  };
}

/** The sandbox's settings when nothing is configured (tests and local installs). */
export const SANDBOX_SHIPPING: ShippingSettings = loadShippingSettings({}, 'local');
