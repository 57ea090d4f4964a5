import { Code } from '@connectrpc/connect';
import { sql } from 'kysely';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSponsorCodeShape } from '../../src/domain/referral/sponsorCode.ts';
import { ReferralRewardStatus, ReferralService } from '../../src/rpc/gen/seconde/v1/referral_pb.ts';
import {
  SubscriptionService,
  SubscriptionType,
} from '../../src/rpc/gen/seconde/v1/subscription_pb.ts';
import { PAYMENT_WEBHOOK_PATH } from '../../server/services/billing/paymentProvider.ts';
import { startPaymentSandbox, type TestPaymentSandbox } from '../helpers/paymentSandbox.ts';
import { refusalOf, startTestServer, type TestServer } from '../helpers/testServer.ts';

const DAY = 86_400;

let t: TestServer;
let payments: TestPaymentSandbox;
let serverUrl = '';
let vendorUuid = '';
let trialUuid = '';
let companyUuid = '';

beforeAll(async () => {
  payments = await startPaymentSandbox('referrals', () => serverUrl);
  t = await startTestServer({ demoProducts: 0, billing: payments.billing });
  serverUrl = t.server.url;
  vendorUuid = (await t.me('vendor')).vendorUuid;
  trialUuid = (await t.me('trial')).vendorUuid;
  companyUuid = (await t.me('company')).vendorUuid;
  // Trials long over: each first invoice is due at once.
  await sql`update vendor set extension_free_trial_start_datetime = now() - interval '60 days'
    where uuid in (${vendorUuid}, ${trialUuid})`.execute(t.server.db);
}, 240_000);

afterAll(async () => {
  await t?.close();
  await payments?.double.close();
});

const codeOf = async (vendor: string) =>
  (
    await sql<{
      code: string;
    }>`select sponsor_code as code from vendor where uuid = ${vendor}`.execute(t.server.db)
  ).rows[0]!.code;

/** Waits until every event sent, and every event those made the server cause, is answered. */
async function settle() {
  let seen = -1;
  while (seen !== payments.sandbox.deliveries.length) {
    seen = payments.sandbox.deliveries.length;
    await payments.sandbox.settled();
  }
}

const referralRow = async () =>
  (
    await sql<{
      reward_status: string;
      reward_invoice: string | null;
      sponsor_coupon: string | null;
      rewarded_at: Date | null;
    }>`select reward_status, reward_invoice, sponsor_coupon, rewarded_at from referral
      where sponsored = ${trialUuid}`.execute(t.server.db)
  ).rows[0];

const paidOf = (customer: unknown) =>
  payments.sandbox.deliveries
    .filter((d) => d.event.type === 'invoice.paid')
    .map((d) => (d.event.data as { object: Stripe.Invoice }).object)
    .filter((i) => i.customer === customer)
    .map((i) => i.amount_paid);

describe('sponsor codes', () => {
  it('every vendor has one, readable and unique, made by the database and never changed', async () => {
    const { rows } = await sql<{
      code: string | null;
    }>`select sponsor_code as code from vendor`.execute(t.server.db);
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.filter((r) => !r.code || !isSponsorCodeShape(r.code))).toEqual([]);
    expect(new Set(rows.map((r) => r.code)).size).toBe(rows.length);
    // A vendor inserted with a code of its own choosing gets a fresh one all the same.
    const made = (
      await sql<{ uuid: string; code: string }>`insert into vendor (email, sponsor_code)
        values ('parrain.neuf@exemple.fr', 'ILLO0') returning uuid, sponsor_code as code`.execute(
        t.server.db,
      )
    ).rows[0]!;
    expect(isSponsorCodeShape(made.code)).toBe(true);
    await sql`update vendor set sponsor_code = ${await codeOf(vendorUuid)}, first_name = 'Neuf'
      where uuid = ${made.uuid}`.execute(t.server.db);
    expect(await codeOf(made.uuid)).toBe(made.code);
    await sql`delete from vendor where uuid = ${made.uuid}`.execute(t.server.db);
  });
});

