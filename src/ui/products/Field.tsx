import { FormGroup, Intent, Tag } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { selectFieldError } from '../../machines/product/productSelectors.ts';
import type { FieldError } from '../../machines/product/productTypes.ts';
import { sameJson, useProduct } from './productContext.ts';

/** The error text of a field: the reference data's own message, else the translated key. */
export function useFieldError(field: string): string | null {
  const { t } = useTranslation();
  const error = useProduct((s) => selectFieldError(s, field), sameJson) as FieldError | null;
  if (!error) return null;
  return error.text ?? t(error.key, error.values);
}

/** Props a control takes so that its error is announced with it. */
export function describedBy(id: string, error: string | null) {
  return error ? { 'aria-describedby': `${id}-error`, 'aria-invalid': true } : {};
}

export interface FieldProps {
  readonly id: string;
  /** Already translated. */
  readonly label: string;
  readonly error: string | null;
  readonly required?: boolean;
  readonly helperText?: ReactNode;
  readonly children: ReactNode;
}

/**
 * A labelled product field: 'optional' beside the label of a field that is not required, the
 * error under it (announced, and named by the control's aria-describedby).
 */
export function Field({ id, label, error, required, helperText, children }: FieldProps) {
  const { t } = useTranslation();
  return (
    <FormGroup
      label={label}
      labelFor={id}
      labelInfo={
        required ? undefined : (
          <Tag minimal round>
            {t('forms.optional')}
          </Tag>
        )
      }
      intent={error ? Intent.DANGER : Intent.NONE}
      helperText={
        error ? (
          <span id={`${id}-error`} role="alert" data-testid="field-error">
            {error}
          </span>
        ) : (
          helperText
        )
      }
    >
      {children}
    </FormGroup>
  );
}
