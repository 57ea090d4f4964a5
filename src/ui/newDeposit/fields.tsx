import { Checkbox, FormGroup, HTMLSelect, Intent, Radio, RadioGroup } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '../../domain/newDeposit/depositForm.ts';
import { choiceKey, errorKey } from './choices.ts';

interface FieldProps {
  readonly id: string;
  readonly label: string;
  readonly error: FieldError | undefined;
  readonly optional?: boolean;
  readonly hint?: string;
  readonly children: ReactNode;
}

/** A labelled field with its message below; the message is linked for screen readers. */
export function Field({ id, label, error, optional, hint, children }: FieldProps) {
  const { t } = useTranslation();
  return (
    <FormGroup
      label={label}
      labelFor={id}
      labelInfo={optional ? t('newDeposit.optional') : undefined}
      intent={error ? Intent.DANGER : Intent.NONE}
      helperText={
        error ? (
          <span id={`${id}-error`} role="alert" data-testid={`${id}-error`}>
            {t(errorKey(error))}
          </span>
        ) : (
          hint
        )
      }
    >
      {children}
    </FormGroup>
  );
}

interface ChoiceProps {
  readonly id: string;
  readonly label: string;
  readonly area: string;
  readonly choices: readonly string[];
  readonly value: string;
  readonly error: FieldError | undefined;
  readonly disabled: boolean;
  readonly onChange: (value: string) => void;
}

/** One choice among many: a native select, which phones show as their own picker. */
export function ChoiceSelect({
  id,
  label,
  area,
  choices,
  value,
  error,
  disabled,
  onChange,
}: ChoiceProps) {
  const { t } = useTranslation();
  return (
    <Field id={id} label={label} error={error}>
      <HTMLSelect
        id={id}
        fill
        value={value}
        disabled={disabled}
        aria-invalid={error !== undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.currentTarget.value)}
      >
        <option value="">{t('newDepositField.choose')}</option>
        {choices.map((c) => (
          <option key={c} value={c}>
            {t(choiceKey(area, c))}
          </option>
        ))}
      </HTMLSelect>
    </Field>
  );
}

/** One choice among few: radio buttons (arrow keys move between them). */
export function ChoiceRadios({
  id,
  label,
  area,
  choices,
  value,
  error,
  disabled,
  onChange,
}: ChoiceProps) {
  const { t } = useTranslation();
  return (
    <FormGroup
      intent={error ? Intent.DANGER : Intent.NONE}
      helperText={
        error && (
          <span id={`${id}-error`} role="alert" data-testid={`${id}-error`}>
            {t(errorKey(error))}
          </span>
        )
      }
    >
      <RadioGroup
        name={id}
        label={label}
        selectedValue={value}
        disabled={disabled}
        onChange={(e) => onChange(e.currentTarget.value)}
      >
        {choices.map((c) => (
          <Radio key={c} value={c} label={t(choiceKey(area, c))} data-testid={`${id}-${c}`} />
        ))}
      </RadioGroup>
    </FormGroup>
  );
}

interface ChecksProps {
  readonly id: string;
  readonly legend: string;
  readonly items: readonly { value: string; label: string }[];
  readonly selected: readonly string[];
  readonly error: FieldError | undefined;
  readonly disabled: boolean;
  readonly optional?: boolean;
  readonly inline?: boolean;
  readonly onToggle: (value: string) => void;
  readonly children?: ReactNode;
}

/** Several choices: a fieldset of checkboxes, each reachable by Tab and ticked by Space. */
export function CheckList({
  id,
  legend,
  items,
  selected,
  error,
  disabled,
  optional,
  inline,
  onToggle,
  children,
}: ChecksProps) {
  const { t } = useTranslation();
  return (
    <fieldset
      className="seconde-new-deposit-fieldset"
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend>
        {legend} {optional && <span className="bp6-text-muted">{t('newDeposit.optional')}</span>}
      </legend>
      {children}
      <div
        className={inline ? 'seconde-new-deposit-inline' : 'seconde-new-deposit-scroll'}
        data-testid={id}
      >
        {items.map((item) => (
          <Checkbox
            key={item.value}
            label={item.label}
            checked={selected.includes(item.value)}
            disabled={disabled}
            inline={inline}
            onChange={() => onToggle(item.value)}
          />
        ))}
      </div>
      {error && (
        <p
          id={`${id}-error`}
          role="alert"
          className="bp6-form-helper-text seconde-new-deposit-error"
          data-testid={`${id}-error`}
        >
          {t(errorKey(error))}
        </p>
      )}
    </fieldset>
  );
}
