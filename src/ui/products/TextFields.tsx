import { HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { TextField } from '../../machines/product/productTypes.ts';
import { describedBy, Field, useFieldError } from './Field.tsx';
import { useProduct, useProductActor } from './productContext.ts';

interface DraftFieldProps {
  readonly field: TextField;
  /** Translation key of the label. */
  readonly labelKey: string;
  readonly required?: boolean;
  readonly readOnly: boolean;
  readonly inputMode?: 'decimal' | 'numeric' | 'text';
  readonly multiline?: boolean;
}

const useDraftValue = (field: TextField) => useProduct((s) => s.context.draft?.[field] ?? '');

/** One text field of the draft (numbers are typed as text and checked by the machine). */
export function DraftInput({
  field,
  labelKey,
  required,
  readOnly,
  inputMode,
  multiline,
}: DraftFieldProps) {
  const { t } = useTranslation();
  const actor = useProductActor();
  const value = useDraftValue(field);
  const error = useFieldError(field);
  const id = `product-${field}`;
  const change = (value: string) => actor.send({ type: 'product.change', field, value });
  return (
    <Field id={id} label={t(labelKey)} error={error} required={required}>
      {multiline ? (
        <TextArea
          id={id}
          fill
          value={value}
          readOnly={readOnly}
          onChange={(e) => change(e.currentTarget.value)}
          {...describedBy(id, error)}
        />
      ) : (
        <InputGroup
          id={id}
          value={value}
          readOnly={readOnly}
          inputMode={inputMode}
          required={required}
          onValueChange={change}
          {...describedBy(id, error)}
        />
      )}
    </Field>
  );
}

export interface Choice {
  readonly value: string;
  /** Already translated. */
  readonly label: string;
}

interface DraftSelectProps extends Omit<DraftFieldProps, 'inputMode' | 'multiline'> {
  readonly choices: readonly Choice[];
  /** Translation key of the empty choice. */
  readonly noneKey: string;
}

/** One single-choice field of the draft, as a native select (phones show their own picker). */
export function DraftSelect({
  field,
  labelKey,
  required,
  readOnly,
  choices,
  noneKey,
}: DraftSelectProps) {
  const { t } = useTranslation();
  const actor = useProductActor();
  const value = useDraftValue(field);
  const error = useFieldError(field);
  const id = `product-${field}`;
  return (
    <Field id={id} label={t(labelKey)} error={error} required={required}>
      <HTMLSelect
        id={id}
        fill
        value={value}
        disabled={readOnly}
        onChange={(e) =>
          actor.send({ type: 'product.change', field, value: e.currentTarget.value })
        }
        {...describedBy(id, error)}
      >
        <option value="">{t(noneKey)}</option>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </HTMLSelect>
    </Field>
  );
}
