import { fromPromise } from 'xstate';
import type { ClientFactory } from '../../rpc/clients.ts';
import { ProductFamilySchema } from '../../rpc/gen/seconde/v1/category_pb.ts';
import {
  SubscriptionService,
  SubscriptionStatusSchema,
  SubscriptionTypeSchema,
} from '../../rpc/gen/seconde/v1/subscription_pb.ts';
import {
  VendorAvailabilitySchema,
  VendorService,
  type Vendor,
} from '../../rpc/gen/seconde/v1/vendor_pb.ts';
import { enumLabel, toMs } from '../people/labels.ts';
import { maskPath, type ProfileDraft, type ProfileRecord } from './profileForm.ts';
import { profileMachine, type SaveProfileInput } from './profileMachine.ts';
import { subscriptionMachine, type SubscriptionSummary } from './subscriptionMachine.ts';

const numberOf = (
  desc: typeof ProductFamilySchema | typeof VendorAvailabilitySchema,
  label: string,
) => desc.values.find((v) => v.localName === label)?.number ?? 0;

export function profileRecord(vendor: Vendor): ProfileRecord {
  const availability = enumLabel(VendorAvailabilitySchema, vendor.receiveNewDepositStatus);
  return {
    uuid: vendor.uuid,
    rowVersion: vendor.rowVersion,
    firstName: vendor.firstName,
    lastName: vendor.lastName,
    phoneNumber: vendor.phoneNumber,
    address: vendor.address,
    postalCode: vendor.postalCode,
    city: vendor.city,
    availability:
      availability === 'AVAILABLE' || availability === 'UNAVAILABLE' ? availability : null,
    favoriteFamily: enumLabel(ProductFamilySchema, vendor.depositFamilyFavorite),
    subscription: vendor.subscription,
  };
}

/** The draft as a partial Vendor message; only the masked fields are read by the server. */
function draftMessage(draft: ProfileDraft) {
  return {
    firstName: draft.firstName.trim(),
    lastName: draft.lastName.trim(),
    phoneNumber: draft.phoneNumber,
    address: draft.address.trim(),
    postalCode: draft.postalCode.trim(),
    city: draft.city.trim(),
    receiveNewDepositStatus: numberOf(
      VendorAvailabilitySchema,
      draft.available ? 'AVAILABLE' : 'UNAVAILABLE',
    ),
    depositFamilyFavorite: numberOf(ProductFamilySchema, draft.favoriteFamily),
  };
}

/** The vendor's own profile over VendorService (retrieve, partialUpdate). */
export function profileLogic(clients: ClientFactory) {
  const vendors = clients.get(VendorService);
  return profileMachine.provide({
    actors: {
      loadProfile: fromPromise<ProfileRecord, { uuid: string }>(async ({ input, signal }) =>
        profileRecord(await vendors.retrieve({ uuid: input.uuid }, { signal })),
      ),
      saveProfile: fromPromise<ProfileRecord, SaveProfileInput>(async ({ input, signal }) => {
        const saved = await vendors.partialUpdate(
          {
            vendor: {
              uuid: input.record.uuid,
              rowVersion: input.record.rowVersion,
              ...draftMessage(input.draft),
            },
            updateMask: { paths: input.fields.map(maskPath) },
          },
          { signal },
        );
        return profileRecord(saved);
      }),
    },
  });
}

/** The vendor's subscription: the vendor record names it, SubscriptionService reads it. */
export function subscriptionLogic(clients: ClientFactory) {
  const vendors = clients.get(VendorService);
  const subscriptions = clients.get(SubscriptionService);
  return subscriptionMachine.provide({
    actors: {
      loadSubscription: fromPromise<SubscriptionSummary | null, { vendorUuid: string }>(
        async ({ input, signal }) => {
          const vendor = await vendors.retrieve({ uuid: input.vendorUuid }, { signal });
          if (!vendor.subscription) return null;
          const s = await subscriptions.retrieve({ uuid: vendor.subscription }, { signal });
          return {
            uuid: s.uuid,
            type: enumLabel(SubscriptionTypeSchema, s.type),
            status: enumLabel(SubscriptionStatusSchema, s.status),
            currentPeriodEnd: toMs(s.currentPeriodEnd),
            cancelAtPeriodEnd: s.cancelAtPeriodEnd,
            discountPercentOff: s.discountCouponPercentOff,
            discountValid: s.discountCouponValid,
          };
        },
      ),
    },
  });
}