describe('CreateFromSponsorCode', () => {
  it('refuses a caller who is not a vendor, in words', async () => {
    const code = await codeOf(vendorUuid);
    for (const who of ['customer', 'developer'] as const)
      expect(
        await refusalOf(
          t.client(ReferralService, who).createFromSponsorCode({ sponsorCode: code }),
        ),
      ).toEqual({ code: Code.PermissionDenied, reason: 'REFERRAL_VENDORS_ONLY' });
  });

  it('refuses an empty code, an unknown one and the caller’s own, recording nothing', async () => {
    const client = t.client(ReferralService, 'trial');
    const cases = [
      ['  ', 'SPONSOR_CODE_EMPTY'],
      ['ZZZZZZZZ', 'SPONSOR_CODE_UNKNOWN'],
      ['O0I1', 'SPONSOR_CODE_UNKNOWN'],
      [(await codeOf(trialUuid)).toLowerCase(), 'SPONSOR_CODE_OWN'],
    ] as const;
    for (const [sponsorCode, reason] of cases)
      expect(await refusalOf(client.createFromSponsorCode({ sponsorCode }))).toMatchObject({
        reason,
      });
    const { rows } = await sql`select 1 from referral`.execute(t.server.db);
    expect(rows).toEqual([]);
  });

  it('records the sponsor from a code typed in any case with spaces, once', async () => {
    const code = await codeOf(vendorUuid);
    const typed = ` ${code.slice(0, 4).toLowerCase()} ${code.slice(4)} `;
    const client = t.client(ReferralService, 'trial');
    const answer = await client.createFromSponsorCode({ sponsorCode: typed });
    expect(answer.success).toBe(true);
    expect(answer.sponsorName).toMatch(/\S/);
    // The same code again is no refusal, and still one referral.
    expect((await client.createFromSponsorCode({ sponsorCode: code })).success).toBe(true);
    const { rows } = await sql<{ sponsor: string; sponsor_code: string }>`
      select sponsor, sponsor_code from referral where sponsored = ${trialUuid}`.execute(
      t.server.db,
    );
    expect(rows).toEqual([{ sponsor: vendorUuid, sponsor_code: code }]);
  });

  it('refuses a second sponsor, the sponsored vendor’s own sponsor, and a vendor already subscribed', async () => {
    expect(
      await refusalOf(
        t
          .client(ReferralService, 'trial')
          .createFromSponsorCode({ sponsorCode: await codeOf(companyUuid) }),
      ),
    ).toEqual({ code: Code.FailedPrecondition, reason: 'ALREADY_SPONSORED' });
    expect(
      await refusalOf(
        t
          .client(ReferralService, 'vendor')
          .createFromSponsorCode({ sponsorCode: await codeOf(trialUuid) }),
      ),
    ).toEqual({ code: Code.FailedPrecondition, reason: 'SPONSOR_CODE_MUTUAL' });
    await sql`insert into subscription (vendor, status, payment_provider_id, provider_event_at)
      values (${companyUuid}, 'ACTIVE', 'sub_referrals_company', now())`.execute(t.server.db);
    expect(
      await refusalOf(
        t
          .client(ReferralService, 'company')
          .createFromSponsorCode({ sponsorCode: await codeOf(vendorUuid) }),
      ),
    ).toEqual({ code: Code.FailedPrecondition, reason: 'REFERRAL_TOO_LATE' });
    const { rows } = await sql`select 1 from referral`.execute(t.server.db);
    expect(rows).toHaveLength(1);
  });
});

describe('ListReferrals', () => {
  it('shows a vendor their code, who they sponsored and who sponsored them', async () => {
    const mine = await t.client(ReferralService, 'vendor').listReferrals({});
    expect(mine.sponsorCode).toBe(await codeOf(vendorUuid));
    expect(mine.count).toBe(1);
    expect(mine.results[0]).toMatchObject({ rewardStatus: ReferralRewardStatus.PENDING });
    expect(mine.results[0]!.sponsoredName).toMatch(/\S/);
    expect(mine.results[0]!.rewardedAt).toBeUndefined();
    expect(mine.sponsoredBy).toBe('');
    const theirs = await t.client(ReferralService, 'trial').listReferrals({});
    expect(theirs.count).toBe(0);
    expect(theirs.sponsoredBy).toMatch(/\S/);
  });

  it('refuses a vendor naming another vendor, and lets staff name anyone', async () => {
    expect(
      await refusalOf(t.client(ReferralService, 'company').listReferrals({ vendor: vendorUuid })),
    ).toMatchObject({ code: Code.PermissionDenied, reason: 'FORBIDDEN' });
    expect(await refusalOf(t.client(ReferralService, 'customer').listReferrals({}))).toMatchObject({
      code: Code.PermissionDenied,
    });
    expect(await refusalOf(t.client(ReferralService, 'developer').listReferrals({}))).toMatchObject(
      { reason: 'NO_OWN_RECORD' },
    );
    const named = await t
      .client(ReferralService, 'developer')
      .listReferrals({ vendor: vendorUuid });
    expect(named.count).toBe(1);
    expect((await t.client(ReferralService, 'company').listReferrals({})).count).toBe(0);
  });
});

