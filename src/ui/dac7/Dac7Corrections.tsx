import { Button, Callout, HTMLTable, Intent, Spinner } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { FiledReportRow } from '../../machines/dac7/dac7CorrectionMachine.ts';
import type { dac7CorrectionLogic } from '../../machines/dac7/dac7Logic.ts';
import type { ActorRefFrom } from 'xstate';
import { FailedState, PageState } from '../components/PageState.tsx';
import { Dac7CorrectionDialog } from './Dac7CorrectionDialog.tsx';

/** The text of each DPI message type a filed report can have. */
const REPORT_KIND: Readonly<Record<string, string>> = {
  DPI401: 'sellerCorrection.kindReport',
  DPI402: 'sellerCorrection.kindCorrection',
  DPI403: 'sellerCorrection.kindNil',
};

export type Dac7CorrectionActor = ActorRefFrom<ReturnType<typeof dac7CorrectionLogic>>;

/** The year's filed DAC7 files with their MessageRefId, each first report with its "Correct". */
export function Dac7Corrections({ actor }: { actor: Dac7CorrectionActor }) {
  const { t } = useTranslation();
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const reports = useSelector(actor, (s) => s.context.reports);
  const built = useSelector(actor, (s) => s.context.built);

  return (
    <section aria-labelledby="dac7-filed-title" data-testid="dac7-filed">
      <h2 id="dac7-filed-title">{t('sellerCorrection.title')}</h2>
      <p>{t('sellerCorrection.intro')}</p>
      {built && (
        <Callout intent={Intent.SUCCESS} icon="tick-circle" data-testid="dac7-correction-built">
          {t('sellerCorrection.built', { filename: built.filename, count: built.count })}
        </Callout>
      )}
      {failed ? (
        <FailedState
          testId="dac7-filed-failed"
          title={t('sellerCorrection.loadFailed')}
          errorCode={errorCode}
          retryText={t('sellerCorrection.retry')}
          onRetry={() => actor.send({ type: 'corrections.retry' })}
        />
      ) : loading && !reports ? (
        <PageState
          testId="dac7-filed-loading"
          icon={<Spinner />}
          title={t('sellerCorrection.loading')}
        />
      ) : (reports ?? []).length === 0 ? (
        <p>{t('sellerCorrection.none')}</p>
      ) : (
        <FiledTable actor={actor} reports={reports ?? []} />
      )}
      <Dac7CorrectionDialog actor={actor} />
    </section>
  );
}

function FiledTable({
  actor,
  reports,
}: {
  actor: Dac7CorrectionActor;
  reports: readonly FiledReportRow[];
}) {
  const { t, i18n } = useTranslation();
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <HTMLTable compact striped data-testid="dac7-filed-table">
      <thead>
        <tr>
          <th scope="col">{t('sellerCorrection.colMessage')}</th>
          <th scope="col">{t('sellerCorrection.colDate')}</th>
          <th scope="col">{t('sellerCorrection.colKind')}</th>
          <th scope="col">{t('sellerCorrection.colSellers')}</th>
          <th scope="col">
            <span className="bp5-text-muted">{t('sellerCorrection.correct')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {reports.map((r) => (
          <FiledRow
            key={r.uuid}
            actor={actor}
            report={r}
            date={dates.format(new Date(r.filedAt))}
          />
        ))}
      </tbody>
    </HTMLTable>
  );
}

function FiledRow({
  actor,
  report,
  date,
}: {
  actor: Dac7CorrectionActor;
  report: FiledReportRow;
  date: string;
}) {
  const { t } = useTranslation();
  const canOpen = useSelector(actor, (s) =>
    s.can({ type: 'correction.open', report: report.uuid }),
  );
  return (
    <tr data-testid="dac7-filed-row">
      <td>
        <code>{report.messageRefId}</code>
      </td>
      <td>{date}</td>
      <td>
        {t(REPORT_KIND[report.messageTypeIndic] ?? 'sellerCorrection.kindReport')}
        {report.correctsMessageRefId && (
          <div className="bp5-text-small bp5-text-muted">
            {t('sellerCorrection.corrects', { ref: report.correctsMessageRefId })}
          </div>
        )}
      </td>
      <td>{report.sellers.length > 0 ? report.sellers.length : ''}</td>
      <td>
        {report.sellers.length > 0 && (
          <Button
            small
            icon="edit"
            text={t('sellerCorrection.correct')}
            aria-label={t('sellerCorrection.correctLabel', { ref: report.messageRefId })}
            disabled={!canOpen}
            data-testid="dac7-correct"
            onClick={() => actor.send({ type: 'correction.open', report: report.uuid })}
          />
        )}
      </td>
    </tr>
  );
}
