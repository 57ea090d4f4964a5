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

/** The ship dialog over DeliveryPlaceService and ShippingLabelService. */
export function shipLogic(clients: ClientFactory) {
  const places = clients.get(DeliveryPlaceService);
  const labels = clients.get(ShippingLabelService);
  return shipMachine.provide({
    actors: {
      loadStart: fromPromise<ShipStart, { product: string }>(async ({ signal }) => {
        const [list, free] = await Promise.all([
          places.list({ ordering: 'order', pagination: { pageSize: 100 } }, { signal }),
          labels.checkIfNextLabelIsFree({}, { signal }),
        ]);
        return {
          places: list.results
            .filter((p) => p.isActive)
            .map((p) => ({
              uuid: p.uuid,
              name: p.deliveryPlaceName,
              deliveryService: p.deliveryService,
            })),
          freeRemaining: free.freeRemaining,
        };
      }),
      findPoints: fromPromise<
        readonly ShipPoint[],
        { deliveryService: number; postalCode: string }
      >(async ({ input, signal }) => {
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
      }),
      createLabel: fromPromise<ShipLabel, CreateLabelInput>(async ({ input, signal }) => {
        const label = await labels.createFreeLabel(
          {
            order: {
              shippedContentType: 'product',
              shippedObjectUuid: input.product,
              deliveryPlace: input.place,
              recipientServicePointId: input.pointId,
              recipientName: input.recipientName,
              idempotencyKey: input.idempotencyKey,
            },
          },
          { signal },
        );
        return { uuid: label.uuid, trackingNumber: label.trackingNumber };
      }),
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
          return {
            uuid: label.uuid,
            trackingNumber: label.trackingNumber,
            deliveryService: label.deliveryService,
            servicePointId: label.recipientObjectUuid,
            status: label.deliveryStatus,
            statusAt: label.deliveryStatusDatetime
              ? timestampDate(label.deliveryStatusDatetime).toISOString()
              : null,
            cancellable: label.deliveryStatus === ShippingStatus.CREATED,
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
    },
  });
}
