import './pages.css';
import { Classes, H1, H2, HTMLTable, Spinner } from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DEPOSIT_STATUSES } from '../../../domain/deposit/statuses.ts';
import { depositStatusI18nKey } from '../../../machines/deposit/enums.ts';
import { OPEN_RANGE } from '../../../machines/stats/figuresMachine.ts';
import { statsLogic, type StatsFigures } from '../../../machines/stats/statsLogic.ts';
import { useAppServices } from '../../app/servicesContext.ts';
import { formatPrice } from '../../components/format.ts';
import { FailedState, PageState } from '../../components/PageState.tsx';
import { DateRangeFilter } from './DateRangeFilter.tsx';
import { Figure, formatMonth, formatNumber, formatPercent } from './figures.tsx';

/**
 * `/stats`: the admin statistics of the deposits created in a period: turnover and its split,
 * sell-through, days to INLINE, deposits per status and per month.
 */
export function StatsView() {
  const { t } = useTranslation();
  const { clients } = useAppServices();
  const logic = useMemo(() => statsLogic(clients), [clients]);
  const actor = useActorRef(logic, { input: {} });
  const range = useSelector(actor, (s) => s.context.range);
  const figures = useSelector(actor, (s) => s.context.figures);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const canClear = useSelector(actor, (s) =>
    s.can({ type: 'figures.setRange', range: OPEN_RANGE }),
  );

  return (
    <section
      aria-labelledby="stats-title"
      aria-busy={busy}
      className="seconde-pages"
      data-testid="stats"
    >
      <H1 id="stats-title">{t('pages.statsTitle')}</H1>
      <DateRangeFilter
        idPrefix="stats"
        legend={t('pages.statsPeriod')}
        range={range}
        canClear={canClear}
        onChange={(patch) => actor.send({ type: 'figures.setRange', range: patch })}
      />
      {errorCode ? (
        <FailedState
          testId="stats-failed"
          title={t('pages.statsFailed')}
          errorCode={errorCode}
          retryText={t('pages.retry')}
          onRetry={() => actor.send({ type: 'figures.retry' })}
        />
      ) : figures === null ? (
        <PageState testId="stats-loading" icon={<Spinner />} title={t('pages.loading')} />
      ) : (
        <StatsFiguresView figures={figures} />
      )}
    </section>
  );
}

function StatsFiguresView({ figures: f }: { figures: StatsFigures }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const price = (n: number) => formatPrice(n, lang);
  return (
    <>
      <dl className="seconde-figures" data-testid="stats-figures">
        <Figure id="turnover" label={t('pages.turnover')} value={price(f.turnover)} />
        <Figure id="vendor" label={t('pages.vendorShare')} value={price(f.vendorTurnover)} />
        <Figure id="customer" label={t('pages.customerShare')} value={price(f.customerTurnover)} />
        <Figure id="provider" label={t('pages.providerShare')} value={price(f.providerTurnover)} />
        <Figure id="potential" label={t('pages.potential')} value={price(f.potentialTurnover)} />
        <Figure
          id="sellThrough"
          label={t('pages.sellThrough')}
          value={formatPercent(f.sellThrough, lang)}
        />
        <Figure
          id="deposits"
          label={t('pages.deposits')}
          value={formatNumber(f.depositCount, lang)}
        />
        <Figure
          id="products"
          label={t('pages.products')}
          value={formatNumber(f.productCount, lang)}
        />
        <Figure
          id="daysToInline"
          label={t('pages.daysToInline')}
          value={
            f.averageDaysToInline === null
              ? t('pages.noneOnline')
              : t('pages.days', {
                  count: f.averageDaysToInline,
                  value: formatNumber(f.averageDaysToInline, lang),
                })
          }
          note={
            f.inlineSample < f.inlineTotal
              ? t('pages.daysSample', { sample: f.inlineSample, total: f.inlineTotal })
              : undefined
          }
        />
      </dl>
      <p className={Classes.TEXT_MUTED}>{t('pages.statsScope')}</p>
      <H2>{t('pages.byStatus')}</H2>
      <div className="seconde-scroll-x">
        <HTMLTable compact striped className="seconde-table" data-testid="stats-status-table">
          <caption className="seconde-sr-only">{t('pages.byStatus')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('pages.status')}</th>
              <th scope="col" className="seconde-number">
                {t('pages.deposits')}
              </th>
            </tr>
          </thead>
          <tbody>
            {DEPOSIT_STATUSES.map((status) => (
              <tr key={status} data-testid={`stats-status-${status}`}>
                <th scope="row">{t(depositStatusI18nKey(status))}</th>
                <td className="seconde-number">{formatNumber(f.statusCounts[status], lang)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
      <H2>{t('pages.byMonth')}</H2>
      <div className="seconde-scroll-x">
        <HTMLTable compact striped className="seconde-table" data-testid="stats-month-table">
          <caption className="seconde-sr-only">{t('pages.byMonth')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('pages.month')}</th>
              <th scope="col" className="seconde-number">
                {t('pages.deposits')}
              </th>
              <th scope="col" className="seconde-number">
                {t('pages.products')}
              </th>
              <th scope="col" className="seconde-number">
                {t('pages.turnover')}
              </th>
              <th scope="col" className="seconde-number">
                {t('pages.vendorShare')}
              </th>
              <th scope="col" className="seconde-number">
                {t('pages.customerShare')}
              </th>
              <th scope="col" className="seconde-number">
                {t('pages.providerShare')}
              </th>
            </tr>
          </thead>
          <tbody>
            {f.months.map((m) => (
              <tr key={m.month} data-testid="stats-month">
                <th scope="row">{formatMonth(m.month, lang)}</th>
                <td className="seconde-number">{formatNumber(m.depositCount, lang)}</td>
                <td className="seconde-number">{formatNumber(m.productCount, lang)}</td>
                <td className="seconde-number">{price(m.turnover)}</td>
                <td className="seconde-number">{price(m.vendorTurnover)}</td>
                <td className="seconde-number">{price(m.customerTurnover)}</td>
                <td className="seconde-number">{price(m.providerTurnover)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
    </>
  );
}
