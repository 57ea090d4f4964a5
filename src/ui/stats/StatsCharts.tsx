import './stats.css';
import { Classes } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMonth } from '../../domain/dates.ts';
import { DEPOSIT_STATUSES } from '../../domain/deposit/statuses.ts';
import { depositStatusI18nKey } from '../../machines/deposit/enums.ts';
import { labelKey } from '../../machines/people/labels.ts';
import { PLATFORM_CHOICES } from '../../machines/product/productEnums.ts';
import { UNKNOWN_KEY, type StatsFigures } from '../../machines/stats/statsLogic.ts';
import { ChartFigure, type ChartTable } from './charts/ChartFigure.tsx';
import { horizontalBars, ring, stackedBars } from './charts/chartConfigs.ts';
import { Figure, formatCents, formatNumber, formatPercent } from './figures.tsx';

const SHARES = [
  { key: 'vendor', label: 'statsCharts.vendorShare' },
  { key: 'depositors', label: 'statsCharts.depositorsShare' },
  { key: 'platform', label: 'statsCharts.platformShare' },
] as const;

const NO_PLAN = 'NONE';

/**
 * The figures and charts of a statistics page: key figures, then turnover by month with its split,
 * the period's split, sales per channel and per category, deposits by status and, for staff, the
 * vendors who joined by plan. Each chart has a caption, a description and a table of its figures.
 */
