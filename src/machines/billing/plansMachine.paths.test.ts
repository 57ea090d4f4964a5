import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import { describePaths, done, failure, walkPaths } from '../testing/walkPaths.ts';
import { plansMachine, type PlanOffer } from './plansMachine.ts';

const PLANS: PlanOffer[] = [
  {
    type: 'PRO',
    interval: 'month',
    amountCents: 4900,
    currency: 'eur',
    productLimit: 2000,
    trialDays: 14,
  },
];
const CHOOSE = { type: 'plans.choose', planType: 'PRO', interval: 'month' } as const;
// A promotion code is sent trimmed, with the plan, to the checkout only.
const CHOOSE_WITH_CODE = { ...CHOOSE, couponCode: '  BIENVENUE20 ' } as const;
const couponRefusal = (reason: string) =>
  new ConnectError(JSON.stringify({ code: reason, message: 'refused' }), Code.InvalidArgument);
const PREVIEW = {
  amountDueCents: 1330,
  prorationCents: 1330,
  currency: 'eur',
  prorationDate: 1_790_000_000,
  errorCode: null,
};
const PAGE = { url: 'https://checkout.example/cs_1', errorCode: null };

describePaths(
  'plansMachine',
  walkPaths({
    machine: plansMachine,
    events: [
      CHOOSE,
      CHOOSE_WITH_CODE,
      { type: 'plans.openPortal' },
      { type: 'plans.retry' },
      done('loadPlans', PLANS),
      failure('loadPlans', new ConnectError('down', Code.Unavailable)),
      done('previewChange', { ...PREVIEW, errorCode: 'NO_RUNNING_PLAN' }),
      done('previewChange', PREVIEW),
      done('previewChange', { ...PREVIEW, errorCode: 'SAME_PLAN' }),
      failure('previewChange', new ConnectError('down', Code.Unavailable)),
      { type: 'plans.confirmChange' },
      { type: 'plans.cancelChange' },
      done('changePlan', { errorCode: null }),
      done('changePlan', { errorCode: 'resource_missing' }),
      failure('changePlan', new ConnectError('down', Code.Unavailable)),
      done('openCheckout', PAGE),
      done('openCheckout', { url: '', errorCode: 'resource_missing' }),
      failure('openCheckout', couponRefusal('COUPON_UNKNOWN')),
      failure('openCheckout', couponRefusal('COUPON_EXPIRED')),
      failure(
        'openCheckout',
        new ConnectError(
          JSON.stringify({ code: 'PAYMENT_PROVIDER_UNAVAILABLE', message: 'down' }),
          Code.Unavailable,
        ),
      ),
      done('openPortal', PAGE),
      done('openPortal', { url: '', errorCode: 'resource_missing' }),
      failure('openPortal', new ConnectError('down', Code.Unavailable)),
      done('leaveFor'),
      failure('leaveFor', new Error('blocked')),
    ],
    // States told apart by what the page shows, so the simple paths stay countable.
    serializeState: (s) =>
      JSON.stringify([s.value, s.context.errorKey, !!s.context.preview, s.context.plans.length]),
    errorOf: (s) => s.context.errorCode,
    check: (s, { where, event, started }) => {
      if (s.matches('ready')) expect(s.context.plans, where).toEqual(PLANS);
      // The browser leaves only for a page the provider gave.
      for (const call of started)
        if (call.id === 'leaveFor') expect(call.input, where).toEqual({ url: PAGE.url });
      if (s.matches('openingCheckout'))
        expect(s.context.chosen, where).toEqual({ type: 'PRO', interval: 'month' });
      if (s.hasTag('error')) expect(s.context.errorKey, where).toBeTruthy();
      // The code typed goes to the checkout as typed (trimmed); a refused code says which refusal.
      if (event.type === 'plans.choose')
        expect(s.context.couponCode, where).toBe(
          'couponCode' in event && event.couponCode ? 'BIENVENUE20' : '',
        );
      for (const call of started)
        if (call.id === 'openCheckout')
          expect(call.input, where).toEqual({
            type: 'PRO',
            interval: 'month',
            couponCode: s.context.couponCode,
          });
      if (s.matches('refused') && s.context.errorCode === 'invalidRequest')
        expect(['billing.couponUnknown', 'billing.couponExpired'], where).toContain(
          s.context.errorKey,
        );
      // The amount shown is the one the change is made with.
      if (s.matches('confirmingChange')) expect(s.context.preview, where).toEqual(PREVIEW);
      for (const call of started)
        if (call.id === 'changePlan')
          expect(call.input, where).toEqual({
            type: 'PRO',
            interval: 'month',
            prorationDate: PREVIEW.prorationDate,
          });
    },
  }),
);
