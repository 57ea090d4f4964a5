import { Button, Callout, FormGroup, H1, H2, HTMLSelect, Intent } from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { SALE_PLATFORM_OPTIONS } from '../../machines/buyers/platforms.ts';
import { transactionsLogic } from '../../machines/marketplaceTransactions/transactionsLogic.ts';
import type { transactionsMachine } from '../../machines/marketplaceTransactions/transactionsMachine.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { FailedState } from '../components/PageState.tsx';
import { CsvPreviewDialog } from './CsvPreviewDialog.tsx';
import { FeeSplitTable } from './FeeSplitTable.tsx';
import { LinkDialog } from './LinkDialog.tsx';
import { TransactionFiltersForm } from './TransactionFiltersForm.tsx';
import { TransactionTable } from './TransactionTable.tsx';
import './transactions.css';

export type TransactionsActor = ActorRefFrom<typeof transactionsMachine>;

/** `/marketplace-transactions`: the vendor's marketplace sales, their imports, links and fees. */
export function TransactionsView() {
  const { t } = useTranslation();
  const { clients } = useAppServices();
  const logic = useMemo(() => transactionsLogic(clients), [clients]);
  const actor = useActorRef(logic);
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);

  return (
    <section
      aria-labelledby="transactions-title"
      className="seconde-page"
      data-testid="transactions-page"
    >
      <H1 id="transactions-title">{t('transactions.pageTitle')}</H1>
      <p>{t('transactions.intro')}</p>
      <ImportToolbar actor={actor} />
      <Outcome actor={actor} />
      {failed ? (
        <FailedState
          testId="transactions-failed"
          title={t('transactions.loadFailed')}
          errorCode={errorCode}
          retryText={t('transactions.retry')}
          onRetry={() => actor.send({ type: 'transactions.retry' })}
        />
      ) : (
        <>
          <H2>{t('transactions.splitTitle')}</H2>
          <p>{t('transactions.splitIntro')}</p>
          <FeeSplitTable actor={actor} />
          <H2>{t('transactions.filtersTitle')}</H2>
          <TransactionFiltersForm actor={actor} />
          <TransactionTable actor={actor} />
        </>
      )}
      <CsvPreviewDialog actor={actor} />
      <LinkDialog actor={actor} />
    </section>
  );
}

function ImportToolbar({ actor }: { actor: TransactionsActor }) {
  const { t } = useTranslation();
  const [channel, setChannel] = useState(SALE_PLATFORM_OPTIONS[0]?.value ?? 1);
  const ready = useSelector(actor, (s) => s.matches('ready'));
  const importing = useSelector(actor, (s) => s.matches('importingConnector'));
  return (
    <div className="seconde-transactions-toolbar">
      <Button
        icon="import"
        intent={Intent.PRIMARY}
        text={t('transactions.importConnector')}
        loading={importing}
        disabled={!ready}
        onClick={() => actor.send({ type: 'transactions.importConnector' })}
        data-testid="transactions-import-connector"
      />
      <FormGroup label={t('transactions.csvChannel')} labelFor="transactions-csv-channel">
        <HTMLSelect
          id="transactions-csv-channel"
          value={channel}
          onChange={(e) => setChannel(Number(e.currentTarget.value))}
        >
          {SALE_PLATFORM_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {t(o.labelKey)}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <FormGroup label={t('transactions.importCsv')} labelFor="transactions-csv">
        <input
          id="transactions-csv"
          type="file"
          accept=".csv,text/csv"
          disabled={!ready}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (file)
              actor.send({
                type: 'transactions.chooseCsv',
                csv: { file, name: file.name, channel },
              });
          }}
        />
      </FormGroup>
    </div>
  );
}

function Outcome({ actor }: { actor: TransactionsActor }) {
  const { t } = useTranslation();
  const outcome = useSelector(actor, (s) => s.context.outcome);
  const refusal = useSelector(actor, (s) =>
    s.matches('ready') || s.matches('loading') ? s.context.refusal : null,
  );
  return (
    <>
      {refusal && (
        <Callout intent={Intent.DANGER} role="alert" data-testid="transactions-refusal">
          {t(refusal.i18nKey)}
        </Callout>
      )}
      {outcome && (
        <Callout intent={Intent.SUCCESS} role="status" data-testid="transactions-outcome">
          {t('transactions.outcome', {
            created: outcome.created,
            updated: outcome.updated,
            linked: outcome.linkedProducts,
            buyers: outcome.createdBuyers,
          })}
          {outcome.errors.length > 0 &&
            ` ${t('transactions.outcomeSkipped', { count: outcome.errors.length })}`}
        </Callout>
      )}
    </>
  );
}
