import {
  Button,
  Card,
  Checkbox,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
} from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CONTACT_WAYS,
  DOCUMENT_LANGUAGES,
  type CustomerField,
} from '../../machines/people/customerForm.ts';
import { labelKey } from '../../machines/people/labels.ts';
import { reasonKey } from '../../machines/payouts/payoutReasons.ts';
import { selectRole } from '../../machines/session/selectors.ts';
import { useSession } from '../app/sessionContext.ts';
import { BankDetailsFields } from './BankDetailsFields.tsx';
import type { CustomerActor } from './CustomerInfo.tsx';

const TEXT_FIELDS: ReadonlyArray<{
  field: CustomerField;
  label: string;
  type?: string;
  required?: boolean;
}> = [
  { field: 'firstName', label: 'people.firstName', required: true },
  { field: 'lastName', label: 'people.lastName', required: true },
  { field: 'email', label: 'people.email', type: 'email', required: true },
  { field: 'phoneNumber', label: 'people.phone', type: 'tel' },
  { field: 'address', label: 'people.address' },
  { field: 'postalCode', label: 'people.postalCode' },
  { field: 'city', label: 'people.city' },
];

/** The customer information form: field rules come from the machine, texts in both languages. */
export function CustomerForm({ actor }: { actor: CustomerActor }) {
  const { t } = useTranslation();
  const draft = useSelector(actor, (s) => s.context.draft);
  const errors = useSelector(actor, (s) => s.context.fieldErrors);
  const touched = useSelector(actor, (s) => s.context.touched);
  const saving = useSelector(actor, (s) => s.matches('saving'));
  const canSave = useSelector(actor, (s) => s.can({ type: 'customer.save' }));
  // The e-mail is how a customer is recognised (public form, sign-in): only staff and vendors change it.
  const emailLocked = useSession(selectRole) === 'Customer';
  const hasErrors = Object.keys(errors).length > 0;
  // A refusal the server put on a field takes the focus there.
  useEffect(() => {
    const refused = actor.on('customer.fieldRefused', (e) =>
      document.getElementById(`customer-${e.field}`)?.focus(),
    );
    return () => refused.unsubscribe();
  }, [actor]);
  if (!draft) return null;
  const change = (field: CustomerField, value: string | boolean) =>
    actor.send({ type: 'customer.change', field, value });
  const errorOf = (field: CustomerField) => {
    const code = touched.includes(field) ? errors[field] : undefined;
    // Bank reasons are the payout area's, shared with the server's refusals.
    return code ? t(reasonKey(code) ?? labelKey('people.validation', code)) : undefined;
  };

  return (
    <Card>
      <form
        data-testid="customer-form"
        noValidate
        aria-label={t('people.editInformation')}
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'customer.save' });
        }}
      >
        {TEXT_FIELDS.map(({ field, label, type, required }) => {
          const error = errorOf(field);
          const id = `customer-${field}`;
          return (
            <FormGroup
              key={field}
              label={t(label)}
              labelFor={id}
              labelInfo={required ? t('people.required') : t('people.optional')}
              helperText={error}
              intent={error ? Intent.DANGER : Intent.NONE}
            >
              <InputGroup
                id={id}
                type={type ?? 'text'}
                value={String(draft[field])}
                intent={error ? Intent.DANGER : Intent.NONE}
                aria-invalid={error !== undefined}
                aria-required={required}
                readOnly={field === 'email' && emailLocked}
                placeholder={field === 'phoneNumber' ? t('people.phonePlaceholder') : undefined}
                onValueChange={(value) => change(field, value)}
              />
            </FormGroup>
          );
        })}
        <FormGroup
          label={t('people.contactWay')}
          labelFor="customer-contactWay"
          labelInfo={t('people.optional')}
        >
          <HTMLSelect
            id="customer-contactWay"
            value={draft.preferedContactWay}
            onChange={(e) => change('preferedContactWay', e.currentTarget.value)}
            options={[
              { value: '', label: t('people.notChosen') },
              ...CONTACT_WAYS.map((way) => ({
                value: way,
                label: t(labelKey('peopleEnum.contactWay', way)),
              })),
            ]}
          />
        </FormGroup>
        {/* A vendor chooses the language of their depositor's statements and receipts. */}
        {!emailLocked && (
          <FormGroup
            label={t('people.documentLanguage')}
            labelFor="customer-language"
            helperText={t('people.documentLanguageHelp')}
          >
            <HTMLSelect
              id="customer-language"
              value={draft.language || 'fr'}
              onChange={(e) => change('language', e.currentTarget.value)}
              options={DOCUMENT_LANGUAGES.map((language) => ({
                value: language,
                label: t(language === 'fr' ? 'language.frName' : 'language.enName'),
              }))}
            />
          </FormGroup>
        )}
        <Checkbox
          checked={draft.acceptHomeTakeAway}
          label={t('people.homeTakeAway')}
          onChange={(e) => change('acceptHomeTakeAway', e.currentTarget.checked)}
        />
        <Checkbox
          checked={draft.acceptSendPostal}
          label={t('people.sendPostal')}
          onChange={(e) => change('acceptSendPostal', e.currentTarget.checked)}
        />
        {/* Bank details are their vendor's to enter, not the customer's (docs/decisions.md). */}
        {!emailLocked && <BankDetailsFields actor={actor} errorOf={errorOf} />}
        <div className="seconde-form-actions">
          <Button
            type="submit"
            intent={Intent.PRIMARY}
            icon="floppy-disk"
            text={t('people.save')}
            loading={saving}
            disabled={!canSave && !hasErrors}
            data-testid="customer-save"
          />
          <Button
            text={t('people.cancel')}
            disabled={saving}
            onClick={() => actor.send({ type: 'customer.cancel' })}
          />
        </div>
      </form>
    </Card>
  );
}
