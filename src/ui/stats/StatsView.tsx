import '../components/pages.css';
import { Classes, H2, HTMLTable } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMonth } from '../../domain/dates.ts';
import { DEPOSIT_STATUSES } from '../../domain/deposit/statuses.ts';
import { depositStatusI18nKey } from '../../machines/deposit/enums.ts';
import {
  statsLogic,
  type MonthFigures,
  type StatsFigures,
} from '../../machines/stats/statsLogic.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { formatPrice } from '../components/format.ts';
import { Figure, formatNumber, formatPercent } from './figures.tsx';
import { CountTable, PeriodFigures } from './PeriodFigures.tsx';

/** The turnover and its split: a key figure each, and a column each in the table of months. */
const TURNOVERS = [
  { id: 'turnover', key: 'turnover', label: 'pages.turnover' },
  { id: 'vendor', key: 'vendorTurnover', label: 'pages.vendorShare' },
  { id: 'customer', key: 'customerTurnover', label: 'pages.customerShare' },
  { id: 'provider', key: 'providerTurnover', label: 'pages.providerShare' },
] as const;

/** What was counted: a key figure each, and a column each in the table of months. */
const COUNTS = [
  { id: 'deposits', key: 'depositCount', label: 'pages.deposits' },
  { id: 'products', key: 'productCount', label: 'pages.products' },
] as const;

/** The columns of the table of months after the month itself. */
const MONTH_COLUMNS: readonly {
  key: Exclude<keyof MonthFigures, 'month'>;
  label: string;
  money?: true;
}[] = [
  ...COUNTS.map(({ key, label }) => ({ key, label })),
  ...TURNOVERS.map(({ key, label }) => ({ key, label, money: true as const })),
];

/**
 * `/stats`: the admin statistics of the deposits created in a period: turnover and its split,
 * sell-through, days to INLINE, deposits per status and per month.
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
      legend={t('pages.statsPeriod')}
    >
      {(figures) => <StatsFiguresView figures={figures} />}
    </PeriodFigures>
  );
}

function StatsFiguresView({ figures: f }: { figures: StatsFigures }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const price = (n: number) => formatPrice(n, lang);
  const cell = (m: MonthFigures, { key, money }: (typeof MONTH_COLUMNS)[number]) =>
    money ? price(m[key]) : formatNumber(m[key], lang);
  return (
    <>
      <dl className="seconde-figures" data-testid="stats-figures">
        {TURNOVERS.map(({ id, key, label }) => (
          <Figure key={id} id={id} label={t(label)} value={price(f[key])} />
        ))}
        <Figure id="potential" label={t('pages.potential')} value={price(f.potentialTurnover)} />
        <Figure
          id="sellThrough"
          label={t('pages.sellThrough')}
          value={formatPercent(f.sellThrough, lang)}
        />
        {COUNTS.map(({ id, key, label }) => (
          <Figure key={id} id={id} label={t(label)} value={formatNumber(f[key], lang)} />
        ))}
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
      <CountTable
        testId="stats-status-table"
        caption={t('pages.byStatus')}
        labelHeader={t('pages.status')}
        countHeader={t('pages.deposits')}
        rows={DEPOSIT_STATUSES.map((status) => ({
          testId: `stats-status-${status}`,
          label: t(depositStatusI18nKey(status)),
          count: formatNumber(f.statusCounts[status], lang),
        }))}
      />
      <H2>{t('pages.byMonth')}</H2>
      <div className="seconde-scroll-x">
        <HTMLTable compact striped className="seconde-table" data-testid="stats-month-table">
          <caption className="seconde-sr-only">{t('pages.byMonth')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('pages.month')}</th>
              {MONTH_COLUMNS.map((column) => (
                <th key={column.key} scope="col" className="seconde-number">
                  {t(column.label)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {f.months.map((m) => (
              <tr key={m.month} data-testid="stats-month">
                <th scope="row">{formatMonth(m.month, lang)}</th>
                {MONTH_COLUMNS.map((column) => (
                  <td key={column.key} className="seconde-number">
                    {cell(m, column)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
    </>
  );
}
