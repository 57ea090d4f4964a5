import {
  Checkbox,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  Radio,
  RadioGroup,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Answer, Question } from '../../machines/onboarding/onboardingSteps.ts';

export interface QuestionFieldProps {
  readonly question: Question;
  readonly value: Answer | undefined;
  /** Shown as unanswered after a refused "next". */
  readonly missing: boolean;
  /** The server refused this answer (a sponsor code): the reason is shown under the form. */
  readonly refused?: boolean;
  readonly disabled: boolean;
  readonly onAnswer: (value: Answer) => void;
}

/**
 * One onboarding question over Blueprint: a radio group for a few choices, a select for a longer
 * list, a checkbox for a yes/no. Required questions say so when left unanswered; the others are
 * marked optional.
 */
export function QuestionField({
  question,
  value,
  missing,
  refused = false,
  disabled,
  onAnswer,
}: QuestionFieldProps) {
  const { t } = useTranslation();
  const { field, kind, options, required } = question;
  const id = `onboarding-${field}`;
  const label = t(`onboarding.${field}Question`);
  const optionText = (item: string) =>
    t(`onboarding.${field}${item.charAt(0).toUpperCase()}${item.slice(1)}`);
  const helper = missing ? (
    <span id={`${id}-error`} role="alert">
      {t('onboarding.required')}
    </span>
  ) : undefined;
  const common = {
    'aria-invalid': missing || undefined,
    'aria-describedby': missing ? `${id}-error` : undefined,
    'aria-required': required || undefined,
  };

  if (kind === 'checkbox')
    return (
      <Checkbox
        className="seconde-onboarding-question"
        checked={value === true}
        disabled={disabled}
        label={label}
        onChange={(e) => onAnswer(e.currentTarget.checked)}
        data-testid={id}
      />
    );

  if (kind === 'text')
    return (
      <FormGroup
        className="seconde-onboarding-question"
        label={label}
        labelFor={id}
        labelInfo={t('onboarding.optional')}
        helperText={<span id={`${id}-help`}>{t(`onboarding.${field}Help`)}</span>}
        intent={refused ? Intent.DANGER : Intent.NONE}
      >
        <InputGroup
          id={id}
          value={typeof value === 'string' ? value : ''}
          disabled={disabled}
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
          intent={refused ? Intent.DANGER : Intent.NONE}
          aria-invalid={refused || undefined}
          aria-describedby={refused ? `${id}-help onboarding-error` : `${id}-help`}
          onValueChange={(text) => onAnswer(text)}
          data-testid={id}
        />
      </FormGroup>
    );

  if (kind === 'select')
    return (
      <FormGroup
        className="seconde-onboarding-question"
        label={label}
        labelFor={id}
        labelInfo={required ? undefined : t('onboarding.optional')}
        intent={missing ? Intent.DANGER : Intent.NONE}
        helperText={helper}
      >
        <HTMLSelect
          id={id}
          fill
          value={typeof value === 'string' ? value : ''}
          disabled={disabled}
          onChange={(e) => onAnswer(e.currentTarget.value || null)}
          data-testid={id}
          {...common}
        >
          <option value="">{t('onboarding.choose')}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {optionText(o.item)}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
    );

  return (
    <FormGroup
      className="seconde-onboarding-question"
      intent={missing ? Intent.DANGER : Intent.NONE}
      helperText={helper}
    >
      <RadioGroup
        label={label}
        name={id}
        selectedValue={typeof value === 'string' ? value : undefined}
        disabled={disabled}
        onChange={(e) => onAnswer(e.currentTarget.value)}
        data-testid={id}
        {...common}
      >
        {options.map((o) => (
          <Radio key={o.value} value={o.value} label={optionText(o.item)} />
        ))}
      </RadioGroup>
    </FormGroup>
  );
}
