import { fromPromise } from 'xstate';
import type { ClientFactory } from '../../rpc/clients.ts';
import { PaymentPortalService } from '../../rpc/gen/seconde/v1/payment_portal_pb.ts';
import {
  CheckoutStatus,
  SubscriptionService,
  SubscriptionStatusSchema,
  SubscriptionType,
  SubscriptionTypeSchema,
} from '../../rpc/gen/seconde/v1/subscription_pb.ts';
import { enumLabel, toMs } from '../people/labels.ts';
import { checkoutConfirmationMachine, type CheckoutCheck } from './checkoutConfirmationMachine.ts';
import {
  plansMachine,
  type PlanChangePreview,
  type PlanOffer,
  type ProviderPage,
} from './plansMachine.ts';
import { vendorPortalMachine } from './vendorPortalMachine.ts';

const typeNumber = (label: string) =>
  SubscriptionTypeSchema.values.find((v) => v.localName === label)?.number ??
  SubscriptionType.UNSPECIFIED;

/** The plans page with its calls: plans, checkout, billing portal, and leaving for them. */
export function plansLogic(clients: ClientFactory, leave: (url: string) => void) {
  const subscriptions = clients.get(SubscriptionService);
  const portal = clients.get(PaymentPortalService);
  return plansMachine.provide({
    actors: {
      loadPlans: fromPromise<readonly PlanOffer[]>(async ({ signal }) => {
        const { plans } = await subscriptions.listPlans({}, { signal });
        return plans.map((p) => ({
          type: enumLabel(SubscriptionTypeSchema, p.type) ?? '',
          interval: p.interval === 'year' ? 'year' : 'month',
          amountCents: Number(p.amountCents),
          currency: p.currency,
          productLimit: p.productLimit,
          trialDays: p.trialDays,
        }));
      }),
      openCheckout: fromPromise<
        ProviderPage,
        { type: string; interval: 'month' | 'year'; couponCode: string }
      >(async ({ input, signal }) => {
        const answer = await subscriptions.createCheckoutSession(
          { type: typeNumber(input.type), interval: input.interval, couponCode: input.couponCode },
          { signal },
        );
        return { url: answer.url, errorCode: answer.errorCode ?? null };
      }),
      previewChange: fromPromise<PlanChangePreview, { type: string; interval: 'month' | 'year' }>(
        async ({ input, signal }) => {
          const a = await subscriptions.previewPlanChange(
            { type: typeNumber(input.type), interval: input.interval },
            { signal },
          );
          return {
            amountDueCents: Number(a.amountDueCents),
            prorationCents: Number(a.prorationCents),
            currency: a.currency,
            prorationDate: Number(a.prorationDate),
            errorCode: a.errorCode ?? null,
          };
        },
      ),
      changePlan: fromPromise<
        { errorCode: string | null },
        { type: string; interval: 'month' | 'year'; prorationDate: number }
      >(async ({ input, signal }) => {
        const a = await subscriptions.changePlan(
          {
            type: typeNumber(input.type),
            interval: input.interval,
            prorationDate: BigInt(input.prorationDate),
          },
          { signal },
        );
        return { errorCode: a.errorCode ?? null };
      }),
      openPortal: fromPromise<ProviderPage>(async ({ signal }) => {
        const answer = await portal.getCustomerPortalUrl({}, { signal });
        return { url: answer.url, errorCode: answer.errorCode ?? null };
      }),
      leaveFor: fromPromise<void, { url: string }>(
        ({ input }) =>
          new Promise<void>(() => {
            leave(input.url);
          }),
      ),
    },
  });
}

/** Staff opening a chosen vendor's billing portal, and leaving for it. */
export function vendorPortalLogic(clients: ClientFactory, leave: (url: string) => void) {
  const portal = clients.get(PaymentPortalService);
  return vendorPortalMachine.provide({
    actors: {
      openPortal: fromPromise<ProviderPage, { vendor: string }>(async ({ input, signal }) => {
        const answer = await portal.getCustomerPortalUrl({ vendor: input.vendor }, { signal });
        return { url: answer.url, errorCode: answer.errorCode ?? null };
      }),
      leaveFor: fromPromise<void, { url: string }>(
        ({ input }) =>
          new Promise<void>(() => {
            leave(input.url);
          }),
      ),
    },
  });
}

/** The confirmation page with its call: where the checkout stands on our server. */
export function checkoutConfirmationLogic(clients: ClientFactory) {
  const subscriptions = clients.get(SubscriptionService);
  return checkoutConfirmationMachine.provide({
    actors: {
      checkStatus: fromPromise<CheckoutCheck, { sessionId: string }>(async ({ input, signal }) => {
        const answer = await subscriptions.getCheckoutStatus(
          { sessionId: input.sessionId },
          { signal },
        );
        if (answer.status === CheckoutStatus.EXPIRED) return { status: 'expired', plan: null };
        if (answer.status !== CheckoutStatus.CONFIRMED || !answer.subscription)
          return { status: 'pending', plan: null };
        const s = answer.subscription;
        return {
          status: 'confirmed',
          plan: {
            type: enumLabel(SubscriptionTypeSchema, s.type),
            status: enumLabel(SubscriptionStatusSchema, s.status),
            interval: s.planInterval,
            currentPeriodEnd: toMs(s.currentPeriodEnd),
          },
        };
      }),
    },
  });
}
