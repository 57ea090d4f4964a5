import { fromPromise } from 'xstate';
import { FREE_TRIAL_DAYS } from '../../domain/subscriptionAccess.ts';
import type { ClientFactory } from '../../rpc/clients.ts';
import { VendorService } from '../../rpc/gen/seconde/v1/vendor_pb.ts';
import { withFilters, type Filters } from '../../rpc/interceptors/filters.ts';
import { createFiguresMachine, type DateRange } from './figuresMachine.ts';
import { periodHeader } from './period.ts';
import { STAGE_FILTERS, planOf } from './vendorHiringLogic.ts';

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
  /** Running subscriptions (active or trialing) by plan, among the vendors looked at. */
  readonly plans: readonly PlanCount[];
  /** Vendors of the period without a running subscription, among those looked at. */
  readonly withoutPlan: number;
  /** How many of the period's vendors the plans were read for (the newest ones). */
  readonly planSample: number;
}

export const acquisitionMachine = createFiguresMachine<AcquisitionFigures>('acquisition');

/** Vendors whose plan is read at most, the newest first (one subscription call each). */
export const PLAN_SAMPLE = 100;

const DAY_MS = 86_400_000;
const RUNNING = ['ACTIVE', 'TRIALING'];

/**
 * Vendor acquisition over a period (vendors by creation date), composed from the vendor list:
 * a count per onboarding stage and for the running free trial (filters header, one row asked
 * each), then the plans of the newest vendors read one by one. No call counts subscriptions by
 * plan yet, hence the sample.
 */
export function acquisitionLogic(clients: ClientFactory, now: () => Date = () => new Date()) {
  const vendors = clients.get(VendorService);
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
        const [joined, inProgress, completed, onTrial, newest] = await Promise.all([
          count({}),
          count(STAGE_FILTERS.inProgress),
          count(STAGE_FILTERS.completed),
          count({
            extension_free_trial_start_datetime: {
              gt: trialStartedAfter.toISOString(),
              lte: today.toISOString(),
            },
          }),
          vendors.list(
            { pagination: { page: 1, pageSize: PLAN_SAMPLE }, ordering: '-created_at' },
            withFilters(period, { signal }),
          ),
        ]);
        const plans = await Promise.all(newest.results.map((v) => planOf(clients, v, signal)));
        const byType = new Map<string, number>();
        for (const plan of plans) {
          if (!plan?.type || !plan.status || !RUNNING.includes(plan.status)) continue;
          byType.set(plan.type, (byType.get(plan.type) ?? 0) + 1);
        }
        const running = [...byType.values()].reduce((a, b) => a + b, 0);
        return {
          joined,
          notStarted: joined - inProgress - completed,
          inProgress,
          completed,
          onTrial,
          plans: [...byType].map(([type, n]) => ({ type, count: n })),
          withoutPlan: newest.results.length - running,
          planSample: newest.results.length,
        };
      }),
    },
  });
}
