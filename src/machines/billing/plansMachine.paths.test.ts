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
const PAGE = { url: 'https://checkout.example/cs_1', errorCode: null };

describePaths(
  'plansMachine',
  walkPaths({
    machine: plansMachine,
    events: [
      CHOOSE,
      { type: 'plans.openPortal' },
      { type: 'plans.retry' },
      done('loadPlans', PLANS),
      failure('loadPlans', new ConnectError('down', Code.Unavailable)),
      done('openCheckout', PAGE),
      done('openCheckout', { url: '', errorCode: 'resource_missing' }),
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
    errorOf: (s) => s.context.errorCode,
    check: (s, { where, started }) => {
      if (s.matches('ready')) expect(s.context.plans, where).toEqual(PLANS);
      // The browser leaves only for a page the provider gave.
      for (const call of started)
        if (call.id === 'leaveFor') expect(call.input, where).toEqual({ url: PAGE.url });
      if (s.matches('openingCheckout'))
        expect(s.context.chosen, where).toEqual({ type: 'PRO', interval: 'month' });
      if (s.hasTag('error')) expect(s.context.errorKey, where).toBeTruthy();
    },
  }),
);
