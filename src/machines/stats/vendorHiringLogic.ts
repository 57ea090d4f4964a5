import { fromPromise } from 'xstate';
import { trialEnd } from '../../domain/subscriptionAccess.ts';
import type { ClientFactory } from '../../rpc/clients.ts';
import {
  SubscriptionService,
  SubscriptionStatusSchema,
  SubscriptionTypeSchema,
} from '../../rpc/gen/seconde/v1/subscription_pb.ts';
import {
  SellingTimePerWeekSchema,
  StockQuantitySchema,
  VendorExperienceSchema,
  VendorService,
  type Vendor,
} from '../../rpc/gen/seconde/v1/vendor_pb.ts';
import { withFilters, type Filters } from '../../rpc/interceptors/filters.ts';
import type { Page } from '../shared/pagedListMachine.ts';
import { enumLabel, toMs } from '../people/labels.ts';
import { createQueryListMachine, type ListQuery } from '../shared/queryListMachine.ts';

/** Where a vendor stands in the onboarding. */
export type OnboardingStage = 'notStarted' | 'inProgress' | 'completed';

export interface Plan {
  /** Subscription type label (STARTER ... FORMATION) or null. */
  readonly type: string | null;
  /** Subscription status label (ACTIVE, TRIALING...) or null. */
  readonly status: string | null;
}

export interface HiringRow {
  readonly uuid: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly createdAt: number | null;
  readonly stage: OnboardingStage;
  /** Onboarding answers: enum labels, or null when not answered. */
  readonly sellingTime: string | null;
  readonly stockQuantity: string | null;
  readonly experience: string | null;
  readonly heardFrom: string;
  /** End of the 14-day free trial, when one was started. */
  readonly trialEnd: number | null;
  readonly plan: Plan | null;
  readonly lastActivity: number | null;
}

export interface HiringFilters {
  readonly search: string;
  /** '' for every vendor. */
  readonly stage: '' | 'inProgress' | 'completed';
}

export const HIRING_FILTERS: HiringFilters = { search: '', stage: '' };
export const HIRING_ORDERING = '-created_at';
export const HIRING_SORTABLE = ['created_at', 'last_name'] as const;

export const vendorHiringMachine = createQueryListMachine<HiringRow, HiringFilters>('vendorHiring');

/** Any date at all: a `gte` bound that only excludes an empty (null) column. */
export const IS_SET = { gte: new Date(0).toISOString() } as const;

/** The filters header of each onboarding stage the vendor list can select. */
export const STAGE_FILTERS: Readonly<Record<'inProgress' | 'completed', Filters>> = {
  inProgress: { onboarding_completed: false, onboarding_started_datetime: IS_SET },
  completed: { onboarding_completed: true },
};

export function stageOf(v: Vendor): OnboardingStage {
  if (v.onboardingCompleted) return 'completed';
  return v.onboardingStartedDatetime ? 'inProgress' : 'notStarted';
}

/** A vendor's current plan, read through SubscriptionService; null without one. */
export async function planOf(
  clients: ClientFactory,
  vendor: Vendor,
  signal: AbortSignal,
): Promise<Plan | null> {
  if (!vendor.subscription) return null;
  const s = await clients
    .get(SubscriptionService)
    .retrieve({ uuid: vendor.subscription }, { signal });
  return {
    type: enumLabel(SubscriptionTypeSchema, s.type),
    status: enumLabel(SubscriptionStatusSchema, s.status),
  };
}

/**
 * The newest vendors with their onboarding answers, trial end, plan and last activity: one vendor
 * list page, then the plan and the last activity of each vendor on it.
 */
export function vendorHiringLogic(clients: ClientFactory) {
  const vendors = clients.get(VendorService);
  return vendorHiringMachine.provide({
    actors: {
      fetchPage: fromPromise<Page<HiringRow>, ListQuery<HiringFilters>>(
        async ({ input, signal }) => {
          const { search, stage } = input.filters;
          const answer = await vendors.list(
            {
              pagination: { page: input.page, pageSize: input.pageSize },
              ordering: input.ordering,
              ...(search.trim() && { search: search.trim() }),
            },
            withFilters(stage ? STAGE_FILTERS[stage] : {}, { signal }),
          );
          const rows = await Promise.all(
            answer.results.map(async (v): Promise<HiringRow> => {
              const [plan, activity] = await Promise.all([
                planOf(clients, v, signal),
                vendors.lastActivity({ uuid: v.uuid }, { signal }),
              ]);
              const trialStart = toMs(v.extensionFreeTrialStartDatetime);
              return {
                uuid: v.uuid,
                firstName: v.firstName,
                lastName: v.lastName,
                email: v.email,
                createdAt: toMs(v.createdAt),
                stage: stageOf(v),
                sellingTime: enumLabel(SellingTimePerWeekSchema, v.sellingTimePerWeek),
                stockQuantity: enumLabel(StockQuantitySchema, v.stockQuantity),
                experience: enumLabel(VendorExperienceSchema, v.vendorKind),
                heardFrom: v.howDidYouKnowProvider,
                trialEnd: trialStart === null ? null : trialEnd(new Date(trialStart)).getTime(),
                plan,
                lastActivity: toMs(activity.lastActivityDatetime),
              };
            }),
          );
          return { rows, count: answer.count };
        },
      ),
    },
  });
}
