import { Code } from '@connectrpc/connect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomerService } from '../../src/rpc/gen/seconde/v1/customer_pb.ts';
import {
  SubscriptionStatus,
  SubscriptionType,
} from '../../src/rpc/gen/seconde/v1/subscription_pb.ts';
import { VendorService } from '../../src/rpc/gen/seconde/v1/vendor_pb.ts';
import { refusalOf, startTestServer, type TestServer } from '../helpers/testServer.ts';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ demoProducts: 5 }, ['vendor', 'trial', 'customer', 'developer']);
});

afterAll(async () => {
  await t?.close();
});

const unrecognised = { code: Code.NotFound, reason: 'UNRECOGNIZED_USER' };

describe('RetrieveByIdentity, the session lookup of the signed-in subject', () => {
  it('answers a vendor with their own record and the plan they are on', async () => {
    const me = await t.me('vendor');
    const vendor = await t.client(VendorService, 'vendor').retrieveByIdentity({
      identityUserUuid: me.sub,
    });
    expect(vendor.uuid).toBe(me.vendorUuid);
    expect(vendor.onboardingCompleted).toBe(true);
    expect(vendor.subscriptionDetail).toMatchObject({
      status: SubscriptionStatus.ACTIVE,
      type: SubscriptionType.PRO,
      paymentProviderId: 'sub_demo_vendor',
      vendor: me.vendorUuid,
    });
  });

  it("shows a trial vendor's trialing plan, looked up by the token's subject when none is sent", async () => {
    const vendor = await t.client(VendorService, 'trial').retrieveByIdentity({});
    expect(vendor.uuid).toBe((await t.me('trial')).vendorUuid);
    expect(vendor.subscriptionDetail?.status).toBe(SubscriptionStatus.TRIALING);
  });

  it('answers a customer with their record', async () => {
    const me = await t.me('customer');
    const customer = await t.client(CustomerService, 'customer').retrieveByIdentity({
      identityUserUuid: me.sub,
    });
    expect(customer.uuid).toBe(me.customerUuid);
  });

  it('refuses an identity without a record with UNRECOGNIZED_USER', async () => {
    expect(await refusalOf(t.client(VendorService, 'developer').retrieveByIdentity({}))).toEqual(
      unrecognised,
    );
    expect(await refusalOf(t.client(VendorService, 'customer').retrieveByIdentity({}))).toEqual(
      unrecognised,
    );
  });

  it("does not let a customer read a vendor's record through someone else's subject", async () => {
    const vendorSub = (await t.me('vendor')).sub;
    const call = t.client(VendorService, 'customer').retrieveByIdentity({
      identityUserUuid: vendorSub,
    });
    expect(await refusalOf(call)).toEqual(unrecognised);
  });

  it('refuses an anonymous caller', async () => {
    const call = t.client(VendorService).retrieveByIdentity({ identityUserUuid: 'x' });
    expect((await refusalOf(call)).code).toBe(Code.Unauthenticated);
  });
});
