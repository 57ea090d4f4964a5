import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '@connectrpc/connect';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { sql } from 'kysely';
import { CustomerService } from '../../src/rpc/gen/seconde/v1/customer_pb.ts';
import { AgeRange, ContactWay } from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { RateSlideService } from '../../src/rpc/gen/seconde/v1/rate_slide_pb.ts';
import { Role, SessionService, UserType } from '../../src/rpc/gen/seconde/v1/session_pb.ts';
import {
  InventorySupport,
  MarketplaceInterest,
  MonthlyEarningExpectation,
  SellingTimePerWeek,
  StockQuantity,
  VendorExperience,
  VendorSellingMode,
  VendorService,
} from '../../src/rpc/gen/seconde/v1/vendor_pb.ts';
import { demoToken, rpcClient } from '../helpers/demoClient.ts';
import { refusalOf, startTestServer, type TestServer } from '../helpers/testServer.ts';

let t: TestServer;
let newcomer: string;
let clock = new Date('2025-06-12T08:30:00Z');
const NEWCOMER_SUB = '00000000-0000-4000-8000-000000000007';

beforeAll(async () => {
  t = await startTestServer({ demoProducts: 5, clock: () => clock }, [
    'vendor',
    'company',
    'customer',
  ]);
  newcomer = await demoToken(t.server, 'nogroup@seconde.test');
});

afterAll(async () => {
  await t?.close();
});

/** nogroup@ starts every test without a record, as a new user does. */
beforeEach(async () => {
  await sql`delete from vendor where identity_user_uuid = ${NEWCOMER_SUB}`.execute(t.server.db);
  await sql`delete from customer where identity_user_uuid = ${NEWCOMER_SUB}`.execute(t.server.db);
});

const asNewcomer = <S extends Parameters<typeof rpcClient>[1]>(service: S) =>
  rpcClient(t.server.url, service, newcomer);

const VENDOR_ANSWERS = {
  sellingMode: VendorSellingMode.BOTH,
  vendorKind: VendorExperience.OCCASIONAL,
  sellingTimePerWeek: SellingTimePerWeek.BETWEEN_5H_AND_10H,
  stockQuantity: StockQuantity.BETWEEN_250_AND_1000,
  inventorySupport: InventorySupport.SPREADSHEET,
  monthlyEarningExpectation: MonthlyEarningExpectation.BETWEEN_200_AND_500,
  marketplaceInterest: MarketplaceInterest.MAYBE,
};

describe('SessionService.ChooseUserType', () => {
  it('makes a new identity a vendor: own record named after the identity, trial started now', async () => {
    expect((await asNewcomer(SessionService).getCurrentUser({})).groups).toEqual([]);
    const me = await asNewcomer(SessionService).chooseUserType({ userType: UserType.VENDOR });
    expect(me).toMatchObject({ groups: ['Vendor'], role: Role.VENDOR, customerUuid: '' });
    expect(me.vendorUuid).not.toBe('');
    expect(me).toMatchObject({ firstName: 'Noé', lastName: 'Sansgroupe' });
    const vendor = await asNewcomer(VendorService).retrieveByIdentity({});
    expect(vendor).toMatchObject({
      uuid: me.vendorUuid,
      identityUserUuid: NEWCOMER_SUB,
      email: 'nogroup@seconde.test',
      isOnTrialPeriod: true,
      onboardingCompleted: false,
    });
    expect(timestampDate(vendor.extensionFreeTrialStartDatetime!)).toEqual(clock);
    // The record counts as the group from now on.
    expect(await asNewcomer(SessionService).getCurrentUser({})).toMatchObject({
      groups: ['Vendor'],
      role: Role.VENDOR,
      vendorUuid: me.vendorUuid,
    });
  });

  it('makes a new identity a customer with no vendor yet', async () => {
    const me = await asNewcomer(SessionService).chooseUserType({ userType: UserType.CUSTOMER });
    expect(me).toMatchObject({ groups: ['Customer'], role: Role.CUSTOMER, vendorUuid: '' });
    const customer = await asNewcomer(CustomerService).retrieveByIdentity({});
    expect(customer).toMatchObject({
      uuid: me.customerUuid,
      email: 'nogroup@seconde.test',
      vendors: [],
      onboardingCompleted: false,
    });
  });

  it('is chosen once: a second choice, or a user with a record, is refused', async () => {
    await asNewcomer(SessionService).chooseUserType({ userType: UserType.CUSTOMER });
    const refused = { code: Code.FailedPrecondition, reason: 'USER_TYPE_ALREADY_CHOSEN' };
    expect(
      await refusalOf(asNewcomer(SessionService).chooseUserType({ userType: UserType.VENDOR })),
    ).toEqual(refused);
    expect(
      await refusalOf(
        t.client(SessionService, 'vendor').chooseUserType({ userType: UserType.CUSTOMER }),
      ),
    ).toEqual(refused);
    const { rows } =
      await sql`select 1 from vendor where identity_user_uuid = ${NEWCOMER_SUB}`.execute(
        t.server.db,
      );
    expect(rows).toHaveLength(0);
  });

  it('refuses an unspecified type and a vendor e-mail already in use', async () => {
    expect(
      await refusalOf(
        asNewcomer(SessionService).chooseUserType({ userType: UserType.UNSPECIFIED }),
      ),
    ).toEqual({ code: Code.InvalidArgument, reason: 'INVALID_ARGUMENT' });
    await sql`insert into vendor (email, last_name) values ('nogroup@seconde.test', 'Homonyme')`.execute(
      t.server.db,
    );
    try {
      expect(
        await refusalOf(asNewcomer(SessionService).chooseUserType({ userType: UserType.VENDOR })),
      ).toEqual({ code: Code.AlreadyExists, reason: 'VENDOR_EMAIL_TAKEN' });
    } finally {
      await sql`delete from vendor where last_name = 'Homonyme'`.execute(t.server.db);
    }
  });
});

