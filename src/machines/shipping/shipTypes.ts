import { SHIPPING_REASONS } from '../../domain/shipping/deliveryServices.ts';
import { errorI18nKey, toAppError, type AppErrorCode } from '../../rpc/errors.ts';
import { SaleStatus } from '../../rpc/gen/seconde/v1/product_pb.ts';
import { ShippingStatus } from '../../rpc/gen/seconde/v1/shipping_label_pb.ts';
import { labelKey } from '../people/labels.ts';

/** One of the vendor's active delivery places (where parcels are dropped off). */
export interface ShipPlace {
  readonly uuid: string;
  readonly name: string;
  readonly deliveryService: number;
}

/** A relay point near the buyer, as the carrier proposes it. */
export interface ShipPoint {
  readonly id: string;
  readonly name: string;
  readonly address: string;
  readonly postalCode: string;
  readonly city: string;
  /** Metres from the searched point. */
  readonly distance: number;
}

/** The label made. */
export interface ShipLabel {
  readonly uuid: string;
  readonly trackingNumber: string;
}

/** What opening the dialog loads: the vendor's active places and free labels left. */
export interface ShipStart {
  readonly places: readonly ShipPlace[];
  readonly freeRemaining: number;
  /** A paid label's price from the first place, in cents (0 without a place). */
  readonly priceCents: number;
  /** That place's carrier's weight bands and their prices, lightest first (none without a place). */
  readonly priceBands: readonly LabelPriceBand[];
}

/** A paid label's price, in cents, for a parcel up to `maxKg`. */
export interface LabelPriceBand {
  readonly maxKg: number;
  readonly priceCents: number;
}

/** A refused call, kept to explain it. */
export interface ShipRefusal {
  readonly code: AppErrorCode;
  readonly reason: string | null;
}

export function refusalOf(error: unknown): ShipRefusal {
  const appError = toAppError(error);
  return { code: appError.code, reason: appError.reason ?? null };
}

/** `NO_FREE_LABEL_LEFT` → `shipping.reasonNoFreeLabelLeft`; the code's text for any other. */
export function shipRefusalKey(refusal: ShipRefusal): string {
  return refusal.reason && (SHIPPING_REASONS as readonly string[]).includes(refusal.reason)
    ? labelKey('shipping.reason', refusal.reason)
    : errorI18nKey(refusal.code);
}

/** A French postal code: the carrier searches relay points around it. */
export const isPostalCode = (value: string) => /^\d{5}$/.test(value.trim());

/** A sold product (sold, paid or invoiced) may be shipped. */
export const isShippable = (saleStatus: number) =>
  [SaleStatus.SELL, SaleStatus.PAYED, SaleStatus.FACTURED].includes(saleStatus);

const STATUS_KEYS: Record<number, string> = {
  [ShippingStatus.NOT_CREATED]: 'shipping.statusNotCreated',
  [ShippingStatus.CREATED]: 'shipping.statusCreated',
  [ShippingStatus.SHIPPED]: 'shipping.statusShipped',
  [ShippingStatus.BLOCKED]: 'shipping.statusBlocked',
  [ShippingStatus.DELIVERED]: 'shipping.statusDelivered',
  [ShippingStatus.RETURNED]: 'shipping.statusReturned',
  [ShippingStatus.CANCELED]: 'shipping.statusCanceled',
  [ShippingStatus.EXPIRED]: 'shipping.statusExpired',
  [ShippingStatus.ERROR]: 'shipping.statusError',
};

/** The text of a delivery status (FR/EN). */
export const shippingStatusKey = (status: number) =>
  STATUS_KEYS[status] ?? 'shipping.statusUnknown';
