import { H2 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { CategoryField } from '../../domain/products/index.ts';
import { QUALITY_CHOICES } from '../../machines/product/productEnums.ts';
import {
  selectReference,
  selectSizes,
  selectVisibleFields,
} from '../../machines/product/productSelectors.ts';
import { CategorySelect } from './CategorySelect.tsx';
import { CheckboxGroup } from './CheckboxGroup.tsx';
import { useFieldError } from './Field.tsx';
import { DraftInput, DraftSelect } from './TextFields.tsx';
import { sameJson, useProduct, useProductActor } from './productContext.ts';

/** Most colours a product carries (the marketplace takes two). */
export const MAX_COLORS = 2;

/** Category, the fields its flags show, condition, measurements and comment. */
export function DetailsSection({ readOnly }: { readonly readOnly: boolean }) {
  const { t } = useTranslation();
  const visible = new Set<CategoryField>(useProduct(selectVisibleFields, sameJson));
  const reference = useProduct(selectReference);
  const sizes = useProduct(selectSizes, sameJson);
  const brands = (reference?.brands ?? []).map((b) => ({ value: b.uuid, label: b.name }));
  const qualities = QUALITY_CHOICES.map((q) => ({ value: q.value, label: t(q.labelKey) }));
  return (
    <section aria-labelledby="product-details-title" data-testid="product-details">
      <H2 id="product-details-title">{t('products.sectionDetails')}</H2>
      <CategorySelect readOnly={readOnly} />
      {visible.has('brand') && (
        <DraftSelect
          field="brand"
          labelKey="products.brand"
          noneKey="products.brandNone"
          choices={brands}
          readOnly={readOnly}
        />
      )}
      {visible.has('size') && (
        <DraftSelect
          field="productSize"
          labelKey="products.size"
          noneKey="products.sizeNone"
          choices={sizes.map((s) => ({ value: s.uuid, label: s.name }))}
          readOnly={readOnly}
        />
      )}
      {visible.has('color') && <ColorField readOnly={readOnly} />}
      {visible.has('isbn') && (
        <DraftInput field="isbn" labelKey="products.isbn" inputMode="numeric" readOnly={readOnly} />
      )}
      {visible.has('author') && (
        <DraftInput field="author" labelKey="products.author" readOnly={readOnly} />
      )}
      {visible.has('bookTitle') && (
        <DraftInput field="bookTitle" labelKey="products.bookTitle" readOnly={readOnly} />
      )}
      {visible.has('videoGameRating') && (
        <DraftInput
          field="videoGameRating"
          labelKey="products.videoGameRating"
          readOnly={readOnly}
        />
      )}
      <DraftSelect
        field="quality"
        labelKey="products.quality"
        noneKey="products.qualityNone"
        choices={qualities}
        required
        readOnly={readOnly}
      />
      {visible.has('measurements') && (
        <div className="seconde-product-pair">
          <DraftInput
            field="measurementWidth"
            labelKey="products.measurementWidth"
            inputMode="decimal"
            readOnly={readOnly}
          />
          <DraftInput
            field="measurementLength"
            labelKey="products.measurementLength"
            inputMode="decimal"
            readOnly={readOnly}
          />
        </div>
      )}
      <DraftInput field="comment" labelKey="products.comment" multiline readOnly={readOnly} />
    </section>
  );
}

function ColorField({ readOnly }: { readonly readOnly: boolean }) {
  const { t } = useTranslation();
  const actor = useProductActor();
  const colors = useProduct((s) => s.context.loaded?.reference.colors ?? []);
  const value = useProduct((s) => s.context.draft?.colors ?? [], sameJson);
  const error = useFieldError('colors');
  return (
    <CheckboxGroup
      id="product-colors"
      legend={t('products.colors')}
      options={[...colors]
        .sort((a, b) => a.order - b.order)
        .map((c) => ({ value: c.uuid, label: c.title }))}
      value={value}
      onChange={(next) => actor.send({ type: 'product.changeColors', value: next })}
      max={MAX_COLORS}
      error={error}
      disabled={readOnly}
    />
  );
}