describe('VendorService.SaveOnboarding', () => {
  beforeEach(async () => {
    await asNewcomer(SessionService).chooseUserType({ userType: UserType.VENDOR });
  });
  const save = (
    ...args: Parameters<ReturnType<typeof asNewcomer<typeof VendorService>>['saveOnboarding']>
  ) => asNewcomer(VendorService).saveOnboarding(...args);

  it('saves a step, stamps the start once, and completes when every answer is given', async () => {
    const started = clock;
    const first = await save({
      vendor: { sellingMode: VendorSellingMode.BOTH, vendorKind: VendorExperience.BEGINNER },
      updateMask: { paths: ['selling_mode', 'vendorKind'] },
    });
    expect(first).toMatchObject({
      sellingMode: VendorSellingMode.BOTH,
      onboardingCompleted: false,
    });
    expect(timestampDate(first.onboardingStartedDatetime!)).toEqual(started);
    clock = new Date(started.getTime() + 60_000);
    const done = await save({
      vendor: {
        ...VENDOR_ANSWERS,
        howDidYouKnowProvider: 'WORD_OF_MOUTH',
        rowVersion: first.rowVersion,
      },
      updateMask: { paths: [...Object.keys(VENDOR_ANSWERS), 'howDidYouKnowProvider'] },
      complete: true,
    });
    expect(done).toMatchObject({ ...VENDOR_ANSWERS, onboardingCompleted: true });
    expect(timestampDate(done.onboardingStartedDatetime!)).toEqual(started);
    expect(timestampDate(done.onboardingCompletedDatetime!)).toEqual(clock);
  });

  it('refuses completing while a required answer is missing, and writes nothing', async () => {
    const { stockQuantity: _left, ...partial } = VENDOR_ANSWERS;
    expect(
      await refusalOf(
        save({ vendor: partial, updateMask: { paths: Object.keys(partial) }, complete: true }),
      ),
    ).toEqual({ code: Code.FailedPrecondition, reason: 'ONBOARDING_INCOMPLETE' });
    const vendor = await asNewcomer(VendorService).retrieveByIdentity({});
    expect(vendor).toMatchObject({ onboardingCompleted: false, sellingMode: 0 });
  });

  it('refuses a mask naming anything but onboarding answers, and writes nothing', async () => {
    expect(
      await refusalOf(
        save({
          vendor: { sellingMode: VendorSellingMode.RESELL, negociatedPourcentageOnPrice: 1 },
          updateMask: { paths: ['sellingMode', 'negociatedPourcentageOnPrice'] },
        }),
      ),
    ).toEqual({ code: Code.InvalidArgument, reason: 'INVALID_FIELD_MASK' });
    expect(
      await refusalOf(
        save({
          vendor: { onboardingCompleted: true },
          updateMask: { paths: ['onboardingCompleted'] },
        }),
      ),
    ).toEqual({ code: Code.InvalidArgument, reason: 'INVALID_FIELD_MASK' });
    const vendor = await asNewcomer(VendorService).retrieveByIdentity({});
    expect(vendor).toMatchObject({ sellingMode: 0, negociatedPourcentageOnPrice: 20 });
  });

  it("refuses another vendor's record, a stale row version, and callers without a vendor record", async () => {
    const other = await t.me('vendor');
    expect(
      await refusalOf(
        save({
          vendor: { uuid: other.vendorUuid, ...VENDOR_ANSWERS },
          updateMask: { paths: ['sellingMode'] },
        }),
      ),
    ).toEqual({ code: Code.PermissionDenied, reason: 'FORBIDDEN' });
    const first = await save({ vendor: VENDOR_ANSWERS, updateMask: { paths: ['sellingMode'] } });
    expect(
      await refusalOf(
        save({
          vendor: { ...VENDOR_ANSWERS, rowVersion: first.rowVersion - 1 },
          updateMask: { paths: ['vendorKind'] },
        }),
      ),
    ).toEqual({ code: Code.Aborted, reason: 'CHANGED_BY_SOMEONE_ELSE' });
    expect(
      await refusalOf(
        t.client(VendorService, 'customer').saveOnboarding({
          vendor: VENDOR_ANSWERS,
          updateMask: { paths: ['sellingMode'] },
        }),
      ),
    ).toEqual({ code: Code.PermissionDenied, reason: 'NO_OWN_RECORD' });
  });
});

