import type { SnapshotFrom } from 'xstate';
import {
  missingForPublication,
  type CompletenessCode,
  type QualityLabel,
} from '../../domain/publishing/completeness.ts';
import { categoryOf, parseDecimal } from '../product/productDraft.ts';
import type { productMachine } from '../product/productMachine.ts';

type ProductSnapshot = SnapshotFrom<typeof productMachine>;

/**
 * What the product lacks to be published, judged on the form's current values (the draft, so
 * the badge follows each edit) with the shared rules and the category flags the page loaded.
 * Null while the product is not loaded.
 */
export function selectMissingForPublication(s: ProductSnapshot): CompletenessCode[] | null {
  const { loaded, draft } = s.context;
  if (!loaded || !draft) return null;
  const { product, reference } = loaded;
  const category = draft.category ? categoryOf(reference, draft.category) : undefined;
  const price = parseDecimal(draft.suggestedPrice);
  return missingForPublication({
    hasMainImage: product.images.length > 0 || product.mainImageUrl !== '',
    manualCategory: product.manualCategory,
    category: draft.category,
    categoryRow: category ?? null,
    brand: draft.brand,
    manualBrand: product.manualBrand,
    productSize: draft.productSize,
    isbn: draft.isbn,
    videoGameRating: draft.videoGameRating,
    quality: (draft.quality || null) as QualityLabel | null,
    suggestedPrice: Number.isNaN(price) ? null : price,
  });
}
