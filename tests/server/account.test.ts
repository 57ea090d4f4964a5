import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, ConnectError } from '@connectrpc/connect';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { sql } from 'kysely';
import { parseReason } from '../../src/rpc/errors.ts';
import { CustomerService } from '../../src/rpc/gen/seconde/v1/customer_pb.ts';
import { DepositService } from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { SessionService } from '../../src/rpc/gen/seconde/v1/session_pb.ts';
import {
  SubscriptionService,
  SubscriptionStatus,
} from '../../src/rpc/gen/seconde/v1/subscription_pb.ts';
import { VendorService } from '../../src/rpc/gen/seconde/v1/vendor_pb.ts';
import { loadConfig } from '../../server/config.ts';
import { vendorHasAccess } from '../../server/services/account/subscriptionGate.ts';
import { refusalOf, startTestServer, type TestServer } from '../helpers/testServer.ts';

const DAY = 86_400_000;
const TERMS = new Date('2026-01-15T00:00:00Z');
let t: TestServer;
/** The server's clock; the demo data are seeded around the real one. */
const now = new Date();
let counter = 0;

beforeAll(async () => {
  t = await startTestServer(
    {
      demoProducts: 0,
      clock: () => now,
      settings: { priorityDepartments: [], maxPendingDeposits: 5, legalTermsUpdatedAt: TERMS },
    },
    ['vendor', 'company', 'trial', 'admin', 'customer', 'developer'],
  );
});

afterAll(async () => {
  await t?.close();
});

const db = () => t.server.db;
const gated = { code: Code.PermissionDenied, reason: 'SUBSCRIPTION_UPDATE_NEEDED' };
const newCustomer = () => ({
  customer: { firstName: 'Gina', lastName: `Garde ${++counter}`, email: `gate${counter}@ex.fr` },
});

async function messageOf(call: Promise<unknown>): Promise<string | undefined> {
  try {
    await call;
  } catch (error) {
    return parseReason(ConnectError.from(error).rawMessage).message;
  }
  return undefined;
}

