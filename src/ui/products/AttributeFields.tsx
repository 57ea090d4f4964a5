import { H2, HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { flattenOptions, type CategoryAttributeField } from '../../domain/products/index.ts';
import { selectAttributeFields } from '../../machines/product/productSelectors.ts';
import { CheckboxGroup } from './CheckboxGroup.tsx';
import { describedBy, Field, useFieldError } from './Field.tsx';
import { sameJson, useProduct, useProductActor } from './productContext.ts';

/** The category's attributes: a select for a single choice, checkboxes up to the limit otherwise. */
export function AttributeFields({ readOnly }: { readonly readOnly: boolean }) {
  const { t } = useTranslation();
  const fields = useProduct(selectAttributeFields, sameJson);
  if (fields.length === 0) return null;
  return (
    <section aria-labelledby="product-attributes-title" data-testid="product-attributes">
      <H2 id="product-attributes-title">{t('products.sectionAttributes')}</H2>
      {fields.map((f) => (
        <AttributeField key={f.attribute.code} field={f} readOnly={readOnly} />
      ))}
    </section>
  );
}

function AttributeField({
  field: { attribute, required, maxSelected },
  readOnly,
}: {
  readonly field: CategoryAttributeField;
  readonly readOnly: boolean;
}) {
  const { t } = useTranslation();
  const actor = useProductActor();
  const key = `attribute.${attribute.code}`;
  const value = useProduct((s) => s.context.draft?.attributes[attribute.code] ?? [], sameJson);
  const error = useFieldError(key);
  const id = `product-attribute-${attribute.code}`;
  const options = flattenOptions(attribute.options).map((o) => ({
    value: o.marketplaceId,
    label: o.title,
  }));
  const send = (ids: readonly number[]) =>
    actor.send({ type: 'product.changeAttribute', code: attribute.code, value: ids });
  if (maxSelected === 1)
    return (
      <Field
        id={id}
        label={attribute.title}
        error={error}
        required={required}
        helperText={attribute.description}
      >
        <HTMLSelect
          id={id}
          fill
          value={value[0] === undefined ? '' : String(value[0])}
          disabled={readOnly}
          onChange={(e) =>
            send(e.currentTarget.value === '' ? [] : [Number(e.currentTarget.value)])
          }
          {...describedBy(id, error)}
        >
          <option value="">{attribute.placeholder || t('products.notSet')}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </HTMLSelect>
      </Field>
    );
  return (
    <CheckboxGroup
      id={id}
      legend={attribute.title}
      description={attribute.description}
      options={options}
      value={value}
      onChange={send}
      max={maxSelected}
      error={error}
      required={required}
      disabled={readOnly}
    />
  );
}
