import { Button, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import './form.css';
import { toggleChip } from './chips.ts';

export interface ChipOption<T extends string> {
  readonly value: T;
  /** Already translated. */
  readonly label: string;
}

export interface ChipSelectorProps<T extends string> {
  /** Already translated; names the group for screen readers. */
  readonly label: string;
  readonly options: readonly ChipOption<T>[];
  readonly value: readonly T[];
  readonly onChange: (value: T[]) => void;
  /** Several chips may be picked; otherwise a pick replaces the choice. */
  readonly multiple?: boolean;
  /** In multiple mode: when full, a new pick replaces the last one. */
  readonly max?: number;
  readonly disabled?: boolean;
}

/** Chips to pick from (toggle buttons), with the maximum of 1-app-shell.md §5. */
export function ChipSelector<T extends string>({
  label,
  options,
  value,
  onChange,
  multiple = false,
  max,
  disabled,
}: ChipSelectorProps<T>) {
  const { t } = useTranslation();
  return (
    <div role="group" aria-label={label} className="seconde-chips" data-testid="chip-selector">
      {options.map((option) => {
        const picked = value.includes(option.value);
        return (
          <Button
            key={option.value}
            size="small"
            active={picked}
            intent={picked ? Intent.PRIMARY : Intent.NONE}
            icon={picked ? 'tick' : undefined}
            aria-pressed={picked}
            disabled={disabled}
            text={option.label}
            className="seconde-chip"
            onClick={() => onChange(toggleChip(value, option.value, { multiple, max }))}
          />
        );
      })}
      {multiple && max !== undefined && (
        <span className="seconde-chips-count" aria-live="polite">
          {t('forms.chosenOfMax', { count: value.length, max })}
        </span>
      )}
    </div>
  );
}
