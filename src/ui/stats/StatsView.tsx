import '../components/pages.css';
import { Classes } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { selectVendorUuid } from '../../machines/people/access.ts';
import { statsLogic } from '../../machines/stats/statsLogic.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { useSession } from '../app/sessionContext.ts';
import { PeriodFigures } from './PeriodFigures.tsx';
import { StatsCharts } from './StatsCharts.tsx';

/**
 * `/stats`: staff's statistics of every vendor over a period, from one call per period: turnover
 * by month and its split, sell-through, days to INLINE, sales per channel and category, deposits
 * by status and vendors by plan, each chart with its table.
 */
export function StatsView() {
  const { t } = useTranslation();
  const { clients } = useAppServices();
  const logic = useMemo(() => statsLogic(clients), [clients]);
  return (
    <PeriodFigures
      logic={logic}
      id="stats"
      title={t('pages.statsTitle')}
      legend={t('statsCharts.period')}
      fromLabel={t('statsCharts.from')}
      toLabel={t('statsCharts.to')}
    >
      {(figures) => (
        <>
          <p className={Classes.TEXT_MUTED}>{t('statsCharts.staffScope')}</p>
          <StatsCharts figures={figures} />
        </>
      )}
    </PeriodFigures>
  );
}

/** `/my-stats`: a vendor's statistics on their own sales and deposits, the same charts. */
export function MyStatsView() {
  const { t } = useTranslation();
  const { clients } = useAppServices();
  const vendorUuid = useSession(selectVendorUuid);
  const logic = useMemo(() => statsLogic(clients, vendorUuid ?? ''), [clients, vendorUuid]);
  return (
    <PeriodFigures
      logic={logic}
      id="my-stats"
      title={t('statsCharts.myTitle')}
      legend={t('statsCharts.period')}
      fromLabel={t('statsCharts.from')}
      toLabel={t('statsCharts.to')}
    >
      {(figures) => (
        <>
          <p className={Classes.TEXT_MUTED}>{t('statsCharts.myScope')}</p>
          <StatsCharts figures={figures} />
        </>
      )}
    </PeriodFigures>
  );
}
