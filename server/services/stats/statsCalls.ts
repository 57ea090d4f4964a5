import { create } from '@bufbuild/protobuf';
import { Code, type HandlerContext } from '@connectrpc/connect';
import {
  GetStatsResponseSchema,
  StatsSplitSchema,
  StatsService,
  type GetStatsRequest,
  type StatsSplit,
} from '../../../src/rpc/gen/seconde/v1/stats_pb.ts';
import { requireCaller } from '../../crud/crudService.ts';
import type { Caller } from '../../rpc/caller.ts';
import { fail } from '../../rpc/reasons.ts';
import { feesPerChannel } from '../marketplaceTransactions/transactionStore.ts';
import type { ServiceDeps } from '../deps.ts';
import { implement } from '../implement.ts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import { statsFigures, type Sales, type Split } from './statsFigures.ts';

/**
 * Whose figures a caller reads: staff any vendor they name, or every vendor (null); a vendor
 * themself only. The access table refuses customers first; this says it again.
 */
export function statsVendor(caller: Caller, named: string): string | null {
  if (caller.isAdminLevel) return named || null;
  if (caller.vendorUuid) {
    if (named && named !== caller.vendorUuid)
      throw fail(Code.PermissionDenied, 'FORBIDDEN', 'You read your own statistics only');
    return caller.vendorUuid;
  }
  throw fail(Code.PermissionDenied, 'FORBIDDEN', 'Only vendors and staff read statistics');
}

const splitMessage = (s: Split): StatsSplit =>
  create(StatsSplitSchema, {
    vendorCents: BigInt(s.vendor),
    depositorsCents: BigInt(s.depositors),
    platformCents: BigInt(s.platform),
  });

const salesMessage = (s: Sales) => ({
  key: s.key,
  label: s.label,
  count: s.count,
  amountCents: BigInt(s.amount),
});

/** The period's Paris days as instants: the first day's midnight, and the one after the last. */
async function parisBounds(
  db: Kysely<Database>,
  period: { from: string; to: string },
): Promise<{ soldFrom: Date | null; soldBefore: Date | null }> {
  const { rows } = await sql<{ sold_from: Date | null; sold_before: Date | null }>`select
      nullif(${period.from}, '')::date::timestamp at time zone 'Europe/Paris' as sold_from,
      (nullif(${period.to}, '')::date + 1)::timestamp at time zone 'Europe/Paris' as sold_before
    `.execute(db);
  return { soldFrom: rows[0]?.sold_from ?? null, soldBefore: rows[0]?.sold_before ?? null };
}

/** StatsService: every figure of a statistics screen for one period, in one answer. */
export function statsCallsHandlers(deps: ServiceDeps) {
  async function getStats(req: GetStatsRequest, ctx: HandlerContext) {
    const caller = requireCaller(ctx);
    const vendor = statsVendor(caller, req.vendor);
    const period = { from: req.period?.from ?? '', to: req.period?.to ?? '' };
    if (period.from && period.to && period.to < period.from)
      throw fail(Code.InvalidArgument, 'INVALID_ARGUMENT', 'The period ends before it starts');
    const [f, fees] = await Promise.all([
      statsFigures(deps.db, {
        period,
        vendor,
        withPlans: caller.isAdminLevel && vendor === null,
        now: deps.clock(),
      }),
      parisBounds(deps.db, period).then((bounds) => feesPerChannel(deps.db, vendor, bounds)),
    ]);
    return create(GetStatsResponseSchema, {
      soldCount: f.soldCount,
      turnoverCents: BigInt(f.turnover),
      split: splitMessage(f.split),
      months: f.months.map((m) => ({
        month: m.month,
        soldCount: m.soldCount,
        turnoverCents: BigInt(m.turnover),
        split: splitMessage(m.split),
      })),
      putOnlineCount: f.putOnline,
      soldOfPutOnlineCount: f.soldOfPutOnline,
      daysToInline: {
        deposits: f.daysToInline.deposits,
        ...(f.daysToInline.median === null ? {} : { medianDays: f.daysToInline.median }),
        ...(f.daysToInline.mean === null ? {} : { meanDays: f.daysToInline.mean }),
      },
      byChannel: f.byChannel.map(salesMessage),
      byCategory: f.byCategory.map(salesMessage),
      depositsByStatus: [...f.depositsByStatus],
      vendorsByPlan: [...f.vendorsByPlan],
      marketplaceFees: fees.channels.map((c) => ({
        channel: c.channel,
        count: c.count,
        grossCents: BigInt(c.grossCents),
        marketplaceFeesCents: BigInt(c.marketplaceFeesCents),
        netCents: BigInt(c.netCents),
        depositorsCents: BigInt(c.depositorShareCents),
        vendorCents: BigInt(c.vendorShareCents),
      })),
    });
  }
  return [implement(StatsService, { getStats })] as const;
}
