import { FormGroup, Intent, Tag } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isOptional, type FieldRule } from './rules.ts';

export interface FormFieldProps {
  /** Already translated. */
  readonly label: string;
  /** Id of the control the label names. */
  readonly labelFor: string;
  /** The field's rules; none means optional, and the label says so. */
  readonly rules?: readonly FieldRule<never>[];
  /** Translation key of the current error (from `firstError`), or null. */
  readonly errorKey?: string | null;
  /** Already translated help under the field. */
  readonly helperText?: string;
  readonly children: ReactNode;
}

/**
 * A labelled field over Blueprint's FormGroup: 'optional' beside the label of a field without
 * rules, the error message under a failing one (announced, and tied to the control by id).
 */
export function FormField({
  label,
  labelFor,
  rules,
  errorKey,
  helperText,
  children,
}: FormFieldProps) {
  const { t } = useTranslation();
  const error = errorKey ? t(errorKey) : null;
  return (
    <FormGroup
      label={label}
      labelFor={labelFor}
      labelInfo={
        isOptional(rules) ? (
          <Tag minimal round data-testid="optional-tag">
            {t('forms.optional')}
          </Tag>
        ) : undefined
      }
      intent={error ? Intent.DANGER : Intent.NONE}
      helperText={
        error ? (
          <span id={`${labelFor}-error`} role="alert" data-testid="field-error">
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
