import { fromPromise } from 'xstate';
import { valueOfDate } from '../../domain/dates.ts';
import { DEPOSIT_STATUSES, type DepositStatus } from '../../domain/deposit/statuses.ts';
import type { ClientFactory } from '../../rpc/clients.ts';
import { DepositService } from '../../rpc/gen/seconde/v1/deposit_pb.ts';
import { withFilters } from '../../rpc/interceptors/filters.ts';
import { depositStatusValue } from '../deposit/enums.ts';
import { toMs } from '../people/labels.ts';
import { createFiguresMachine, type DateRange } from './figuresMachine.ts';
import { periodHeader } from './period.ts';

/** Turnover and its split, in euros. */
export interface Turnover {
  readonly turnover: number;
  readonly vendorTurnover: number;
  readonly customerTurnover: number;
  /** What neither the vendor nor the customer receives: the provider's part. */
  readonly providerTurnover: number;
}

export interface MonthFigures extends Turnover {
  /** `YYYY-MM`. */
  readonly month: string;
  readonly depositCount: number;
  readonly productCount: number;
}

export interface StatsFigures extends Turnover {
  readonly depositCount: number;
  readonly productCount: number;
  readonly potentialTurnover: number;
  /** Sold products out of all products, in percent. */
  readonly sellThrough: number;
  /** Deposits per status over every status (abandoned and cancelled included). */
  readonly statusCounts: Readonly<Record<DepositStatus, number>>;
  /** Mean whole days from assignment to INLINE; null when no deposit went online. */
  readonly averageDaysToInline: number | null;
  /** Deposits the mean is taken over, and how many went online in all. */
  readonly inlineSample: number;
  readonly inlineTotal: number;
  readonly months: readonly MonthFigures[];
}

export const statsMachine = createFiguresMachine<StatsFigures>('stats');

/** Months shown when the period has no start. */
export const DEFAULT_MONTHS = 12;
/** Months shown at most (the latest ones). */
export const MAX_MONTHS = 24;
/** Online deposits the mean days to INLINE is taken over at most (the latest ones). */
export const DAYS_SAMPLE = 500;

const DAY_MS = 86_400_000;
const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The months of a period, each with its part of the period: from the start's month (or 12 months
 * back) to the end's month (or this month), the latest 24 at most.
 */
export function monthsOf(range: DateRange, today: Date): { month: string; range: DateRange }[] {
  const end = range.dateTo ? new Date(`${range.dateTo}T00:00:00`) : today;
  const start = range.dateFrom
    ? new Date(`${range.dateFrom}T00:00:00`)
    : new Date(end.getFullYear(), end.getMonth() - (DEFAULT_MONTHS - 1), 1);
  const months: { month: string; range: DateRange }[] = [];
  for (
    let d = new Date(start.getFullYear(), start.getMonth(), 1);
    d <= end;
    d = new Date(d.getFullYear(), d.getMonth() + 1, 1)
  ) {
    const first = valueOfDate(d);
    const last = valueOfDate(new Date(d.getFullYear(), d.getMonth() + 1, 0));
    months.push({
      month: first.slice(0, 7),
      range: {
        dateFrom: range.dateFrom && range.dateFrom > first ? range.dateFrom : first,
        dateTo: range.dateTo && range.dateTo < last ? range.dateTo : last,
      },
    });
  }
  return months.slice(-MAX_MONTHS);
}

/** The provider's part is what is left of the turnover once vendor and customer are paid. */
function split(s: {
  turnover: number;
  vendorTurnover: number;
  customerTurnover: number;
}): Turnover {
  return {
    turnover: s.turnover,
    vendorTurnover: s.vendorTurnover,
    customerTurnover: s.customerTurnover,
    providerTurnover: round2(s.turnover - s.vendorTurnover - s.customerTurnover),
  };
}

/**
 * The admin statistics over a period, composed from the deposit calls: the totals of
 * StatsForFilters, one count per status, one StatsForFilters per month, and the mean days to
 * INLINE over the latest deposits that went online (their assignment and completion dates).
 */
export function statsLogic(clients: ClientFactory, today: () => Date = () => new Date()) {
  const deposits = clients.get(DepositService);
  return statsMachine.provide({
    actors: {
      loadFigures: fromPromise<StatsFigures, DateRange>(async ({ input, signal }) => {
        const header = periodHeader(input);
        const options = withFilters(header, { signal });
        const every = DEPOSIT_STATUSES.map(depositStatusValue);
        const months = monthsOf(input, today());
        const [totals, counts, online, perMonth] = await Promise.all([
          deposits.statsForFilters({}, options),
          Promise.all(
            DEPOSIT_STATUSES.map((status) =>
              deposits.list(
                { pagination: { page: 1, pageSize: 1 }, statuses: [depositStatusValue(status)] },
                options,
              ),
            ),
          ),
          deposits.list(
            {
              pagination: { page: 1, pageSize: DAYS_SAMPLE },
              ordering: '-deposit_completed_datetime',
              statuses: every,
            },
            withFilters(
              { ...header, deposit_completed_datetime: { gte: new Date(0).toISOString() } },
              { signal },
            ),
          ),
          Promise.all(
            months.map(({ range }) =>
              deposits.statsForFilters({}, withFilters(periodHeader(range), { signal })),
            ),
          ),
        ]);
        const days = online.results.flatMap((d) => {
          const from = toMs(d.affectationDatetime);
          const to = toMs(d.depositCompletedDatetime);
          return from === null || to === null ? [] : [Math.floor((to - from) / DAY_MS)];
        });
        return {
          ...split(totals),
          depositCount: totals.depositCount,
          productCount: totals.productCount,
          potentialTurnover: totals.potentialTurnover,
          sellThrough: totals.pourcentSell,
          statusCounts: Object.fromEntries(
            DEPOSIT_STATUSES.map((status, i) => [status, counts[i]?.count ?? 0]),
          ) as Record<DepositStatus, number>,
          averageDaysToInline:
            days.length === 0
              ? null
              : Math.round((days.reduce((a, b) => a + b, 0) / days.length) * 10) / 10,
          inlineSample: days.length,
          inlineTotal: online.count,
          months: months.map(({ month }, i) => {
            const m = perMonth[i]!;
            return {
              month,
              ...split(m),
              depositCount: m.depositCount,
              productCount: m.productCount,
            };
          }),
        };
      }),
    },
  });
}
