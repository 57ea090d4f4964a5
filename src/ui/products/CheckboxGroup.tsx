import { Checkbox, Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { toggleSelection, truncateSelection } from '../components/form/select.ts';

export interface CheckboxGroupProps<T extends string | number> {
  readonly id: string;
  /** Already translated. */
  readonly legend: string;
  readonly options: readonly { readonly value: T; readonly label: string }[];
  readonly value: readonly T[];
  readonly onChange: (value: T[]) => void;
  /** At most this many; 0 or undefined: no limit. */
  readonly max?: number;
  readonly error: string | null;
  readonly required?: boolean;
  readonly disabled?: boolean;
  /** Already translated help under the legend. */
  readonly description?: string;
}

/**
 * A multiple choice as a fieldset of checkboxes (keyboard and screen reader friendly on a phone):
 * once the maximum is reached the other boxes wait; the error is named by aria-describedby.
 */
export function CheckboxGroup<T extends string | number>({
  id,
  legend,
  options,
  value,
  onChange,
  max,
  error,
  required,
  disabled,
  description,
}: CheckboxGroupProps<T>) {
  const { t } = useTranslation();
  const limit = max && max > 0 ? max : undefined;
  const selected = truncateSelection(value, limit);
  const full = limit !== undefined && selected.length >= limit;
  const order = options.map((o) => o.value);
  const describedBy = [description ? `${id}-help` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <fieldset
      id={id}
      className="seconde-product-choices"
      aria-describedby={describedBy || undefined}
      aria-invalid={error ? true : undefined}
      data-testid={id}
    >
      <legend>
        {legend}
        {!required && <span className={Classes.TEXT_MUTED}> ({t('forms.optional')})</span>}
        {limit !== undefined && (
          <span className={Classes.TEXT_MUTED}>
            {' '}
            {t('forms.chosenOfMax', { count: selected.length, max: limit })}
          </span>
        )}
      </legend>
      {description && (
        <p id={`${id}-help`} className={Classes.TEXT_MUTED}>
          {description}
        </p>
      )}
      <div className="seconde-product-choice-list">
        {options.map((option) => {
          const checked = selected.includes(option.value);
          return (
            <Checkbox
              key={String(option.value)}
              label={option.label}
              checked={checked}
              disabled={disabled || (full && !checked)}
              onChange={(e) =>
                onChange(
                  toggleSelection(selected, option.value, e.currentTarget.checked, order, limit),
                )
              }
            />
          );
        })}
      </div>
      {error && (
        <p
          id={`${id}-error`}
          role="alert"
          className="seconde-product-error"
          data-testid="field-error"
        >
          {error}
        </p>
      )}
    </fieldset>
  );
}
