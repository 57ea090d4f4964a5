import { describe, expect, it } from 'vitest';
import {
  WANT_DEPOSIT_REFUSALS,
  WANT_DEPOSIT_REFUSAL_MESSAGES,
  departmentOf,
  isWantDepositRefusal,
  missingProfileFields,
  vendorRefusal,
  wantDepositRefusal,
  type DepositFacts,
  type VendorFacts,
  type WantDepositRefusalName,
  type WantDepositRules,
} from './wantDeposit.ts';

const NOW = new Date('2025-06-12T10:00:00Z');
const DAY = 86_400_000;

const goodVendor: VendorFacts = {
  subscription: {
    type: 'PRO',
    status: 'ACTIVE',
    cancelAtPeriodEnd: false,
    paymentProviderId: 'sub_123',
    currentPeriodEnd: new Date(NOW.getTime() + 20 * DAY),
  },
  isOnTrialPeriod: false,
  disabledAt: null,
  profile: {
    firstName: 'Vera',
    lastName: 'Vendeuse',
    phoneNumber: '0612345678',
    address: '8 rue des Lilas',
    postalCode: '75011',
    city: 'Paris',
    incompleteStatusReason: null,
  },
  welcomeMeetingDone: true,
  availability: 'AVAILABLE',
  pendingDeposits: 0,
  latestAffectation: null,
  familyFavorite: 'WOMAN',
};

const goodDeposit: DepositFacts = {
  family: 'WOMAN',
  customerPostalCode: '75018',
  customerAcceptsPostal: false,
};

const rules: WantDepositRules = { now: NOW, maxPendingDeposits: 3, priorityDepartments: ['13'] };

type Case = readonly [
  string,
  WantDepositRefusalName | null,
  Partial<VendorFacts>,
  Partial<DepositFacts>?,
];
const sub = (extra: Partial<NonNullable<VendorFacts['subscription']>>) => ({
  subscription: { ...goodVendor.subscription!, ...extra },
});
const profile = (extra: Partial<VendorFacts['profile']>) => ({
  profile: { ...goodVendor.profile, ...extra },
});

