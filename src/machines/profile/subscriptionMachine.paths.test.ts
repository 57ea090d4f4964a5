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
};

describePaths(
  'subscriptionMachine',
  walkPaths({
    machine: subscriptionMachine,
    input: { vendorUuid: 'vendor-1' },
    events: [
      { type: 'subscription.retry' },
      done('loadSubscription', SUMMARY),
      done('loadSubscription', null),
      failure('loadSubscription', new ConnectError('down', Code.Unavailable)),
    ],
    errorOf: (s) => s.context.errorCode,
    check: (s, { where }) =>
      expect(s.matches('ready'), where).toBe(s.context.subscription !== null),
  }),
);
