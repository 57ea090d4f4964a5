import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { createRouterTransport, type HandlerContext } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createClientFactory } from '../../rpc/clients.ts';
import {
  SubscriptionSchema,
  SubscriptionService,
  SubscriptionStatus,
  SubscriptionType,
} from '../../rpc/gen/seconde/v1/subscription_pb.ts';
import {
  SellingTimePerWeek,
  VendorSchema,
  VendorService,
  type Vendor,
} from '../../rpc/gen/seconde/v1/vendor_pb.ts';
import { StatsService } from '../../rpc/gen/seconde/v1/stats_pb.ts';
import { appInterceptors } from '../../rpc/transport.ts';
import { acquisitionLogic } from './acquisitionLogic.ts';
import { HIRING_ORDERING, HIRING_SORTABLE, vendorHiringLogic } from './vendorHiringLogic.ts';

const NOW = new Date(2025, 4, 20);
const DAY = 86_400_000;
const at = (daysAgo: number) => timestampFromDate(new Date(NOW.getTime() - daysAgo * DAY));
const filtersOf = (ctx: HandlerContext) =>
  JSON.parse(decodeURIComponent(ctx.requestHeader.get('filters') ?? '{}')) as Record<
    string,
    unknown
  >;

/**
 * Four vendors: one who never started onboarding, one half-way, two done (one on trial with a
 * trialing PRO plan, one with a cancelled STARTER plan). The vendor list honours the filters the
 * screens send: onboarding flag, start date set, trial start after a date.
 */
const VENDORS: Vendor[] = [
  create(VendorSchema, { uuid: 'v1', firstName: 'Agathe', createdAt: at(1) }),
  create(VendorSchema, {
    uuid: 'v2',
    onboardingStartedDatetime: at(2),
    sellingTimePerWeek: SellingTimePerWeek.LESS_THAN_5H,
    createdAt: at(2),
  }),
  create(VendorSchema, {
    uuid: 'v3',
    onboardingStartedDatetime: at(3),
    onboardingCompleted: true,
    extensionFreeTrialStartDatetime: at(3),
    subscription: 's3',
    howDidYouKnowProvider: 'Instagram',
    createdAt: at(3),
  }),
  create(VendorSchema, {
    uuid: 'v4',
    onboardingStartedDatetime: at(40),
    onboardingCompleted: true,
    extensionFreeTrialStartDatetime: at(40),
    subscription: 's4',
    createdAt: at(40),
  }),
];

function matches(v: Vendor, f: Record<string, unknown>): boolean {
  if ('onboarding_completed' in f && v.onboardingCompleted !== f.onboarding_completed) return false;
  if ('onboarding_started_datetime' in f && !v.onboardingStartedDatetime) return false;
  const trial = f.extension_free_trial_start_datetime as { gt: string } | undefined;
  if (trial) {
    const start = v.extensionFreeTrialStartDatetime;
    if (!start || Number(start.seconds) * 1000 <= Date.parse(trial.gt)) return false;
  }
  return true;
}

function clientsFor() {
  const transport = createRouterTransport(
    (router) => {
      router.service(VendorService, {
        list: (request, ctx) => {
          const hits = VENDORS.filter((v) => matches(v, filtersOf(ctx)));
          const { page, pageSize } = request.pagination!;
          return {
            results: hits.slice((page - 1) * pageSize, page * pageSize),
            count: hits.length,
          };
        },
        lastActivity: (request) => ({
          lastActivityDatetime: request.uuid === 'v3' ? at(0) : undefined,
        }),
      });
      // The plans of the period's vendors, counted by the server in one answer.
      router.service(StatsService, {
        getStats: () => ({
          vendorsByPlan: [
            { key: 'NONE', count: 3 },
            { key: 'PRO', count: 1 },
          ],
        }),
      });
      router.service(SubscriptionService, {
        retrieve: (request) =>
          request.uuid === 's3'
            ? create(SubscriptionSchema, {
                type: SubscriptionType.PRO,
                status: SubscriptionStatus.TRIALING,
              })
            : create(SubscriptionSchema, {
                type: SubscriptionType.STARTER,
                status: SubscriptionStatus.CANCELED,
              }),
      });
    },
    { transport: { interceptors: appInterceptors(() => 'token') } },
  );
  return createClientFactory({ main: transport, notification: transport });
}

describe('acquisitionLogic', () => {
  it('counts vendors per onboarding stage, on trial, and running plans', async () => {
    const actor = createActor(
      acquisitionLogic(clientsFor(), () => NOW),
      { input: {} },
    ).start();
    const { context } = await waitFor(actor, (s) => s.matches('ready'));
    actor.stop();
    expect(context.figures).toEqual({
      joined: 4,
      notStarted: 1,
      inProgress: 1,
      completed: 2,
      onTrial: 1,
      plans: [{ type: 'PRO', count: 1 }],
      withoutPlan: 3,
      planSample: 4,
    });
  });
});

describe('vendorHiringLogic', () => {
  it('lists vendors with their answers, trial end, plan and last activity', async () => {
    const actor = createActor(vendorHiringLogic(clientsFor()), {
      input: {
        filters: { search: '', stage: 'completed' as const },
        ordering: HIRING_ORDERING,
        sortable: HIRING_SORTABLE,
      },
    }).start();
    const { context } = await waitFor(actor, (s) => s.matches('ready'));
    actor.stop();
    expect(context.rows.map((r) => r.uuid)).toEqual(['v3', 'v4']);
    const [v3] = context.rows;
    expect(v3).toMatchObject({
      stage: 'completed',
      heardFrom: 'Instagram',
      plan: { type: 'PRO', status: 'TRIALING' },
      trialEnd: NOW.getTime() - 3 * DAY + 14 * DAY,
      lastActivity: NOW.getTime(),
    });
  });
});