const CASES: readonly Case[] = [
  ['everything in order', null, {}],
  ['no subscription at all', 'NO_PAID_SUBSCRIPTION', { subscription: null }],
  ['a cancelled paid plan', 'NO_PAID_SUBSCRIPTION', sub({ status: 'CANCELED' })],
  ['an expired incomplete plan', 'NO_PAID_SUBSCRIPTION', sub({ status: 'INCOMPLETE_EXPIRED' })],
  [
    'a running training (not a paid plan)',
    'NO_PAID_SUBSCRIPTION',
    sub({ type: 'FORMATION', paymentProviderId: 'formation_42' }),
  ],
  ['a commission plan', 'COMMISSION_SUBSCRIPTION', sub({ type: 'COMMISSION' })],
  [
    'a cancelled commission plan',
    'COMMISSION_SUBSCRIPTION',
    sub({ type: 'COMMISSION', status: 'CANCELED' }),
  ],
  ['a plan past due', 'SUBSCRIPTION_NOT_UP_TO_DATE', sub({ status: 'PAST_DUE' })],
  ['an unpaid plan', 'SUBSCRIPTION_NOT_UP_TO_DATE', sub({ status: 'UNPAID' })],
  ['an incomplete plan', 'SUBSCRIPTION_NOT_UP_TO_DATE', sub({ status: 'INCOMPLETE' })],
  ['a trialing plan', 'TRIAL_PERIOD', sub({ status: 'TRIALING' })],
  ['a vendor flagged on trial', 'TRIAL_PERIOD', { isOnTrialPeriod: true }],
  [
    'a plan cancelled at period end',
    'SUBSCRIPTION_CANCELLED_AT_PERIOD_END',
    sub({ cancelAtPeriodEnd: true }),
  ],
  [
    'a plan cancelled at period end that has ended',
    'SUBSCRIPTION_CANCELLED_AT_PERIOD_END',
    sub({ cancelAtPeriodEnd: true, status: 'CANCELED' }),
  ],
  [
    'a training whose status ended',
    'TRAINING_FINISHED',
    sub({ type: 'FORMATION', status: 'CANCELED' }),
  ],
  [
    'a training id past its period end',
    'TRAINING_FINISHED',
    sub({ paymentProviderId: 'formation_1', currentPeriodEnd: new Date(NOW.getTime() - DAY) }),
  ],
  ['a disabled vendor', 'VENDOR_DISABLED', { disabledAt: new Date(NOW.getTime() - DAY) }],
  ['a vendor disabled later', null, { disabledAt: new Date(NOW.getTime() + DAY) }],
  ['no phone number', 'PROFILE_INCOMPLETE', profile({ phoneNumber: null })],
  ['a blank city', 'PROFILE_INCOMPLETE', profile({ city: '  ' })],
  ['no postal code', 'PROFILE_INCOMPLETE', profile({ postalCode: '' })],
  ['support says incomplete', 'PROFILE_INCOMPLETE', profile({ incompleteStatusReason: 'ID' })],
  ['welcome meeting not done', 'WELCOME_MEETING_NOT_DONE', { welcomeMeetingDone: false }],
  ['unavailable', 'VENDOR_UNAVAILABLE', { availability: 'UNAVAILABLE' }],
  ['availability never set', 'VENDOR_UNAVAILABLE', { availability: null }],
  ['pending at the limit', 'TOO_MANY_PENDING_DEPOSITS', { pendingDeposits: 3 }],
  ['pending under the limit', null, { pendingDeposits: 2 }],
  [
    'took one this morning',
    'ALREADY_TOOK_DEPOSIT_TODAY',
    { latestAffectation: new Date('2025-06-12T05:00:00Z') },
  ],
  [
    'took one yesterday evening (Paris)',
    null,
    { latestAffectation: new Date('2025-06-11T21:30:00Z') },
  ],
  ['a man deposit for a woman vendor', 'DEPOSIT_GENDER_DIFFERS', {}, { family: 'MAN' }],
  ['a mixed deposit', null, {}, { family: 'MIXED' }],
  ['a vendor taking every family', null, { familyFavorite: 'MIXED' }, { family: 'KIDS' }],
  ['a vendor without favourite', null, { familyFavorite: null }, { family: 'HOME' }],
  [
    'no post, other department',
    'POSTAL_SHIPPING_REFUSED_OTHER_DEPARTMENT',
    {},
    { customerPostalCode: '69003' },
  ],
  [
    'post accepted, other department',
    null,
    {},
    { customerPostalCode: '69003', customerAcceptsPostal: true },
  ],
  [
    'a priority department, vendor elsewhere',
    'PRIORITY_DEPARTMENT',
    {},
    { customerPostalCode: '13006', customerAcceptsPostal: true },
  ],
  [
    'a priority department, vendor there',
    null,
    profile({ postalCode: '13001' }),
    { customerPostalCode: '13006' },
  ],
];

