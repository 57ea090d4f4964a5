import type { BusinessSettings, PlatformIdentity } from '../deps.ts';

/**
 * The platform's identity on the invoices it issues when a deployment sets none: a demo company
 * whose SIRET passes the Luhn check and whose VAT number carries the key computed from its SIREN.
 * A real deployment sets PLATFORM_NAME, PLATFORM_SIRET, PLATFORM_VAT_NUMBER, PLATFORM_ADDRESS,
 * PLATFORM_POSTAL_CODE, PLATFORM_CITY (and optionally PLATFORM_EMAIL, PLATFORM_VAT_RATE,
 * PLATFORM_PAYMENT_DAYS).
 */
export const DEMO_PLATFORM: PlatformIdentity = {
  name: 'Seconde SAS',
  siret: '90123456700013',
  vatNumber: 'FR15901234567',
  addressLines: ['12 rue de la Fripe'],
  postalCode: '75011',
  city: 'Paris',
  countryCode: 'FR',
  email: 'factures@seconde.test',
  vatRatePercent: 20,
  paymentDays: 30,
};

/** The platform identity of a deployment, from its environment; the demo one when unset. */
export function loadPlatformIdentity(env: NodeJS.ProcessEnv): PlatformIdentity {
  const rate = Number(env.PLATFORM_VAT_RATE ?? DEMO_PLATFORM.vatRatePercent);
  const days = Number(env.PLATFORM_PAYMENT_DAYS ?? DEMO_PLATFORM.paymentDays);
  if (!Number.isFinite(rate) || rate < 0 || rate > 100)
    throw new Error(`PLATFORM_VAT_RATE must be a percentage: ${env.PLATFORM_VAT_RATE}`);
  if (!Number.isInteger(days) || days < 0)
    throw new Error(`PLATFORM_PAYMENT_DAYS must be a number of days: ${env.PLATFORM_PAYMENT_DAYS}`);
  return {
    name: env.PLATFORM_NAME || DEMO_PLATFORM.name,
    siret: env.PLATFORM_SIRET || DEMO_PLATFORM.siret,
    vatNumber: env.PLATFORM_VAT_NUMBER || DEMO_PLATFORM.vatNumber,
    addressLines: env.PLATFORM_ADDRESS ? [env.PLATFORM_ADDRESS] : DEMO_PLATFORM.addressLines,
    postalCode: env.PLATFORM_POSTAL_CODE || DEMO_PLATFORM.postalCode,
    city: env.PLATFORM_CITY || DEMO_PLATFORM.city,
    countryCode: 'FR',
    email: env.PLATFORM_EMAIL || DEMO_PLATFORM.email,
    vatRatePercent: rate,
    paymentDays: days,
  };
}

export function platformOf(settings: BusinessSettings): PlatformIdentity {
  return settings.platform ?? DEMO_PLATFORM;
}
