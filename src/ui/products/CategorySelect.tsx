import { HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { camelItem } from '../../machines/deposit/enums.ts';
import { selectCategoryGroups } from '../../machines/product/productSelectors.ts';
import { describedBy, Field, useFieldError } from './Field.tsx';
import { sameJson, useProduct, useProductActor } from './productContext.ts';

/** The category picker: the catalogue grouped by family (one optgroup each), in catalogue order. */
export function CategorySelect({ readOnly }: { readonly readOnly: boolean }) {
  const { t } = useTranslation();
  const actor = useProductActor();
  const groups = useProduct(selectCategoryGroups, sameJson);
  const value = useProduct((s) => s.context.draft?.category ?? '');
  const error = useFieldError('category');
  const id = 'product-category';
  const familyLabel = (family: string) =>
    family === 'UNSPECIFIED'
      ? t('products.familyUnspecified')
      : t(`depositsFamily.${camelItem(family)}`);
  return (
    <Field id={id} label={t('products.category')} error={error}>
      <HTMLSelect
        id={id}
        fill
        value={value}
        disabled={readOnly}
        onChange={(e) =>
          actor.send({ type: 'product.change', field: 'category', value: e.currentTarget.value })
        }
        {...describedBy(id, error)}
      >
        <option value="">{t('products.categoryNone')}</option>
        {groups.map((g) => (
          <optgroup key={g.family} label={familyLabel(g.family)}>
            {g.categories.map((c) => (
              <option key={c.uuid} value={c.uuid}>
                {c.name}
              </option>
            ))}
          </optgroup>
        ))}
      </HTMLSelect>
    </Field>
  );
}
