import { ProductQuality, SalePlatform } from '../../rpc/gen/seconde/v1/product_pb.ts';
import { camelItem, enumLabels } from '../deposit/enums.ts';

const capital = (s: string) => s.replace(/^./, (c) => c.toUpperCase());

/** The form's quality choices with their text keys (`products.qualityVeryGood`...). */
export const QUALITY_CHOICES = enumLabels(ProductQuality).map((value) => ({
  value,
  labelKey: `products.quality${capital(camelItem(value))}`,
}));

/** The sale platforms with their text keys (`products.platformEbay`...). */
export const PLATFORM_CHOICES = enumLabels(SalePlatform).map((value) => ({
  value,
  labelKey: `products.platform${capital(camelItem(value))}`,
}));
