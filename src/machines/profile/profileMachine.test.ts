import { create } from '@bufbuild/protobuf';
import { timestampFromMs } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError, createRouterTransport } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { en } from '../../i18n/en.ts';
import { fr } from '../../i18n/fr.ts';
import { createClientFactory } from '../../rpc/clients.ts';
import { ProductFamily } from '../../rpc/gen/seconde/v1/category_pb.ts';
import {
  SubscriptionSchema,
  SubscriptionService,
  SubscriptionStatus,
  SubscriptionType,
} from '../../rpc/gen/seconde/v1/subscription_pb.ts';
import {
  VendorAvailability,
  VendorSchema,
  VendorService,
  type PartialUpdateVendorRequest,
  type Vendor,
} from '../../rpc/gen/seconde/v1/vendor_pb.ts';
import { labelKey } from '../people/labels.ts';
import { profileLogic, subscriptionLogic } from './profileLogic.ts';
import type { ProfileErrorCode } from './profileForm.ts';
import type { ProfileEmitted } from './profileMachine.ts';

const VENDOR = '00000000-0000-4000-8000-0000000000a1';
const SUB = '00000000-0000-4000-8000-0000000000b1';

/** A vendor service that behaves like the contract: partial updates guarded by row_version. */
function server(opts: { subscription?: string; down?: boolean } = {}) {
  const calls: PartialUpdateVendorRequest[] = [];
  let vendor: Vendor = create(VendorSchema, {
    uuid: VENDOR,
    rowVersion: 3,
    firstName: 'Léa',
    lastName: 'Martin',
    phoneNumber: '0612345678',
    address: '8 rue des Lilas',
    postalCode: '75011',
    city: 'Paris',
    receiveNewDepositStatus: VendorAvailability.AVAILABLE,
    subscription: opts.subscription ?? SUB,
  });
  const transport = createRouterTransport(({ service }) => {
    service(VendorService, {
      retrieve: () => {
        if (opts.down) throw new ConnectError('down', Code.Unavailable);
        return vendor;
      },
      partialUpdate: (req) => {
        calls.push(req);
        if (req.vendor?.rowVersion !== vendor.rowVersion)
          throw new ConnectError('CHANGED_BY_SOMEONE_ELSE', Code.Aborted);
        const next = create(VendorSchema, { ...vendor, rowVersion: vendor.rowVersion + 1 });
        for (const path of req.updateMask?.paths ?? []) {
          const field = VendorSchema.fields.find((f) => f.name === path)!;
          (next as unknown as Record<string, unknown>)[field.localName] = (
            req.vendor as unknown as Record<string, unknown>
          )[field.localName];
        }
        vendor = next;
        return vendor;
      },
    });
    service(SubscriptionService, {
      retrieve: (req) =>
        create(SubscriptionSchema, {
          uuid: req.uuid,
          type: SubscriptionType.PRO,
          status: SubscriptionStatus.ACTIVE,
          currentPeriodEnd: timestampFromMs(Date.UTC(2025, 5, 30, 12)),
          cancelAtPeriodEnd: true,
          discountCouponPercentOff: 20,
          discountCouponValid: true,
        }),
    });
  });
  const clients = createClientFactory({ main: transport, notification: transport });
  return {
    clients,
    calls,
    current: () => vendor,
    bump: () => (vendor = create(VendorSchema, { ...vendor, rowVersion: vendor.rowVersion + 1 })),
  };
}