export function StatsCharts({ figures: f }: { readonly figures: StatsFigures }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const charts = useMemo(() => {
    const money = (cents: number) => formatCents(cents, lang);
    const count = (n: number) => formatNumber(n, lang);
    const channelLabel = (key: string) =>
      key === UNKNOWN_KEY
        ? t('statsCharts.unknownChannel')
        : t(PLATFORM_CHOICES.find((c) => c.value === key)?.labelKey ?? key);
    const categoryLabel = (key: string, label: string) =>
      key === UNKNOWN_KEY || !label ? t('statsCharts.unknownCategory') : label;
    const salesTable = (
      header: string,
      rows: StatsFigures['byChannel'],
      label: (r: StatsFigures['byChannel'][number]) => string,
    ): ChartTable => ({
      headers: [header, t('statsCharts.sold'), t('statsCharts.amount')],
      rows: rows.map((r) => ({ key: r.key, cells: [label(r), count(r.count), money(r.amount)] })),
    });
    const months = f.months.map((m) => formatMonth(m.month, lang));
    const shareLabels = SHARES.map((s) => t(s.label));
    const shareValues = SHARES.map((s) => f.split[s.key]);
    const channels = f.byChannel.map((c) => channelLabel(c.key));
    const categories = f.byCategory.map((c) => categoryLabel(c.key, c.label));
    const statuses = DEPOSIT_STATUSES.map((s) => t(depositStatusI18nKey(s)));
    const feeChannels = f.marketplaceFees.map((c) => channelLabel(c.channel));
    const plans = f.plans.map((p) =>
      p.key === NO_PLAN ? t('statsCharts.noPlan') : t(labelKey('profile.type', p.key)),
    );
    return [
      {
        id: 'months',
        caption: t('statsCharts.byMonthTitle'),
        description: t('statsCharts.byMonthDescription'),
        config: stackedBars(
          months,
          SHARES.map((s, i) => ({
            label: shareLabels[i]!,
            values: f.months.map((m) => m.split[s.key]),
          })),
          money,
        ),
        table: {
          headers: [
            t('statsCharts.month'),
            t('statsCharts.turnover'),
            ...shareLabels,
            t('statsCharts.sold'),
          ],
          rows: f.months.map((m, i) => ({
            key: m.month,
            cells: [
              months[i]!,
              money(m.turnover),
              ...SHARES.map((s) => money(m.split[s.key])),
              count(m.soldCount),
            ],
          })),
        },
      },
      {
        id: 'split',
        caption: t('statsCharts.splitTitle'),
        description: t('statsCharts.splitDescription'),
        config: ring(shareLabels, shareValues, money),
        table: {
          headers: [t('statsCharts.share'), t('statsCharts.amount'), t('statsCharts.percent')],
          rows: SHARES.map((s, i) => ({
            key: s.key,
            cells: [
              shareLabels[i]!,
              money(shareValues[i]!),
              f.turnover === 0 ? '–' : formatPercent((100 * shareValues[i]!) / f.turnover, lang),
            ],
          })),
        },
      },
      {
        id: 'channels',
        caption: t('statsCharts.channelTitle'),
        description: t('statsCharts.channelDescription'),
        config: horizontalBars(
          channels,
          f.byChannel.map((c) => c.amount),
          t('statsCharts.amount'),
          money,
        ),
        table: salesTable(t('statsCharts.channel'), f.byChannel, (r) => channelLabel(r.key)),
      },
      ...(f.marketplaceFees.length
        ? [
            {
              id: 'fees',
              caption: t('statsCharts.feesTitle'),
              description: t('statsCharts.feesDescription'),
              config: stackedBars(
                feeChannels,
                [
                  {
                    label: t('statsCharts.marketplaceFees'),
                    values: f.marketplaceFees.map((c) => c.fees),
                  },
                  { label: shareLabels[1]!, values: f.marketplaceFees.map((c) => c.depositors) },
                  { label: shareLabels[0]!, values: f.marketplaceFees.map((c) => c.vendor) },
                ],
                money,
              ),
              table: {
                headers: [
                  t('statsCharts.channel'),
                  t('statsCharts.sold'),
                  t('statsCharts.gross'),
                  t('statsCharts.marketplaceFees'),
                  t('statsCharts.net'),
                  shareLabels[1]!,
                  shareLabels[0]!,
                ],
                rows: f.marketplaceFees.map((c, i) => ({
                  key: c.channel,
                  cells: [
                    feeChannels[i]!,
                    count(c.count),
                    money(c.gross),
                    money(c.fees),
                    money(c.net),
                    money(c.depositors),
                    money(c.vendor),
                  ],
                })),
              },
            },
          ]
        : []),
      {
        id: 'categories',
        caption: t('statsCharts.categoryTitle'),
        description: t('statsCharts.categoryDescription'),
        config: horizontalBars(
          categories,
          f.byCategory.map((c) => c.amount),
          t('statsCharts.amount'),
          money,
        ),
        table: salesTable(t('statsCharts.category'), f.byCategory, (r) =>
          categoryLabel(r.key, r.label),
        ),
      },
      {
        id: 'statuses',
        caption: t('statsCharts.statusTitle'),
        description: t('statsCharts.statusDescription'),
        config: horizontalBars(
          statuses,
          DEPOSIT_STATUSES.map((s) => f.statusCounts[s]),
          t('statsCharts.deposits'),
          count,
        ),
        table: {
          headers: [t('statsCharts.status'), t('statsCharts.deposits')],
          rows: DEPOSIT_STATUSES.map((s, i) => ({
            key: s,
            cells: [statuses[i]!, count(f.statusCounts[s])],
          })),
        },
      },
      ...(f.plans.length
        ? [
            {
              id: 'plans',
              caption: t('statsCharts.plansTitle'),
              description: t('statsCharts.plansDescription'),
              config: horizontalBars(
                plans,
                f.plans.map((p) => p.count),
                t('statsCharts.vendors'),
                count,
              ),
              table: {
                headers: [t('statsCharts.plan'), t('statsCharts.vendors')],
                rows: f.plans.map((p, i) => ({ key: p.key, cells: [plans[i]!, count(p.count)] })),
              },
            },
          ]
        : []),
    ];
  }, [f, lang, t]);

  const days = (value: number | null) =>
    value === null
      ? t('statsCharts.noDays')
      : t('statsCharts.days', { count: value, value: formatNumber(value, lang) });
  const daysNote = t('statsCharts.daysNote', { count: f.daysToInline.deposits });
  return (
    <>
      <dl className="seconde-figures" data-testid="stats-figures">
        <Figure
          id="turnover"
          label={t('statsCharts.turnover')}
          value={formatCents(f.turnover, lang)}
        />
        {SHARES.map((s) => (
          <Figure
            key={s.key}
            id={`${s.key}Share`}
            label={t(s.label)}
            value={formatCents(f.split[s.key], lang)}
          />
        ))}
        <Figure
          id="soldCount"
          label={t('statsCharts.soldCount')}
          value={formatNumber(f.soldCount, lang)}
        />
        <Figure
          id="sellThrough"
          label={t('statsCharts.sellThrough')}
          value={
            f.sellThrough === null
              ? t('statsCharts.noneOnline')
              : formatPercent(f.sellThrough, lang)
          }
          note={t('statsCharts.sellThroughNote', { sold: f.soldOfPutOnline, online: f.putOnline })}
        />
        <Figure
          id="medianDays"
          label={t('statsCharts.medianDays')}
          value={days(f.daysToInline.median)}
          note={daysNote}
        />
        <Figure
          id="meanDays"
          label={t('statsCharts.meanDays')}
          value={days(f.daysToInline.mean)}
          note={daysNote}
        />
      </dl>
      {f.soldCount === 0 && <p className={Classes.TEXT_MUTED}>{t('statsCharts.noSales')}</p>}
      <div className="seconde-charts">
        {charts.map((chart) => (
          <ChartFigure key={chart.id} {...chart} />
        ))}
      </div>
    </>
  );
}
