import { fromPromise } from 'xstate';
import { FREE_TRIAL_DAYS } from '../../domain/subscriptionAccess.ts';
import type { ClientFactory } from '../../rpc/clients.ts';
import { StatsService } from '../../rpc/gen/seconde/v1/stats_pb.ts';
import { VendorService } from '../../rpc/gen/seconde/v1/vendor_pb.ts';
import { withFilters, type Filters } from '../../rpc/interceptors/filters.ts';
import { createFiguresMachine, type DateRange } from './figuresMachine.ts';
import { periodHeader } from './period.ts';
import { STAGE_FILTERS } from './vendorHiringLogic.ts';

export interface PlanCount {
  /** Subscription type label (STARTER ... FORMATION). */
  readonly type: string;
  readonly count: number;
}

export interface AcquisitionFigures {
  /** Vendors who joined in the period. */
  readonly joined: number;
  readonly notStarted: number;
  readonly inProgress: number;
  readonly completed: number;
  /** Vendors of the period whose 14-day free trial runs today. */
  readonly onTrial: number;
  /** Running subscriptions (active or trialing) by plan, among the vendors of the period. */
  readonly plans: readonly PlanCount[];
  /** Vendors of the period without a running subscription. */
  readonly withoutPlan: number;
  /** How many of the period's vendors the plans were counted for (all of them). */
  readonly planSample: number;
}

export const acquisitionMachine = createFiguresMachine<AcquisitionFigures>('acquisition');

const DAY_MS = 86_400_000;
/** The key GetStats gives vendors without a running plan. */
const NO_PLAN = 'NONE';

/**
 * Vendor acquisition over a period (vendors by creation date), composed from the vendor list:
 * a count per onboarding stage and for the running free trial (filters header, one row asked
 * each), and the running plans of every vendor of the period counted by StatsService.GetStats
 * in one call (before, the newest 100 vendors' plans were read one call each).
 */
export function acquisitionLogic(clients: ClientFactory, now: () => Date = () => new Date()) {
  const vendors = clients.get(VendorService);
  const stats = clients.get(StatsService);
  return acquisitionMachine.provide({
    actors: {
      loadFigures: fromPromise<AcquisitionFigures, DateRange>(async ({ input, signal }) => {
        const period = periodHeader(input);
        const count = async (extra: Filters) =>
          (
            await vendors.list(
              { pagination: { page: 1, pageSize: 1 } },
              withFilters({ ...period, ...extra }, { signal }),
            )
          ).count;
        const today = now();
        const trialStartedAfter = new Date(today.getTime() - FREE_TRIAL_DAYS * DAY_MS);
        const [joined, inProgress, completed, onTrial, figures] = await Promise.all([
          count({}),
          count(STAGE_FILTERS.inProgress),
          count(STAGE_FILTERS.completed),
          count({
            extension_free_trial_start_datetime: {
              gt: trialStartedAfter.toISOString(),
              lte: today.toISOString(),
            },
          }),
          stats.getStats({ period: { from: input.dateFrom, to: input.dateTo } }, { signal }),
        ]);
        const plans = figures.vendorsByPlan;
        const running = plans.filter((p) => p.key !== NO_PLAN);
        return {
          joined,
          notStarted: joined - inProgress - completed,
          inProgress,
          completed,
          onTrial,
          plans: running.map((p) => ({ type: p.key, count: p.count })),
          withoutPlan: plans.find((p) => p.key === NO_PLAN)?.count ?? 0,
          planSample: plans.reduce((n, p) => n + p.count, 0),
        };
      }),
    },
  });
}
