import { fromPromise } from 'xstate';
import type { ClientFactory } from '../../rpc/clients.ts';
import {
  ListingStatusSchema,
  ProductEventKindSchema,
  ProductListingService,
  ReservationStatus,
  StorefrontService,
  type ProductEvent,
  type ProductListing,
  type StorefrontReservation,
} from '../../rpc/gen/seconde/v1/listing_pb.ts';
import { enumLabel, toMs } from '../people/labels.ts';
import { listingsMachine } from './listingsMachine.ts';
import type {
  DecideInput,
  ListingRow,
  ListingStatusLabel,
  LoadedListings,
  ReservationRow,
  TimelineRow,
} from './listingsTypes.ts';

export const listingRow = (l: ProductListing): ListingRow => ({
  uuid: l.uuid,
  publisherName: l.publisherName,
  url: l.url,
  status: enumLabel(ListingStatusSchema, l.status) as ListingStatusLabel | null,
  error: l.error,
  listedAt: toMs(l.listedAt),
  withdrawnAt: toMs(l.withdrawnAt),
  withdrawReason: l.withdrawReason,
});

export const timelineRow = (e: ProductEvent): TimelineRow => ({
  uuid: e.uuid,
  kind: enumLabel(ProductEventKindSchema, e.kind),
  publisherName: e.publisherName,
  url: e.url,
  detail: e.detail,
  occurredAt: toMs(e.occurredAt ?? e.createdAt),
});

export const reservationRow = (r: StorefrontReservation): ReservationRow => ({
  uuid: r.uuid,
  buyerName: r.buyerName,
  buyerEmail: r.buyerEmail,
  buyerPhone: r.buyerPhone,
  message: r.message,
  createdAt: toMs(r.createdAt),
});

/** Oldest first: the timeline reads as the product's story (listed, reserved, sold, withdrawn). */
const byDate = (a: TimelineRow, b: TimelineRow) => (a.occurredAt ?? 0) - (b.occurredAt ?? 0);

/** The product section's calls over the listing and storefront services. */
export function listingsLogic(clients: ClientFactory) {
  const listings = clients.get(ProductListingService);
  const storefront = clients.get(StorefrontService);
  return listingsMachine.provide({
    actors: {
      loadListings: fromPromise<LoadedListings, { product: string }>(async ({ input, signal }) => {
        const [list, events, reservations] = await Promise.all([
          listings.list(
            { product: input.product, pagination: { page: 1, pageSize: 100 } },
            { signal },
          ),
          listings.listEvents({ product: input.product }, { signal }),
          storefront.listReservations(
            {
              product: input.product,
              status: ReservationStatus.PENDING,
              pagination: { page: 1, pageSize: 1 },
            },
            { signal },
          ),
        ]);
        const pending = reservations.results[0];
        return {
          listings: list.results.map(listingRow),
          timeline: events.results.map(timelineRow).sort(byDate),
          reservation: pending ? reservationRow(pending) : null,
        };
      }),
      withdrawListing: fromPromise<void, { uuid: string }>(async ({ input, signal }) => {
        await listings.withdraw({ uuid: input.uuid }, { signal });
      }),
      confirmSale: fromPromise<void, DecideInput>(async ({ input, signal }) => {
        await storefront.confirmReservation(input, { signal });
      }),
      releaseReservation: fromPromise<void, { uuid: string }>(async ({ input, signal }) => {
        await storefront.releaseReservation({ uuid: input.uuid }, { signal });
      }),
    },
  });
}
