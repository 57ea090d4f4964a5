import type { CarrierCode } from '../../../src/domain/shipping/deliveryServices.ts';

/** Upper bounds of the weight bands a paid label is priced by, in kilograms. */
export const LABEL_WEIGHT_BANDS_KG = [1, 2, 5, 10, 20] as const;

/** A paid label's price per carrier, in cents tax included, one per weight band. */
export type LabelPrices = Readonly<Record<CarrierCode, readonly number[]>>;

/**
 * Defaults near the relay networks' public prices for a parcel dropped at a relay point; the spec
 * names no price, so a deployment sets its own (LABEL_PRICES_<CARRIER>).
 */
const DEFAULT_LABEL_PRICES: LabelPrices = {
  mondial_relay: [450, 590, 890, 1390, 1990],
  colissimo: [590, 790, 1090, 1590, 2390],
  chronopost: [690, 890, 1190, 1690, 2490],
  relais_colis: [440, 560, 850, 1290, 1890],
};

/** `LABEL_PRICES_MONDIAL_RELAY=450,590,890,1390,1990`: cents for each weight band, in order. */
export function loadLabelPrices(env: NodeJS.ProcessEnv): LabelPrices {
  return Object.fromEntries(
    Object.entries(DEFAULT_LABEL_PRICES).map(([carrier, fallback]) => {
      const name = `LABEL_PRICES_${carrier.toUpperCase()}`;
      const value = env[name];
      if (!value) return [carrier, fallback];
      const cents = value.split(',').map((v) => Number(v.trim()));
      if (
        cents.length !== LABEL_WEIGHT_BANDS_KG.length ||
        cents.some((c) => !Number.isSafeInteger(c) || c <= 0)
      )
        throw new Error(
          `${name} must list ${LABEL_WEIGHT_BANDS_KG.length} prices in cents (bands up to ${LABEL_WEIGHT_BANDS_KG.join(', ')} kg): ${value}`,
        );
      return [carrier, cents];
    }),
  ) as unknown as LabelPrices;
}

/** The price of a paid label, or undefined when the parcel is heavier than the last band. */
export function labelPriceCents(
  prices: LabelPrices,
  carrier: CarrierCode,
  weightKg: number,
): number | undefined {
  const band = LABEL_WEIGHT_BANDS_KG.findIndex((max) => weightKg <= max);
  return band < 0 ? undefined : prices[carrier][band];
}
