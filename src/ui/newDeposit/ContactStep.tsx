import { InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  CONTACT_WAYS,
  TIMES_BEFORE_CONTACT,
  validateContact,
  type ContactField,
} from '../../domain/newDeposit/depositForm.ts';
import { ChoiceRadios, Field } from './fields.tsx';
import { useNewDeposit, useNewDepositActor } from './newDepositContext.ts';
import { StepFrame, useBusy, useStepErrors } from './StepFrame.tsx';

const TEXT_FIELDS: ReadonlyArray<{
  field: Exclude<ContactField, 'preferedContactWay' | 'timeBeforeContact'>;
  type: string;
  autoComplete: string;
  inputMode?: 'email' | 'tel';
  placeholder?: string;
}> = [
  { field: 'firstName', type: 'text', autoComplete: 'given-name' },
  { field: 'lastName', type: 'text', autoComplete: 'family-name' },
  {
    field: 'email',
    type: 'email',
    autoComplete: 'email',
    inputMode: 'email',
    placeholder: 'newDepositField.emailPlaceholder',
  },
  {
    field: 'phoneNumber',
    type: 'tel',
    autoComplete: 'tel',
    inputMode: 'tel',
    placeholder: 'newDepositField.phonePlaceholder',
  },
];

/** Step 1: who the visitor is and how to reach them. */
export function ContactStep() {
  const { t } = useTranslation();
  const actor = useNewDepositActor();
  const contact = useNewDeposit((s) => s.context.contact);
  const busy = useBusy();
  const errors = useStepErrors((c) => validateContact(c.contact));
  const edit = (field: ContactField, value: string) =>
    actor.send({ type: 'newDeposit.editContact', field, value });

  return (
    <StepFrame step="contact">
      {TEXT_FIELDS.map(({ field, type, autoComplete, inputMode, placeholder }) => (
        <Field
          key={field}
          id={`contact-${field}`}
          label={t(`newDepositField.${field}`)}
          error={errors[field]}
        >
          <InputGroup
            id={`contact-${field}`}
            type={type}
            inputMode={inputMode}
            autoComplete={autoComplete}
            placeholder={placeholder ? t(placeholder) : undefined}
            value={contact[field]}
            intent={errors[field] ? 'danger' : 'none'}
            aria-invalid={errors[field] !== undefined}
            aria-describedby={errors[field] ? `contact-${field}-error` : undefined}
            onValueChange={(value) => edit(field, value)}
          />
        </Field>
      ))}
      <ChoiceRadios
        id="contact-preferedContactWay"
        label={t('newDepositField.preferedContactWay')}
        area="newDepositContactWay"
        choices={CONTACT_WAYS}
        value={contact.preferedContactWay}
        error={errors.preferedContactWay}
        disabled={busy}
        onChange={(value) => edit('preferedContactWay', value)}
      />
      <ChoiceRadios
        id="contact-timeBeforeContact"
        label={t('newDepositField.timeBeforeContact')}
        area="newDepositTime"
        choices={TIMES_BEFORE_CONTACT}
        value={contact.timeBeforeContact}
        error={errors.timeBeforeContact}
        disabled={busy}
        onChange={(value) => edit('timeBeforeContact', value)}
      />
    </StepFrame>
  );
}
