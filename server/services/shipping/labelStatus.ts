/** Our delivery status, as stored (the shipping_status enum). */
export type DeliveryStatusName =
  | 'NOT_CREATED'
  | 'CREATED'
  | 'SHIPPED'
  | 'BLOCKED'
  | 'DELIVERED'
  | 'RETURNED'
  | 'CANCELED'
  | 'EXPIRED'
  | 'ERROR'
  | 'UNKNOWN';

/** Sendcloud's parcel status ids grouped into ours (its documented list of parcel statuses). */
const BY_ID: Readonly<Record<number, DeliveryStatusName>> = {
  999: 'NOT_CREATED',
  1000: 'CREATED',
  1001: 'CREATED',
  1002: 'ERROR',
  1: 'SHIPPED',
  3: 'SHIPPED',
  5: 'SHIPPED',
  7: 'SHIPPED',
  12: 'SHIPPED',
  22: 'SHIPPED',
  80: 'SHIPPED',
  92: 'SHIPPED',
  4: 'BLOCKED',
  6: 'BLOCKED',
  8: 'BLOCKED',
  15: 'BLOCKED',
  62: 'BLOCKED',
  11: 'DELIVERED',
  93: 'DELIVERED',
  13: 'EXPIRED',
  1999: 'CANCELED',
  2000: 'CANCELED',
  1337: 'UNKNOWN',
};

/** The delivery status of a carrier status; a return to sender is told by its message. */
export function statusOfCarrier(id: number, message: string): DeliveryStatusName {
  if (/return/i.test(message) && BY_ID[id] !== 'CANCELED') return 'RETURNED';
  return BY_ID[id] ?? 'UNKNOWN';
}
