import { SalePlatform } from '../../rpc/gen/seconde/v1/product_pb.ts';
import { PLATFORM_CHOICES } from '../product/productEnums.ts';

/** The marketplaces whose order texts the server reads (src/domain/buyers/pastedBuyer.ts). */
export const PASTE_PLATFORMS: readonly number[] = [
  SalePlatform.MAIN_MARKETPLACE,
  SalePlatform.LEBONCOIN,
  SalePlatform.EBAY,
  SalePlatform.VESTIAIRE_COLLECTIVE,
];

/** Every sale platform as the number the contract sends, with its text key. */
export const SALE_PLATFORM_OPTIONS = PLATFORM_CHOICES.map((c) => ({
  value: SalePlatform[c.value as keyof typeof SalePlatform],
  labelKey: c.labelKey,
}));

/** The text key of a SalePlatform number; null for none. */
export function platformKey(platform: number): string | null {
  return SALE_PLATFORM_OPTIONS.find((c) => c.value === platform)?.labelKey ?? null;
}
