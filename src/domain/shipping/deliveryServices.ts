/**
 * The carriers Seconde ships with, by the number stored as `delivery_service` on places and labels,
 * with the carrier code the multi-carrier API (Sendcloud) names them by.
 */
export const DELIVERY_SERVICES = [
  { code: 1, carrier: 'mondial_relay', name: 'Mondial Relay' },
  { code: 2, carrier: 'colissimo', name: 'Colissimo' },
  { code: 3, carrier: 'chronopost', name: 'Chronopost' },
  { code: 4, carrier: 'relais_colis', name: 'Relais Colis' },
] as const;

export type DeliveryService = (typeof DELIVERY_SERVICES)[number];
export type CarrierCode = DeliveryService['carrier'];

export function deliveryServiceOf(code: number): DeliveryService | undefined {
  return DELIVERY_SERVICES.find((s) => s.code === code);
}

/** Refusals of the shipping calls, each with a text in both languages (errors.shipping.*). */
export const SHIPPING_REASONS = [
  'UNKNOWN_DELIVERY_SERVICE',
  'NO_DELIVERY_PLACE',
  'LAST_DELIVERY_PLACE',
  'NO_FREE_LABEL_LEFT',
  'PRODUCT_NOT_SOLD',
  'RECIPIENT_INCOMPLETE',
  'LABEL_ALREADY_SHIPPED',
  'LABEL_CANCELED',
  'LABEL_ALREADY_MADE',
  'CARRIER_REFUSED',
  'CARRIER_UNAVAILABLE',
  'FREE_LABEL_LEFT',
  'PARCEL_TOO_HEAVY',
  'LABEL_PAID',
  'LABEL_NOT_PAID',
  'PLACE_OTHER_CARRIER',
  'IDEMPOTENCY_KEY_REUSED',
] as const;
export type ShippingReason = (typeof SHIPPING_REASONS)[number];