describe('CustomerService.SaveOnboarding', () => {
  beforeEach(async () => {
    await asNewcomer(SessionService).chooseUserType({ userType: UserType.CUSTOMER });
  });

  it('completes once the contact way and the age range are given; a refused step writes nothing', async () => {
    const customers = asNewcomer(CustomerService);
    expect(
      await refusalOf(
        customers.saveOnboarding({
          customer: { preferedContactWay: ContactWay.EMAIL },
          updateMask: { paths: ['preferedContactWay'] },
          complete: true,
        }),
      ),
    ).toEqual({ code: Code.FailedPrecondition, reason: 'ONBOARDING_INCOMPLETE' });
    const first = await customers.saveOnboarding({
      customer: { preferedContactWay: ContactWay.WHATS_APP, acceptHomeTakeAway: true },
      updateMask: { paths: ['preferedContactWay', 'acceptHomeTakeAway'] },
    });
    expect(first).toMatchObject({
      preferedContactWay: ContactWay.WHATS_APP,
      acceptHomeTakeAway: true,
      onboardingCompleted: false,
    });
    const done = await customers.saveOnboarding({
      customer: {
        rowVersion: first.rowVersion,
        ageRange: AgeRange.ADULT_25_45,
        acceptSendPostal: true,
        acceptToBeContacted: true,
        registerToCustomerNewsletter: false,
      },
      updateMask: {
        paths: [
          'ageRange',
          'acceptSendPostal',
          'acceptToBeContacted',
          'registerToCustomerNewsletter',
        ],
      },
      complete: true,
    });
    expect(done).toMatchObject({
      preferedContactWay: ContactWay.WHATS_APP,
      ageRange: AgeRange.ADULT_25_45,
      acceptSendPostal: true,
      acceptToBeContacted: true,
      onboardingCompleted: true,
    });
    expect(timestampDate(done.onboardingCompletedDatetime!)).toEqual(clock);
    // The session now sees an onboarded customer.
    expect((await customers.retrieveByIdentity({})).onboardingCompleted).toBe(true);
  });

  it("refuses another customer's record and the customer's other fields", async () => {
    const mine = await asNewcomer(CustomerService).retrieveByIdentity({});
    expect(
      await refusalOf(
        t.client(CustomerService, 'customer').saveOnboarding({
          customer: { uuid: mine.uuid, ageRange: AgeRange.CHILD_2_10 },
          updateMask: { paths: ['ageRange'] },
        }),
      ),
    ).toEqual({ code: Code.PermissionDenied, reason: 'FORBIDDEN' });
    expect(
      await refusalOf(
        asNewcomer(CustomerService).saveOnboarding({
          customer: { rib: 'FR76 0000', vendors: [] },
          updateMask: { paths: ['rib'] },
        }),
      ),
    ).toEqual({ code: Code.InvalidArgument, reason: 'INVALID_FIELD_MASK' });
    expect(
      await refusalOf(
        t.client(CustomerService, 'vendor').saveOnboarding({
          customer: { ageRange: AgeRange.CHILD_2_10 },
          updateMask: { paths: ['ageRange'] },
        }),
      ),
    ).toEqual({ code: Code.PermissionDenied, reason: 'NO_OWN_RECORD' });
    expect((await asNewcomer(CustomerService).retrieveByIdentity({})).ageRange).toBe(0);
  });
});

describe('edit-profile reads: the rate slides that apply', () => {
  it("a vendor reads their own brackets and their company's, nobody else's", async () => {
    const db = t.server.db;
    const [company, vendor] = await Promise.all([t.me('company'), t.me('vendor')]);
    const { rows } = await sql<{
      company: string;
    }>`select company from vendor where uuid = ${company.vendorUuid}`.execute(db);
    const companyUuid = rows[0]!.company;
    await sql`insert into rate_slide (price_start, price_end, commission, company)
      values (0, 50, 40, ${companyUuid}), (50, 200, 30, ${companyUuid})`.execute(db);
    await sql`insert into rate_slide (price_start, price_end, commission, vendor)
      values (0, 100, 35, ${vendor.vendorUuid})`.execute(db);

    const companyRates = await t
      .client(RateSlideService, 'company', { company: companyUuid })
      .list({ company: companyUuid, ordering: 'price_start' });
    expect(companyRates.results.map((r) => r.commission)).toEqual([40, 30]);
    // Another vendor's or another company's brackets stay out of sight.
    const seenByVendor = await t
      .client(RateSlideService, 'vendor', { company: companyUuid })
      .list({ company: companyUuid });
    expect(seenByVendor.results).toEqual([]);
    const own = await t.client(RateSlideService, 'vendor').list({ vendor: vendor.vendorUuid });
    expect(own.results.map((r) => r.commission)).toEqual([35]);
    const ownSeenByCompany = await t
      .client(RateSlideService, 'company', { vendor: vendor.vendorUuid })
      .list({ vendor: vendor.vendorUuid });
    expect(ownSeenByCompany.results).toEqual([]);
  });
});
