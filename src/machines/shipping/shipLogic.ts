import type { Client } from '@connectrpc/connect';
import { fromPromise } from 'xstate';
import type { ClientFactory } from '../../rpc/clients.ts';
import { DeliveryPlaceService } from '../../rpc/gen/seconde/v1/delivery_place_pb.ts';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import {
  LabelFormat,
  ShippingLabelService,
  ShippingStatus,
} from '../../rpc/gen/seconde/v1/shipping_label_pb.ts';
import { withFilters } from '../../rpc/interceptors/filters.ts';
import { downloadBlob } from '../export/exportActors.ts';
import { productLabelMachine, type ProductLabel } from './productLabelMachine.ts';
import { shipMachine, type CreateLabelInput } from './shipMachine.ts';
import type { ShipLabel, ShipPoint, ShipStart } from './shipTypes.ts';

/** Relay points of a carrier around a postal code. */
async function pointsNear(
  places: Client<typeof DeliveryPlaceService>,
  input: { deliveryService: number; postalCode: string },
  signal: AbortSignal,
): Promise<readonly ShipPoint[]> {
  const found = await places.findPlacesFromProviders(
    { deliveryService: input.deliveryService, postalCode: input.postalCode },
    { signal },
  );
  return found.results.map((p) => ({
    id: p.deliveryServiceId,
    name: p.name,
    address: p.address,
    postalCode: p.postalCode,
    city: p.city,
    distance: p.distance,
  }));
}

/** The ship dialog over DeliveryPlaceService and ShippingLabelService; `leave` opens a page. */
export function shipLogic(clients: ClientFactory, leave: (url: string) => void) {
  const places = clients.get(DeliveryPlaceService);
  const labels = clients.get(ShippingLabelService);
  return shipMachine.provide({
    actors: {
      loadStart: fromPromise<ShipStart, { product: string }>(async ({ signal }) => {
        const list = await places.list(
          { ordering: 'order', pagination: { pageSize: 100 } },
          { signal },
        );
        const active = list.results
          .filter((p) => p.isActive)
          .map((p) => ({
            uuid: p.uuid,
            name: p.deliveryPlaceName,
            deliveryService: p.deliveryService,
          }));
        // The price of the place the label would leave from: the first active one.
        const free = await labels.checkIfNextLabelIsFree(
          { deliveryPlace: active[0]?.uuid ?? '' },
          { signal },
        );
        return {
          places: active,
          freeRemaining: free.freeRemaining,
          priceCents: Number(free.priceCents),
          priceBands: free.priceBands.map((b) => ({
            maxKg: b.maxWeightKg,
            priceCents: Number(b.priceCents),
          })),
        };
      }),
      findPoints: fromPromise<
        readonly ShipPoint[],
        { deliveryService: number; postalCode: string }
      >(async ({ input, signal }) => pointsNear(places, input, signal)),
      createLabel: fromPromise<ShipLabel, CreateLabelInput>(async ({ input, signal }) => {
        const label = await labels.createFreeLabel(
          {
            order: {
              shippedContentType: 'product',
              shippedObjectUuid: input.product,
              deliveryPlace: input.place,
              recipientServicePointId: input.pointId,
              recipientName: input.recipientName,
              weight: input.weightKg,
              idempotencyKey: input.idempotencyKey,
            },
          },
          { signal },
        );
        return { uuid: label.uuid, trackingNumber: label.trackingNumber };
      }),
      createPaidLabel: fromPromise<{ paymentUrl: string }, CreateLabelInput>(
        async ({ input, signal }) => {
          const answer = await labels.createWithPaymentUrl(
            {
              order: {
                shippedContentType: 'product',
                shippedObjectUuid: input.product,
                deliveryPlace: input.place,
                recipientServicePointId: input.pointId,
                recipientName: input.recipientName,
                weight: input.weightKg,
                idempotencyKey: input.idempotencyKey,
              },
            },
            { signal },
          );
          return { paymentUrl: answer.paymentUrl };
        },
      ),
      leaveFor: fromPromise<void, { url: string }>(
        ({ input }) =>
          new Promise<void>(() => {
            leave(input.url);
          }),
      ),
      downloadLabel: fromPromise<void, { uuid: string }>(async ({ input, signal }) => {
        const file = await labels.download(
          { uuid: input.uuid, format: LabelFormat.LABEL_PRINTER },
          { signal },
        );
        await downloadBlob({
          file: new Blob([new Uint8Array(file.file)], { type: file.contentType }),
          fileName: file.fileName,
        });
      }),
    },
  });
}

/** Statuses after which a product's label no longer stands for its parcel. */
const ENDED = [
  ShippingStatus.CANCELED,
  ShippingStatus.EXPIRED,
  ShippingStatus.ERROR,
  ShippingStatus.RETURNED,
];

/** The product page's Shipping section over ShippingLabelService. */
export function productLabelLogic(clients: ClientFactory) {
  const labels = clients.get(ShippingLabelService);
  const places = clients.get(DeliveryPlaceService);
  return productLabelMachine.provide({
    actors: {
      loadLabel: fromPromise<ProductLabel | null, { product: string }>(
        async ({ input, signal }) => {
          const found = await labels.list(
            { ordering: '-created_at', pagination: { pageSize: 20 } },
            withFilters({ shippedObjectUuid: input.product }, { signal }),
          );
          const label = found.results.find((l) => !l.isReturn && !ENDED.includes(l.deliveryStatus));
          if (!label) return null;
          const unmade = label.deliveryStatus === ShippingStatus.NOT_CREATED;
          const awaitingPayment = unmade && label.paymentUrl !== '' ? label.payment : null;
          const paidNotMade = unmade && label.payment !== '' && label.paymentUrl === '';
          return {
            uuid: label.uuid,
            trackingNumber: label.trackingNumber,
            deliveryService: label.deliveryService,
            servicePointId: label.recipientObjectUuid,
            status: label.deliveryStatus,
            statusAt: label.deliveryStatusDatetime
              ? timestampDate(label.deliveryStatusDatetime).toISOString()
              : null,
            cancellable: label.deliveryStatus === ShippingStatus.CREATED || !!awaitingPayment,
            awaitingPayment,
            paidNotMade,
            regenerable: label.deliveryStatus === ShippingStatus.CREATED || paidNotMade,
          };
        },
      ),
      downloadLabel: fromPromise<void, { uuid: string }>(async ({ input, signal }) => {
        const file = await labels.download(
          { uuid: input.uuid, format: LabelFormat.LABEL_PRINTER },
          { signal },
        );
        await downloadBlob({
          file: new Blob([new Uint8Array(file.file)], { type: file.contentType }),
          fileName: file.fileName,
        });
      }),
      cancelLabel: fromPromise<void, { uuid: string }>(async ({ input, signal }) => {
        await labels.cancel({ uuid: input.uuid }, { signal });
      }),
      findPoints: fromPromise<
        readonly ShipPoint[],
        { deliveryService: number; postalCode: string }
      >(async ({ input, signal }) => pointsNear(places, input, signal)),
      regenerateLabel: fromPromise<
        void,
        { uuid: string; pointId: string | null; idempotencyKey: string }
      >(async ({ input, signal }) => {
        await labels.regenerate(
          {
            uuid: input.uuid,
            recipientServicePointId: input.pointId ?? '',
            idempotencyKey: input.idempotencyKey,
          },
          { signal },
        );
      }),
    },
  });
}