describe('wantDepositRefusal', () => {
  for (const [name, expected, vendor, deposit] of CASES) {
    it(`${name} → ${expected ?? 'accepted'}`, () => {
      expect(
        wantDepositRefusal({ ...goodVendor, ...vendor }, { ...goodDeposit, ...deposit }, rules),
      ).toBe(expected);
    });
  }

  it('has a case for every refusal', () => {
    const covered = new Set(CASES.map(([, refusal]) => refusal));
    expect(WANT_DEPOSIT_REFUSALS.filter((r) => !covered.has(r))).toEqual([]);
  });

  it('answers the first reason in the specification order when several apply', () => {
    // Build a vendor where every reason holds, then lift them one by one from the first.
    const lifts: Array<(v: VendorFacts, d: DepositFacts) => [VendorFacts, DepositFacts]> = [];
    let vendor: VendorFacts = {
      ...goodVendor,
      subscription: null,
      isOnTrialPeriod: true,
      disabledAt: new Date(NOW.getTime() - DAY),
      profile: { ...goodVendor.profile, city: '', postalCode: '75011' },
      welcomeMeetingDone: false,
      availability: 'UNAVAILABLE',
      pendingDeposits: 9,
      latestAffectation: NOW,
      familyFavorite: 'MAN',
    };
    let deposit: DepositFacts = {
      family: 'WOMAN',
      customerPostalCode: '13006',
      customerAcceptsPostal: false,
    };
    const seen: Array<WantDepositRefusalName | null> = [];
    lifts.push(
      (v, d) => [{ ...v, subscription: { ...goodVendor.subscription!, type: 'COMMISSION' } }, d],
      (v, d) => [{ ...v, subscription: { ...goodVendor.subscription!, status: 'PAST_DUE' } }, d],
      (v, d) => [
        { ...v, subscription: { ...goodVendor.subscription!, cancelAtPeriodEnd: true } },
        d,
      ],
      (v, d) => [{ ...v, isOnTrialPeriod: false }, d],
      (v, d) => [
        {
          ...v,
          subscription: { ...goodVendor.subscription!, type: 'FORMATION', status: 'CANCELED' },
        },
        d,
      ],
      (v, d) => [{ ...v, subscription: goodVendor.subscription }, d],
      (v, d) => [{ ...v, disabledAt: null }, d],
      (v, d) => [{ ...v, profile: goodVendor.profile }, d],
      (v, d) => [{ ...v, welcomeMeetingDone: true }, d],
      (v, d) => [{ ...v, availability: 'AVAILABLE' }, d],
      (v, d) => [{ ...v, pendingDeposits: 0 }, d],
      (v, d) => [{ ...v, latestAffectation: null }, d],
      (v, d) => [{ ...v, familyFavorite: 'WOMAN' }, d],
      (v, d) => [v, { ...d, customerAcceptsPostal: true }],
      (v, d) => [v, { ...d, customerPostalCode: '75020' }],
    );
    seen.push(wantDepositRefusal(vendor, deposit, rules));
    for (const lift of lifts) {
      [vendor, deposit] = lift(vendor, deposit);
      seen.push(wantDepositRefusal(vendor, deposit, rules));
    }
    expect(seen).toEqual([
      'NO_PAID_SUBSCRIPTION',
      'COMMISSION_SUBSCRIPTION',
      'SUBSCRIPTION_NOT_UP_TO_DATE',
      'TRIAL_PERIOD',
      'SUBSCRIPTION_CANCELLED_AT_PERIOD_END',
      'TRAINING_FINISHED',
      'VENDOR_DISABLED',
      'PROFILE_INCOMPLETE',
      'WELCOME_MEETING_NOT_DONE',
      'VENDOR_UNAVAILABLE',
      'TOO_MANY_PENDING_DEPOSITS',
      'ALREADY_TOOK_DEPOSIT_TODAY',
      'DEPOSIT_GENDER_DIFFERS',
      'POSTAL_SHIPPING_REFUSED_OTHER_DEPARTMENT',
      'PRIORITY_DEPARTMENT',
      null,
    ]);
  });

  it('separates the reasons that hold for every deposit', () => {
    expect(vendorRefusal({ ...goodVendor, welcomeMeetingDone: false }, rules)).toBe(
      'WELCOME_MEETING_NOT_DONE',
    );
    expect(vendorRefusal({ ...goodVendor, familyFavorite: 'MAN' }, rules)).toBeNull();
  });

  it('has an English message for every refusal and recognises the names', () => {
    for (const refusal of WANT_DEPOSIT_REFUSALS) {
      expect(WANT_DEPOSIT_REFUSAL_MESSAGES[refusal]).toBeTruthy();
      expect(isWantDepositRefusal(refusal)).toBe(true);
    }
    expect(isWantDepositRefusal('TRIAL')).toBe(false);
  });
});

describe('departmentOf', () => {
  it.each([
    ['75011', '75'],
    ['01000', '01'],
    [' 69 003 ', '69'],
    ['20000', '2A'],
    ['20190', '2A'],
    ['20200', '2B'],
    ['20620', '2B'],
    ['97100', '971'],
    ['97400', '974'],
    ['97600', '976'],
    ['98000', '980'],
    ['7501', null],
    ['ABCDE', null],
    ['', null],
    [null, null],
  ] as const)('%s → %s', (code, department) => {
    expect(departmentOf(code)).toBe(department);
  });
});

describe('missingProfileFields', () => {
  it('lists blank and missing fields', () => {
    expect(
      missingProfileFields({ ...goodVendor.profile, address: ' ', phoneNumber: null }),
    ).toEqual(['phoneNumber', 'address']);
  });
});
