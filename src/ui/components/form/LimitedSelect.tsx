import { Checkbox, Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import './form.css';
import type { ChipOption } from './ChipSelector.tsx';
import { toggleSelection, truncateSelection } from './select.ts';

export interface LimitedSelectProps<T extends string> {
  readonly id: string;
  /** Already translated. */
  readonly label: string;
  readonly options: readonly ChipOption<T>[];
  readonly value: readonly T[];
  readonly onChange: (value: T[]) => void;
  /** At most this many entries; a longer selection is cut to its first `max`. */
  readonly max?: number;
  readonly disabled?: boolean;
}

/**
 * A multiple select with a maximum, as a group of Blueprint checkboxes (keyboard and screen reader
 * friendly at 360 px, unlike a native multi-select): the selection shown is truncated to the
 * maximum, and once full the other entries wait until one is unticked.
 */
export function LimitedSelect<T extends string>({
  id,
  label,
  options,
  value,
  onChange,
  max,
  disabled,
}: LimitedSelectProps<T>) {
  const { t } = useTranslation();
  const selected = truncateSelection(value, max);
  const full = max !== undefined && selected.length >= max;
  const order = options.map((o) => o.value);
  return (
    <fieldset id={id} className="seconde-limited-select" data-testid="limited-select">
      <legend>
        {label}
        {max !== undefined && (
          <span className={Classes.TEXT_MUTED}>
            {' '}
            {t('forms.chosenOfMax', { count: selected.length, max })}
          </span>
        )}
      </legend>
      {options.map((option) => {
        const checked = selected.includes(option.value);
        return (
          <Checkbox
            key={option.value}
            label={option.label}
            checked={checked}
            disabled={disabled || (full && !checked)}
            onChange={(e) =>
              onChange(toggleSelection(selected, option.value, e.currentTarget.checked, order, max))
            }
          />
        );
      })}
    </fieldset>
  );
}