describe('the subscription gate', () => {
  it('refuses the expired vendor (company@) on every call that needs a plan, with a message', async () => {
    const customers = t.client(CustomerService, 'company');
    expect(await refusalOf(customers.create(newCustomer()))).toEqual(gated);
    expect(await messageOf(customers.create(newCustomer()))).toMatch(/subscription/i);
    expect(
      await refusalOf(
        customers.importData({
          file: new TextEncoder().encode('email\nimport.gate@ex.fr\n'),
          fileName: 'contacts.csv',
        }),
      ),
    ).toEqual(gated);
    expect(
      await refusalOf(t.client(DepositService, 'company').create({ deposit: { name: 'Bloqué' } })),
    ).toEqual(gated);
    const company = (await t.me('company')).vendorUuid;
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from deposit where vendor = ${company} and name = 'Bloqué'`.execute(
      db(),
    );
    expect(rows[0]!.n).toBe(0);
  });

  it.each(['vendor', 'trial', 'admin'] as const)('lets %s@ through', async (who) => {
    const created = await t.client(CustomerService, who).create(newCustomer());
    expect(created.uuid).not.toBe('');
    const deposit = await t.client(DepositService, who).create({
      deposit: {
        name: `Passe ${++counter}`,
        vendor: (await t.me(who === 'admin' ? 'vendor' : who)).vendorUuid,
      },
    });
    expect(deposit.uuid).not.toBe('');
  });

  it.each([
    ['an active plan', { status: 'ACTIVE', type: 'PRO', paymentProviderId: 'sub_1' }, null, true],
    [
      'a trialing plan',
      { status: 'TRIALING', type: 'PRO', paymentProviderId: 'sub_1' },
      null,
      true,
    ],
    [
      'a training plan',
      { status: 'CANCELED', type: 'FORMATION', paymentProviderId: 'formation_1' },
      null,
      true,
    ],
    [
      'an active commission plan',
      { status: 'ACTIVE', type: 'COMMISSION', paymentProviderId: 'c' },
      null,
      true,
    ],
    [
      'a trialing commission plan',
      { status: 'TRIALING', type: 'COMMISSION', paymentProviderId: 'c' },
      null,
      false,
    ],
    [
      'a cancelled plan',
      { status: 'CANCELED', type: 'PRO', paymentProviderId: 'sub_1' },
      null,
      false,
    ],
    [
      'a past-due plan',
      { status: 'PAST_DUE', type: 'PRO', paymentProviderId: 'sub_1' },
      null,
      false,
    ],
    ['no plan', null, null, false],
    ['no plan, extension trial day 3', null, 3, true],
    ['no plan, extension trial over', null, 15, false],
    ['a cancelled plan, extension trial day 13', { status: 'CANCELED', type: 'PRO' }, 13, true],
  ] as const)('a vendor with %s passes: %s', (_, subscription, trialDay, passes) => {
    const trialStart = trialDay === null ? null : new Date(now.getTime() - trialDay * DAY);
    expect(vendorHasAccess({ subscription, trialStart }, now)).toBe(passes);
  });
});

describe('SubscriptionService.TerminateTrial', () => {
  it('is for the vendor owning the subscription, or staff', async () => {
    const trial = await t.client(VendorService, 'admin').retrieve({
      uuid: (await t.me('trial')).vendorUuid,
    });
    for (const who of ['vendor', 'company', 'customer'] as const)
      expect(
        await refusalOf(
          t.client(SubscriptionService, who).terminateTrial({ uuid: trial.subscription }),
        ),
        who,
      ).toMatchObject({ code: Code.PermissionDenied, reason: 'FORBIDDEN' });
  });

  it('refuses a vendor who is not on trial', async () => {
    expect(await refusalOf(t.client(SubscriptionService, 'vendor').terminateTrial({}))).toEqual({
      code: Code.FailedPrecondition,
      reason: 'NOT_ON_TRIAL',
    });
  });

  it('ends the trial now: trial start moved back 14 days, TRIALING becomes ACTIVE, one transaction', async () => {
    const vendorUuid = (await t.me('trial')).vendorUuid;
    const before = await t.client(VendorService, 'admin').retrieve({ uuid: vendorUuid });
    const plan = await t
      .client(SubscriptionService, 'trial')
      .retrieve({ uuid: before.subscription });
    expect(plan.status).toBe(SubscriptionStatus.TRIALING);

    const ended = await t.client(SubscriptionService, 'trial').terminateTrial({ uuid: plan.uuid });
    expect(ended.status).toBe(SubscriptionStatus.ACTIVE);
    expect(ended.rowVersion).toBe(plan.rowVersion + 1);

    const after = await t.client(VendorService, 'admin').retrieve({ uuid: vendorUuid });
    expect(after.isOnTrialPeriod).toBe(false);
    expect(after.rowVersion).toBe(before.rowVersion + 1);
    expect(timestampDate(after.extensionFreeTrialStartDatetime!).getTime()).toBe(
      now.getTime() - 14 * DAY,
    );
    // Nothing left to end, and the vendor still passes the gate with the plan now active.
    expect(await refusalOf(t.client(SubscriptionService, 'trial').terminateTrial({}))).toEqual({
      code: Code.FailedPrecondition,
      reason: 'NOT_ON_TRIAL',
    });
    expect((await t.client(CustomerService, 'trial').create(newCustomer())).uuid).not.toBe('');
  });
});

describe('legal terms', () => {
  it('GetCurrentUser says when the terms in force were last updated', async () => {
    for (const who of ['customer', 'developer'] as const) {
      const me = await t.me(who);
      expect(timestampDate(me.legalTermsUpdatedAt!)).toEqual(TERMS);
    }
  });

  it('AcceptCurrentLegalTerms stores the date and the terms accepted on the caller’s own record', async () => {
    const customerUuid = (await t.me('customer')).customerUuid;
    await sql`update customer set accepted_legal_term_at = null where uuid = ${customerUuid}`.execute(
      db(),
    );
    const answer = await t.client(SessionService, 'customer').acceptCurrentLegalTerms({});
    expect(answer.customerUuid).toBe(customerUuid);
    const { rows } = await sql<{ accepted: Date; terms: Date }>`
      select accepted_legal_term_at as accepted, legal_terms_updated_at as terms
      from customer where uuid = ${customerUuid}`.execute(db());
    expect(rows[0]).toEqual({ accepted: now, terms: TERMS });

    const vendorUuid = (await t.me('company')).vendorUuid;
    await t.client(SessionService, 'company').acceptCurrentLegalTerms({});
    const vendor = await t.client(VendorService, 'admin').retrieve({ uuid: vendorUuid });
    expect(timestampDate(vendor.acceptedLegalTermAt!)).toEqual(now);
  });

  it('refuses staff without a record of their own', async () => {
    expect(
      await refusalOf(t.client(SessionService, 'developer').acceptCurrentLegalTerms({})),
    ).toEqual({ code: Code.FailedPrecondition, reason: 'NO_OWN_RECORD' });
  });
});

describe('LEGAL_TERMS_UPDATED_AT', () => {
  it('defaults to a date before every acceptance of the demo data', () => {
    const date = loadConfig({}).settings.legalTermsUpdatedAt!;
    expect(date.getTime()).toBeLessThan(now.getTime() - 200 * DAY);
  });

  it('reads an ISO date and refuses anything else', () => {
    expect(
      loadConfig({ LEGAL_TERMS_UPDATED_AT: '2026-03-01' }).settings.legalTermsUpdatedAt,
    ).toEqual(new Date('2026-03-01T00:00:00Z'));
    expect(() => loadConfig({ LEGAL_TERMS_UPDATED_AT: 'last week' })).toThrow(/ISO date/);
  });
});
