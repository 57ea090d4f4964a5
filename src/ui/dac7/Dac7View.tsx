import { Button, Callout, FormGroup, H1, HTMLSelect, Intent, Spinner } from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dac7CorrectionLogic, dac7ReportLogic } from '../../machines/dac7/dac7Logic.ts';
import { dac7RefusalKey } from '../../machines/dac7/dac7Reasons.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { FailedState, PageState } from '../components/PageState.tsx';
import { Dac7Corrections } from './Dac7Corrections.tsx';
import { Dac7SellerDialog } from './Dac7SellerDialog.tsx';
import { Dac7SellerTable } from './Dac7SellerTable.tsx';

/** The last complete year first, then the current one and the three before. */
function yearsOffered(now: Date): number[] {
  const current = now.getFullYear();
  return [current - 1, current, current - 2, current - 3];
}

export type Dac7Actor = ReturnType<typeof useDac7Actor>;

function useDac7Actor() {
  const { clients } = useAppServices();
  const { i18n } = useTranslation();
  const logic = useMemo(() => dac7ReportLogic(clients, () => i18n.language), [clients, i18n]);
  return useActorRef(logic, { input: { year: new Date().getFullYear() - 1 } });
}

function useCorrectionActor() {
  const { clients } = useAppServices();
  const logic = useMemo(() => dac7CorrectionLogic(clients), [clients]);
  return useActorRef(logic, { input: { year: new Date().getFullYear() - 1 } });
}

/** `/dac7`: the year's storefront sellers, what each lacks, and the DPI XML file once complete. */
export function Dac7View() {
  const { t } = useTranslation();
  const actor = useDac7Actor();
  const corrections = useCorrectionActor();
  const year = useSelector(actor, (s) => s.context.year);
  const built = useSelector(actor, (s) => s.context.built);
  // A file just built is filed: the list below reads it.
  useEffect(() => {
    if (built) corrections.send({ type: 'corrections.refresh' });
  }, [built, corrections]);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const years = useMemo(() => yearsOffered(new Date()), []);

  return (
    <section aria-labelledby="dac7-title" className="seconde-page" data-testid="dac7-page">
      <H1 id="dac7-title">{t('sellerReport.pageTitle')}</H1>
      <p>{t('sellerReport.intro')}</p>
      <FormGroup label={t('sellerReport.year')} labelFor="dac7-year" inline>
        <HTMLSelect
          id="dac7-year"
          value={year}
          disabled={busy}
          options={years.map((y) => ({ value: y, label: String(y) }))}
          onChange={(e) => {
            const chosen = Number(e.currentTarget.value);
            actor.send({ type: 'dac7.year', year: chosen });
            corrections.send({ type: 'corrections.year', year: chosen });
          }}
        />
      </FormGroup>
      {loading ? (
        <PageState testId="dac7-loading" icon={<Spinner />} title={t('sellerReport.loading')} />
      ) : failed ? (
        <FailedState
          testId="dac7-failed"
          title={t('sellerReport.loadFailed')}
          errorCode={errorCode}
          retryText={t('sellerReport.retry')}
          onRetry={() => actor.send({ type: 'dac7.retry' })}
        />
      ) : (
        <Dac7Report actor={actor} />
      )}
      <Dac7Corrections actor={corrections} />
      <Dac7SellerDialog actor={actor} />
    </section>
  );
}

function Dac7Report({ actor }: { actor: Dac7Actor }) {
  const { t } = useTranslation();
  const sellers = useSelector(actor, (s) => s.context.check?.sellers ?? []);
  const excluded = useSelector(actor, (s) => s.context.check?.excluded ?? []);
  const lacking = sellers.filter((s) => s.missing.length > 0).length;
  const canBuild = useSelector(actor, (s) => s.can({ type: 'dac7.build' }));
  const building = useSelector(actor, (s) => s.matches('building'));
  const built = useSelector(actor, (s) => s.context.built);
  const canSummarize = useSelector(actor, (s) => s.can({ type: 'dac7.summary' }));
  const summarizing = useSelector(actor, (s) => s.matches('summarizing'));
  const summary = useSelector(actor, (s) => s.context.summary);
  const refusal = useSelector(actor, (s) => (s.context.draft ? null : s.context.refusal));

  return (
    <>
      <Callout
        intent={lacking > 0 ? Intent.WARNING : Intent.SUCCESS}
        data-testid="dac7-status"
        role="status"
      >
        {lacking > 0
          ? t('sellerReport.missingCount', { count: lacking })
          : t('sellerReport.allComplete')}
        {lacking > 0 && <p>{t('sellerReport.whereElse')}</p>}
      </Callout>
      <h2>{t('sellerReport.reportable', { count: sellers.length })}</h2>
      {sellers.length === 0 ? (
        <p>{t('sellerReport.noneReportable')}</p>
      ) : (
        <Dac7SellerTable actor={actor} sellers={sellers} testId="dac7-reportable" />
      )}
      <p>
        <Button
          intent={Intent.PRIMARY}
          icon="download"
          disabled={!canBuild}
          loading={building}
          text={t('sellerReport.build')}
          data-testid="dac7-build"
          onClick={() => actor.send({ type: 'dac7.build' })}
        />{' '}
        <Button
          icon="document"
          disabled={!canSummarize}
          loading={summarizing}
          text={t('sellerReport.buildSummary')}
          data-testid="dac7-summary"
          onClick={() => actor.send({ type: 'dac7.summary' })}
        />
      </p>
      {built && (
        <Callout intent={Intent.SUCCESS} icon="tick-circle" data-testid="dac7-built">
          {t('sellerReport.built', { count: built.sellerCount, filename: built.filename })}
        </Callout>
      )}
      {summary && (
        <Callout intent={Intent.SUCCESS} icon="tick-circle" data-testid="dac7-summary-built">
          {t('sellerReport.summaryBuilt', { filename: summary })}
        </Callout>
      )}
      {refusal && (
        <Callout intent={Intent.DANGER} data-testid="dac7-refusal">
          {t(dac7RefusalKey(refusal))}
        </Callout>
      )}
      <h2>{t('sellerReport.excluded', { count: excluded.length })}</h2>
      {excluded.length === 0 ? (
        <p>{t('sellerReport.noneExcluded')}</p>
      ) : (
        <Dac7SellerTable sellers={excluded} testId="dac7-excluded" />
      )}
    </>
  );
}
