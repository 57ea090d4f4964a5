import { FormGroup, H2, InputGroup, Intent } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { reasonKey } from '../../machines/payouts/payoutReasons.ts';
import type { DebtorField } from '../../machines/payouts/payoutTypes.ts';
import { debtorProblems } from '../../machines/payouts/sepaBatchMachine.ts';
import type { BatchActor } from './SepaBatchView.tsx';

const DEBTOR_FIELDS: ReadonlyArray<{ field: DebtorField; label: string; optional?: boolean }> = [
  { field: 'name', label: 'payouts.debtorName' },
  { field: 'iban', label: 'payouts.iban' },
  { field: 'bic', label: 'payouts.bic', optional: true },
];

/** The vendor's own account: shown when on file, asked for otherwise. */
export function DebtorFields({ actor }: { actor: BatchActor }) {
  const { t } = useTranslation();
  const onFile = useSelector(actor, (s) => s.context.debtorOnFile);
  const debtor = useSelector(actor, (s) => s.context.debtor);
  const creating = useSelector(actor, (s) => s.matches('creating'));
  if (onFile)
    return (
      <p data-testid="batch-debtor">
        {t('payouts.debtorOnFile', { name: onFile.name, iban: onFile.ibanMasked })}
      </p>
    );
  const problems = debtorProblems(debtor);
  return (
    <fieldset className="seconde-fieldset" data-testid="batch-debtor">
      <legend>
        <H2 className="seconde-fieldset-title">{t('payouts.debtorLegend')}</H2>
      </legend>
      <p>{t('payouts.debtorHelp')}</p>
      <div className="seconde-batch-options">
        {DEBTOR_FIELDS.map(({ field, label, optional }) => {
          const id = `debtor-${field}`;
          // An empty field is only wrong once something was typed elsewhere in the account.
          const typed = debtor[field].trim() !== '';
          const reason = problems[field];
          const error = reason && (typed || reason !== 'REQUIRED') ? reason : undefined;
          return (
            <FormGroup
              key={field}
              label={t(label)}
              labelFor={id}
              labelInfo={t(optional ? 'payouts.optional' : 'payouts.required')}
              helperText={error ? <span id={`${id}-help`}>{t(reasonKey(error)!)}</span> : undefined}
              intent={error ? Intent.DANGER : Intent.NONE}
            >
              <InputGroup
                id={id}
                value={debtor[field]}
                disabled={creating}
                spellCheck={false}
                aria-required={!optional}
                aria-invalid={error !== undefined}
                aria-describedby={error ? `${id}-help` : undefined}
                onValueChange={(value) => actor.send({ type: 'batch.debtor', field, value })}
              />
            </FormGroup>
          );
        })}
      </div>
    </fieldset>
  );
}
