import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import { describePaths, done, failure, walkPaths } from '../testing/walkPaths.ts';
import { subscriptionMachine, type SubscriptionSummary } from './subscriptionMachine.ts';

const SUMMARY: SubscriptionSummary = {
  uuid: 'sub-1',
  type: 'PRO',
  status: 'ACTIVE',
  currentPeriodEnd: Date.UTC(2025, 5, 30),
  cancelAtPeriodEnd: false,
  discountPercentOff: 20,
  discountValid: true,
};

describePaths(
  'subscriptionMachine',
  walkPaths({
    machine: subscriptionMachine,
    input: { vendorUuid: 'vendor-1' },
    events: [
      { type: 'subscription.retry' },
      { type: 'subscription.reload' },
      done('loadSubscription', SUMMARY),
      done('loadSubscription', null),
      failure('loadSubscription', new ConnectError('down', Code.Unavailable)),
    ],
    errorOf: (s) => s.context.errorCode,
    check: (s, { where, event, started }) => {
      if (s.matches('ready')) expect(s.context.subscription, where).not.toBeNull();
      if (s.matches('none')) expect(s.context.subscription, where).toBeNull();
      // Reading again starts from the vendor's record, like the first read.
      if (event.type === 'subscription.reload')
        expect(started, where).toEqual([
          { id: 'loadSubscription', input: { vendorUuid: 'vendor-1' } },
        ]);
    },
  }),
);
