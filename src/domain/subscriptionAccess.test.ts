import { describe, expect, it } from 'vitest';
import {
  hasActiveSubscriptionAccess,
  hasSubscriptionAccess,
  isInTrial,
  isTrainingSubscription,
  isValidIgnoringCommission,
  isValidSubscription,
  trialDaysLeft,
  type AccessSubject,
  type SubscriptionView,
} from './subscriptionAccess.ts';

const vendor = (subscription: SubscriptionView | null): AccessSubject => ({
  isAdminLevel: false,
  isCustomer: false,
  subscription,
});
const active: SubscriptionView = { status: 'ACTIVE', type: 'PRO', paymentProviderId: 'sub_1' };
const training: SubscriptionView = {
  status: 'CANCELED',
  type: 'FORMATION',
  paymentProviderId: 'formation_42',
};

describe('subscription access', () => {
  it.each([
    [
      'admin without subscription',
      { isAdminLevel: true, isCustomer: false, subscription: null },
      true,
      true,
    ],
    ['vendor, active', vendor(active), true, true],
    ['vendor, training', vendor(training), true, false],
    ['vendor, trialing', vendor({ ...active, status: 'TRIALING' }), false, false],
    ['vendor, past due', vendor({ ...active, status: 'PAST_DUE' }), false, false],
    ['vendor, none', vendor(null), false, false],
    [
      'customer, active',
      { isAdminLevel: false, isCustomer: true, subscription: active },
      false,
      false,
    ],
    [
      'customer, training',
      { isAdminLevel: false, isCustomer: true, subscription: training },
      false,
      false,
    ],
    ['vendor, canceled', vendor({ ...active, status: 'CANCELED' }), false, false],
  ] as const)('%s', (_, subject, access, strict) => {
    expect(hasSubscriptionAccess(subject)).toBe(access);
    expect(hasActiveSubscriptionAccess(subject)).toBe(strict);
  });

  it.each([
    [active, true, true],
    [{ ...active, status: 'TRIALING' }, true, true],
    [{ ...active, status: 'CANCELED' }, false, false],
    [{ ...active, type: 'COMMISSION' }, false, false],
    [{ ...active, type: 'FORMATION' }, false, true],
    [{ ...active, paymentProviderId: 'formation_1' }, false, true],
    [null, false, false],
  ] as const)('validity of %o', (subscription, valid, ignoringCommission) => {
    expect(isValidSubscription(subscription)).toBe(valid);
    expect(isValidIgnoringCommission(subscription)).toBe(ignoringCommission);
  });

  it.each([
    ['formation_42', true],
    ['formation', true],
    ['sub_formation', false],
    ['Formation_1', false],
    ['sub_1', false],
    ['', false],
    [null, false],
  ] as const)('payment-provider id %j marks a training subscription: %s', (id, training) => {
    expect(isTrainingSubscription({ status: 'ACTIVE', paymentProviderId: id })).toBe(training);
  });

  it('no subscription is no training subscription', () => {
    expect(isTrainingSubscription(null)).toBe(false);
  });
});

describe('the 14-day free trial', () => {
  const start = new Date('2026-11-01T10:00:00Z');
  it.each([
    ['before it starts', null, '2026-11-02T00:00:00Z', false, 0],
    ['on its first day', start, '2026-11-01T12:00:00Z', true, 14],
    ['half way', start, '2026-11-08T10:00:00Z', true, 7],
    ['on its last afternoon', start, '2026-11-15T09:00:00Z', true, 1],
    ['at its end', start, '2026-11-15T10:00:00Z', false, 0],
    ['after it', start, '2026-12-01T00:00:00Z', false, 0],
  ] as const)('%s', (_, trialStart, now, inTrial, days) => {
    const user = { trialStart };
    expect(isInTrial(user, new Date(now))).toBe(inTrial);
    expect(trialDaysLeft(user, new Date(now))).toBe(days);
  });

  it('needs a user', () => {
    expect(isInTrial(null, new Date())).toBe(false);
  });
});