describe('the referral reward', () => {
  it('gives the sponsored vendor a first month free and the sponsor one month, exactly once', async () => {
    // The sponsor subscribes first, without any discount.
    const sponsorSession = await t
      .client(SubscriptionService, 'vendor')
      .createCheckoutSession({ type: SubscriptionType.STARTER, interval: 'month' });
    const sponsor = await payments.sandbox.completeCheckout(sponsorSession.sessionId);
    await settle();
    expect(paidOf(sponsor.customer)).toEqual([1900]);

    // The sponsored vendor's checkout carries the welcome month on its own.
    const coded = await t
      .client(SubscriptionService, 'trial')
      .createCheckoutSession({ type: SubscriptionType.ESSENTIAL, interval: 'month' });
    const stripe = payments.provider();
    const session = await stripe.checkout.sessions.retrieve(coded.sessionId);
    expect(session.amount_total).toBe(0);
    expect(session.discounts?.[0]?.coupon).toMatch(/^seconde-referral-welcome-/);
    const sponsored = await payments.sandbox.completeCheckout(coded.sessionId);
    await settle();
    // A free first invoice pays nothing, so it earns nothing yet.
    expect(paidOf(sponsored.customer)).toEqual([0]);
    expect((await referralRow())?.reward_status).toBe('PENDING');

    // The second month is paid: the sponsor's month is earned and put on their plan.
    payments.sandbox.advanceClock(32 * DAY);
    await settle();
    expect(paidOf(sponsored.customer)).toEqual([0, 2900]);
    const earned = await referralRow();
    expect(earned).toMatchObject({ reward_status: 'APPLIED' });
    expect(earned?.sponsor_coupon).toMatch(/^seconde-referral-sponsor-/);
    expect(payments.sandbox.deliveries.every((d) => d.status === 200)).toBe(true);
    const listed = await t.client(ReferralService, 'vendor').listReferrals({});
    expect(listed.results[0]).toMatchObject({ rewardStatus: ReferralRewardStatus.APPLIED });
    expect(listed.results[0]!.rewardedAt).toBeDefined();

    // Replaying the paid invoice's event (signed again) changes nothing.
    const updates = () =>
      payments.sandbox.requests.filter(
        (r) => r.method === 'POST' && r.path.startsWith('/v1/subscriptions/'),
      ).length;
    const before = updates();
    const paid = payments.sandbox.deliveries.filter(
      (d) =>
        d.event.type === 'invoice.paid' &&
        (d.event.data as { object: Stripe.Invoice }).object.customer === sponsored.customer,
    )[1]!;
    const replay = await fetch(`${serverUrl}${PAYMENT_WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { 'stripe-signature': payments.sandbox.sign(paid.payload) },
      body: paid.payload,
    });
    expect(await replay.json()).toMatchObject({ outcome: 'replayed' });
    await settle();
    expect(updates()).toBe(before);
    expect(await referralRow()).toEqual(earned);

    // The sponsor's next month is free, the one after is paid again; later payments of the
    // sponsored vendor earn nothing more.
    payments.sandbox.advanceClock(31 * DAY);
    await settle();
    payments.sandbox.advanceClock(31 * DAY);
    await settle();
    expect(paidOf(sponsor.customer)).toEqual([1900, 1900, 0, 1900]);
    expect(paidOf(sponsored.customer)).toEqual([0, 2900, 2900, 2900]);
    expect(await referralRow()).toEqual(earned);
    const coupon = await stripe.coupons.retrieve(earned!.sponsor_coupon!);
    expect(coupon).toMatchObject({ percent_off: 100, duration: 'once', times_redeemed: 1 });
  });
});
