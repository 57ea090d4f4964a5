import {
  Button,
  Callout,
  Card,
  Checkbox,
  FormGroup,
  H1,
  HTMLTable,
  Intent,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { today, type DayValue } from '../../domain/dates.ts';
import { sepaBatchLogic } from '../../machines/payouts/payoutLogic.ts';
import { reasonKey, refusalKey } from '../../machines/payouts/payoutReasons.ts';
import { isExecutionDay, selectedTotal } from '../../machines/payouts/sepaBatchMachine.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { FailedState, PageState } from '../components/PageState.tsx';
import { DateInput } from '../components/form/DateInput.tsx';
import { BatchSummary } from './BatchSummary.tsx';
import { DebtorFields } from './DebtorFields.tsx';
import { euros } from './money.ts';
import './payouts.css';

export type BatchActor = ReturnType<typeof useBatchActor>;

function useBatchActor() {
  const { clients } = useAppServices();
  const logic = useMemo(() => sepaBatchLogic(clients), [clients]);
  return useActorRef(logic, { input: { today: today(new Date()) } });
}

/** `/payouts`: the depositors to pay by transfer, ticked, and one SEPA file for the bank. */
export function SepaBatchView() {
  const { t } = useTranslation();
  const actor = useBatchActor();
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const created = useSelector(actor, (s) => s.context.result !== null);

  return (
    <section aria-labelledby="payouts-title" className="seconde-page" data-testid="payouts-page">
      <H1 id="payouts-title">{t('payouts.pageTitle')}</H1>
      {loading ? (
        <PageState testId="batch-loading" icon={<Spinner />} title={t('payouts.batchLoading')} />
      ) : failed ? (
        <FailedState
          testId="batch-failed"
          title={t('payouts.batchLoadFailed')}
          errorCode={errorCode}
          retryText={t('payouts.retry')}
          onRetry={() => actor.send({ type: 'batch.retry' })}
        />
      ) : created ? (
        <BatchSummary actor={actor} />
      ) : (
        <BatchForm actor={actor} />
      )}
    </section>
  );
}

function BatchForm({ actor }: { actor: BatchActor }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const rows = useSelector(actor, (s) => s.context.rows);
  const selected = useSelector(actor, (s) => s.context.selected);
  const executionDate = useSelector(actor, (s) => s.context.executionDate);
  const firstDay = useSelector(actor, (s) => s.context.today);
  const refusal = useSelector(actor, (s) => s.context.refusal);
  const creating = useSelector(actor, (s) => s.matches('creating'));
  const canCreate = useSelector(actor, (s) => s.can({ type: 'batch.create' }));
  const total = useSelector(actor, (s) => selectedTotal(s.context));
  const eligibleCount = rows.filter((r) => r.reason === null && r.payableCents > 0).length;
  const dateWrong = !isExecutionDay(executionDate, firstDay);

  if (rows.length === 0)
    return <PageState testId="batch-empty" icon="tick-circle" title={t('payouts.batchEmpty')} />;

  return (
    <form
      noValidate
      aria-label={t('payouts.pageTitle')}
      className="seconde-batch-form"
      data-testid="batch-form"
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'batch.create' });
      }}
    >
      <p>{t('payouts.batchIntro')}</p>
      <Card>
        <div className="seconde-table-scroll">
          <HTMLTable striped className="seconde-table" aria-busy={creating}>
            <caption className="seconde-sr-only">{t('payouts.depositors')}</caption>
            <thead>
              <tr>
                <th scope="col">
                  <Checkbox
                    checked={eligibleCount > 0 && selected.length === eligibleCount}
                    indeterminate={selected.length > 0 && selected.length < eligibleCount}
                    disabled={eligibleCount === 0 || creating}
                    aria-label={t('payouts.selectAll')}
                    onChange={() => actor.send({ type: 'batch.toggleAll' })}
                  />
                </th>
                <th scope="col">{t('payouts.depositor')}</th>
                <th scope="col">{t('payouts.payable')}</th>
                <th scope="col">{t('payouts.ibanStatus')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const reasonId = `batch-reason-${row.customer}`;
                return (
                  <tr key={row.customer} data-testid="batch-row">
                    <td>
                      <Checkbox
                        checked={selected.includes(row.customer)}
                        disabled={row.reason !== null || creating}
                        aria-label={t('payouts.selectDepositor', { name: row.name })}
                        aria-describedby={reasonId}
                        onChange={() =>
                          actor.send({ type: 'batch.toggle', customer: row.customer })
                        }
                      />
                    </td>
                    <td>{row.name}</td>
                    <td>{euros(row.payableCents, language)}</td>
                    <td id={reasonId}>
                      {row.reason === null ? (
                        <Tag minimal intent={Intent.SUCCESS}>
                          {row.maskedIban || t('payouts.ibanOk')}
                        </Tag>
                      ) : (
                        <Tag minimal intent={Intent.WARNING} data-testid="batch-reason">
                          {t(reasonKey(row.reason) ?? 'payouts.reasonIbanMissing')}
                        </Tag>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        </div>
      </Card>
      <div className="seconde-batch-options">
        <FormGroup
          label={t('payouts.executionDate')}
          labelFor="batch-date"
          helperText={
            <span id="batch-date-help">
              {dateWrong ? t('payouts.reasonExecutionDateInvalid') : t('payouts.executionDateHelp')}
            </span>
          }
          intent={dateWrong ? Intent.DANGER : Intent.NONE}
        >
          <DateInput
            id="batch-date"
            value={executionDate}
            min={firstDay}
            isAllowed={(day: DayValue) => isExecutionDay(day, firstDay)}
            disabled={creating}
            describedBy="batch-date-help"
            onChange={(value) => actor.send({ type: 'batch.date', value })}
          />
        </FormGroup>
      </div>
      <DebtorFields actor={actor} />
      <p className="seconde-payout-total" aria-live="polite" data-testid="batch-total">
        {t('payouts.selectedTotal', { count: selected.length, amount: euros(total, language) })}
      </p>
      {refusal && (
        <Callout intent={Intent.DANGER} role="alert" data-testid="batch-refusal">
          {t(refusalKey(refusal))}
        </Callout>
      )}
      <div className="seconde-payout-actions">
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          icon="export"
          text={t('payouts.createFile')}
          loading={creating}
          disabled={!canCreate && !creating}
          data-testid="batch-create"
        />
      </div>
    </form>
  );
}
