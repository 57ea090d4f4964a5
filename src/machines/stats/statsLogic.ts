import { fromPromise } from 'xstate';
import { DEPOSIT_STATUSES, type DepositStatus } from '../../domain/deposit/statuses.ts';
import type { ClientFactory } from '../../rpc/clients.ts';
import {
  StatsService,
  type GetStatsResponse,
  type StatsSales,
  type StatsSplit,
} from '../../rpc/gen/seconde/v1/stats_pb.ts';
import { createFiguresMachine, type DateRange } from './figuresMachine.ts';

/** How sold items' prices were shared, integer cents; the three add up to the turnover. */
export interface Split {
  readonly vendor: number;
  readonly depositors: number;
  readonly platform: number;
}

export interface MonthFigures {
  /** `YYYY-MM`. */
  readonly month: string;
  readonly soldCount: number;
  readonly turnover: number;
  readonly split: Split;
}

/** Sold items under a key (a channel, a category) and what they sold for, in cents. */
export interface SalesFigures {
  readonly key: string;
  /** A category's name; '' when the key names itself (a channel) or is unknown. */
  readonly label: string;
  readonly count: number;
  readonly amount: number;
}

/** Every figure of a statistics screen for one period; money in integer cents. */
export interface StatsFigures {
  readonly soldCount: number;
  readonly turnover: number;
  readonly split: Split;
  readonly months: readonly MonthFigures[];
  readonly putOnline: number;
  readonly soldOfPutOnline: number;
  /** Sold out of put online, in percent; null when nothing was put online. */
  readonly sellThrough: number | null;
  readonly daysToInline: {
    readonly deposits: number;
    readonly median: number | null;
    readonly mean: number | null;
  };
  readonly byChannel: readonly SalesFigures[];
  readonly byCategory: readonly SalesFigures[];
  readonly statusCounts: Readonly<Record<DepositStatus, number>>;
  /** Vendors who joined in the period by running plan (NONE: without); staff's view only. */
  readonly plans: readonly { readonly key: string; readonly count: number }[];
  /** Per marketplace, from its imported sales: gross = fees + net, net = depositors + vendor. */
  readonly marketplaceFees: readonly ChannelFees[];
}

/** What one marketplace's sales brought in and what it kept, in cents. */
export interface ChannelFees {
  readonly channel: string;
  readonly count: number;
  readonly gross: number;
  readonly fees: number;
  readonly net: number;
  readonly depositors: number;
  readonly vendor: number;
}

/** The key the server gives sales of no channel or no category. */
export const UNKNOWN_KEY = 'UNKNOWN';

const splitOf = (s: StatsSplit | undefined): Split => ({
  vendor: Number(s?.vendorCents ?? 0n),
  depositors: Number(s?.depositorsCents ?? 0n),
  platform: Number(s?.platformCents ?? 0n),
});

const salesOf = (s: StatsSales): SalesFigures => ({
  key: s.key,
  label: s.label,
  count: s.count,
  amount: Number(s.amountCents),
});

/** The contract's answer as the screens read it (cents as numbers, statuses as a record). */
export function figuresOf(a: GetStatsResponse): StatsFigures {
  const counts = new Map(a.depositsByStatus.map((c) => [c.key, c.count]));
  return {
    soldCount: a.soldCount,
    turnover: Number(a.turnoverCents),
    split: splitOf(a.split),
    months: a.months.map((m) => ({
      month: m.month,
      soldCount: m.soldCount,
      turnover: Number(m.turnoverCents),
      split: splitOf(m.split),
    })),
    putOnline: a.putOnlineCount,
    soldOfPutOnline: a.soldOfPutOnlineCount,
    sellThrough:
      a.putOnlineCount === 0
        ? null
        : Math.round((1000 * a.soldOfPutOnlineCount) / a.putOnlineCount) / 10,
    daysToInline: {
      deposits: a.daysToInline?.deposits ?? 0,
      median: a.daysToInline?.medianDays ?? null,
      mean: a.daysToInline?.meanDays ?? null,
    },
    byChannel: a.byChannel.map(salesOf),
    byCategory: a.byCategory.map(salesOf),
    statusCounts: Object.fromEntries(
      DEPOSIT_STATUSES.map((status) => [status, counts.get(status) ?? 0]),
    ) as Record<DepositStatus, number>,
    plans: a.vendorsByPlan.map((p) => ({ key: p.key, count: p.count })),
    marketplaceFees: a.marketplaceFees.map((c) => ({
      channel: c.channel,
      count: c.count,
      gross: Number(c.grossCents),
      fees: Number(c.marketplaceFeesCents),
      net: Number(c.netCents),
      depositors: Number(c.depositorsCents),
      vendor: Number(c.vendorCents),
    })),
  };
}

export const statsMachine = createFiguresMachine<StatsFigures>('stats');

/**
 * The statistics of a period in one call (StatsService.GetStats): staff's `/stats` for every
 * vendor, a vendor's own page for themself (`vendor` names them; the server refuses anyone else).
 */
export function statsLogic(clients: ClientFactory, vendor = '') {
  const stats = clients.get(StatsService);
  return statsMachine.provide({
    actors: {
      loadFigures: fromPromise<StatsFigures, DateRange>(async ({ input, signal }) =>
        figuresOf(
          await stats.getStats(
            { period: { from: input.dateFrom, to: input.dateTo }, vendor },
            { signal },
          ),
        ),
      ),
    },
  });
}
