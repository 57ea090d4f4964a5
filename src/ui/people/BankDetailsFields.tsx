import { Button, Classes, FormGroup, H2, InputGroup, Intent } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { isMaskedIban, type CustomerField } from '../../machines/people/customerForm.ts';
import '../payouts/payouts.css';
import type { CustomerActor } from './CustomerInfo.tsx';

const FIELDS: ReadonlyArray<{
  field: Extract<CustomerField, 'iban' | 'bic' | 'accountHolder'>;
  label: string;
  help?: string;
  autoComplete: string;
}> = [
  { field: 'accountHolder', label: 'payouts.accountHolder', autoComplete: 'off' },
  { field: 'iban', label: 'payouts.iban', help: 'payouts.ibanHelp', autoComplete: 'off' },
  { field: 'bic', label: 'payouts.bic', autoComplete: 'off' },
];

/**
 * The bank details of the customer form: account holder, IBAN (grouped by four as typed) and BIC,
 * checked as typed by the shared rules; a refusal shows on its field. A masked IBAN from the
 * server is read-only with a way to replace it, so it is never sent back.
 */
export function BankDetailsFields({
  actor,
  errorOf,
}: {
  actor: CustomerActor;
  errorOf: (field: CustomerField) => string | undefined;
}) {
  const { t } = useTranslation();
  const draft = useSelector(actor, (s) => s.context.draft);
  if (!draft) return null;
  const change = (field: CustomerField, value: string) =>
    actor.send({ type: 'customer.change', field, value });

  return (
    <fieldset className="seconde-fieldset" data-testid="bank-details">
      <legend>
        <H2 className="seconde-fieldset-title">{t('payouts.bankDetails')}</H2>
      </legend>
      <p className={Classes.TEXT_MUTED}>{t('payouts.bankDetailsHelp')}</p>
      {FIELDS.map(({ field, label, help, autoComplete }) => {
        const error = errorOf(field);
        const id = `customer-${field}`;
        const helpId = `${id}-help`;
        const masked = field === 'iban' && isMaskedIban(draft.iban);
        const helperText = error ?? (masked ? t('payouts.ibanOnFile') : help ? t(help) : undefined);
        return (
          <FormGroup
            key={field}
            label={t(label)}
            labelFor={id}
            labelInfo={t('payouts.optional')}
            helperText={helperText && <span id={helpId}>{helperText}</span>}
            intent={error ? Intent.DANGER : Intent.NONE}
          >
            <InputGroup
              id={id}
              value={draft[field]}
              readOnly={masked}
              spellCheck={false}
              autoComplete={autoComplete}
              intent={error ? Intent.DANGER : Intent.NONE}
              aria-invalid={error !== undefined}
              aria-describedby={helperText ? helpId : undefined}
              className={field === 'accountHolder' ? undefined : 'seconde-monospace'}
              onValueChange={(value) => change(field, value)}
              rightElement={
                masked ? (
                  <Button
                    variant="minimal"
                    icon="edit"
                    text={t('payouts.replaceIban')}
                    data-testid="iban-replace"
                    onClick={() => {
                      change('iban', '');
                      document.getElementById(id)?.focus();
                    }}
                  />
                ) : undefined
              }
            />
          </FormGroup>
        );
      })}
    </fieldset>
  );
}