async function started(clients: ReturnType<typeof server>['clients']) {
  const actor = createActor(profileLogic(clients), { input: { vendorUuid: VENDOR } });
  const emitted: ProfileEmitted[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  await waitFor(actor, (s) => !s.hasTag('busy'));
  return { actor, emitted };
}

describe('profile machine over the contract', () => {
  it('loads the vendor and saves only the changed fields, whitespace stripped from the phone', async () => {
    const api = server();
    const { actor, emitted } = await started(api.clients);
    expect(actor.getSnapshot().context.draft).toMatchObject({ city: 'Paris', available: true });
    expect(actor.getSnapshot().can({ type: 'profile.save' })).toBe(false);
    actor.send({ type: 'profile.change', field: 'phoneNumber', value: '06 11 22 33 44' });
    actor.send({ type: 'profile.change', field: 'available', value: false });
    actor.send({ type: 'profile.change', field: 'favoriteFamily', value: 'KIDS' });
    actor.send({ type: 'profile.save' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(api.calls.map((c) => c.updateMask?.paths)).toEqual([
      ['phone_number', 'receive_new_deposit_status', 'deposit_family_favorite'],
    ]);
    expect(api.current()).toMatchObject({
      phoneNumber: '0611223344',
      receiveNewDepositStatus: VendorAvailability.UNAVAILABLE,
      depositFamilyFavorite: ProductFamily.KIDS,
      rowVersion: 4,
    });
    expect(actor.getSnapshot().context.record).toMatchObject({
      availability: 'UNAVAILABLE',
      favoriteFamily: 'KIDS',
      rowVersion: 4,
    });
    expect(emitted).toEqual([{ type: 'profile.saved' }]);
  });

  it('refuses empty required fields and a postal code that is not five digits, without calling', async () => {
    const api = server();
    const { actor } = await started(api.clients);
    actor.send({ type: 'profile.change', field: 'city', value: ' ' });
    actor.send({ type: 'profile.change', field: 'postalCode', value: '7501' });
    actor.send({ type: 'profile.change', field: 'firstName', value: '' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      city: 'required',
      postalCode: 'postalCode',
      firstName: 'required',
    });
    actor.send({ type: 'profile.save' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(api.calls).toEqual([]);
  });

  it('stops on a stale row_version and reloads what someone else saved', async () => {
    const api = server();
    const { actor } = await started(api.clients);
    api.bump();
    actor.send({ type: 'profile.change', field: 'city', value: 'Lyon' });
    actor.send({ type: 'profile.save' });
    await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(actor.getSnapshot().hasTag('stale')).toBe(true);
    expect(actor.getSnapshot().context.errorCode).toBe('changedBySomeoneElse');
    actor.send({ type: 'profile.reload' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.record?.rowVersion).toBe(4);
    expect(actor.getSnapshot().context.draft?.city).toBe('Paris');
  });

  it('lands in failed when the vendor cannot be read', async () => {
    const { actor } = await started(server({ down: true }).clients);
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
    expect(actor.getSnapshot().context.errorCode).toBe('unavailable');
  });
});

describe('subscription machine over the contract', () => {
  const load = async (clients: ReturnType<typeof server>['clients'], vendorUuid: string | null) => {
    const actor = createActor(subscriptionLogic(clients), { input: { vendorUuid } }).start();
    await waitFor(actor, (s) => !s.hasTag('busy'));
    return actor.getSnapshot();
  };

  it("reads the subscription the vendor's record names", async () => {
    const s = await load(server().clients, VENDOR);
    expect(s.matches('ready')).toBe(true);
    expect(s.context.subscription).toEqual({
      uuid: SUB,
      type: 'PRO',
      status: 'ACTIVE',
      currentPeriodEnd: Date.UTC(2025, 5, 30, 12),
      cancelAtPeriodEnd: true,
      discountPercentOff: 20,
      discountValid: true,
    });
  });

  it('shows none without a subscription or without a vendor record', async () => {
    expect(await load(server({ subscription: '' }).clients, VENDOR).then((s) => s.value)).toBe(
      'none',
    );
    expect((await load(server().clients, null)).value).toBe('none');
  });
});

describe('profile texts', () => {
  const has = (key: string) => {
    const [area, item] = key.split('.') as [string, string];
    expect((fr as Record<string, Record<string, string>>)[area]?.[item], key).toBeTruthy();
    expect((en as Record<string, Record<string, string>>)[area]?.[item], key).toBeTruthy();
  };
  it.each<ProfileErrorCode>(['required', 'postalCode', 'phone'])('validation %s', (code) =>
    has(labelKey('profile.validation', code)),
  );
  it.each(['STARTER', 'ESSENTIAL', 'PRO', 'PREMIUM', 'ECOMMERCE', 'COMMISSION', 'FORMATION'])(
    'subscription type %s',
    (type) => has(labelKey('profile.type', type)),
  );
  it.each([
    'INCOMPLETE',
    'INCOMPLETE_EXPIRED',
    'TRIALING',
    'ACTIVE',
    'PAST_DUE',
    'CANCELED',
    'UNPAID',
  ])('subscription status %s', (status) => has(labelKey('profile.status', status)));
});
