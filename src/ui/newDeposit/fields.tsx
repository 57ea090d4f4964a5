import { Checkbox, FormGroup, HTMLSelect, Intent, Radio, RadioGroup } from '@blueprintjs/core';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
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
          <Radio
            key={c}
            value={c}
            label={t(choiceKey(area, c))}
            data-testid={`${id}-${c}`}
            aria-invalid={error !== undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
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

const NEXT_KEYS = ['ArrowDown', 'ArrowRight'];
const PREVIOUS_KEYS = ['ArrowUp', 'ArrowLeft'];

/**
 * Several choices: a fieldset of checkboxes ticked by Space. A long list (not `inline`) is one
 * stop of the Tab key: arrow keys, Home and End move between its boxes (a roving tabindex), so
 * the long category and brand lists do not take a Tab press per item.
 */
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
  const [focused, setFocused] = useState<string | null>(null);
  const roving = !inline;
  // The stop of the list: the box last focused, else the first ticked, else the first.
  const stop = [focused, selected.find((v) => items.some((i) => i.value === v))].find(
    (v) => v && items.some((i) => i.value === v),
  );
  const stopIndex = Math.max(
    0,
    items.findIndex((i) => i.value === stop),
  );
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!roving) return;
    const boxes = Array.from(
      e.currentTarget.querySelectorAll<HTMLInputElement>('input[type="checkbox"]'),
    );
    const at = boxes.indexOf(e.target as HTMLInputElement);
    if (at < 0) return;
    const to = NEXT_KEYS.includes(e.key)
      ? Math.min(at + 1, boxes.length - 1)
      : PREVIOUS_KEYS.includes(e.key)
        ? Math.max(at - 1, 0)
        : e.key === 'Home'
          ? 0
          : e.key === 'End'
            ? boxes.length - 1
            : null;
    if (to === null) return;
    e.preventDefault();
    boxes[to]?.focus();
  };
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
        role={roving ? 'group' : undefined}
        aria-label={roving ? legend : undefined}
        aria-keyshortcuts={roving ? 'ArrowUp ArrowDown Home End' : undefined}
        onKeyDown={onKeyDown}
      >
        {items.map((item, index) => (
          <Checkbox
            key={item.value}
            label={item.label}
            checked={selected.includes(item.value)}
            disabled={disabled}
            inline={inline}
            tabIndex={roving && index !== stopIndex ? -1 : undefined}
            // The first box carries the group's message, so focusing it reads why.
            aria-invalid={index === (roving ? stopIndex : 0) && error !== undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onFocus={() => setFocused(item.value)}
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
