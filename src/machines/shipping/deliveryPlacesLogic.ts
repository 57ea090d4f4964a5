import { fromPromise } from 'xstate';
import type { ClientFactory } from '../../rpc/clients.ts';
import { DeliveryPlaceService } from '../../rpc/gen/seconde/v1/delivery_place_pb.ts';
import { VendorService } from '../../rpc/gen/seconde/v1/vendor_pb.ts';
import {
  deliveryPlacesMachine,
  type PlaceChange,
  type PlacesState,
} from './deliveryPlacesMachine.ts';
import type { ShipPoint } from './shipTypes.ts';

/** The delivery places settings over DeliveryPlaceService and the vendor's favourite. */
export function deliveryPlacesLogic(clients: ClientFactory, vendorUuid: string) {
  const places = clients.get(DeliveryPlaceService);
  const vendors = clients.get(VendorService);

  async function load(signal: AbortSignal): Promise<PlacesState> {
    const [list, vendor] = await Promise.all([
      places.list({ ordering: 'order', pagination: { pageSize: 200 } }, { signal }),
      vendors.retrieve({ uuid: vendorUuid }, { signal }),
    ]);
    return {
      places: list.results.map((p) => ({
        uuid: p.uuid,
        name: p.deliveryPlaceName,
        deliveryService: p.deliveryService,
        deliveryServiceId: p.deliveryServiceId,
        isActive: p.isActive,
        order: p.order,
        rowVersion: p.rowVersion,
      })),
      favourite: vendor.favoriteDeliveryPlace || null,
    };
  }

  async function apply(change: PlaceChange, signal: AbortSignal): Promise<void> {
    const patch = (uuid: string, rowVersion: number, fields: Record<string, unknown>) =>
      places.partialUpdate(
        {
          deliveryPlace: { uuid, rowVersion, ...fields },
          updateMask: {
            paths: Object.keys(fields).map((k) => (k === 'isActive' ? 'is_active' : k)),
          },
        },
        { signal },
      );
    switch (change.kind) {
      case 'add':
        await places.create(
          {
            deliveryPlace: {
              deliveryService: change.deliveryService,
              deliveryServiceId: change.point.id,
              deliveryPlaceName: `${change.point.name}, ${change.point.address}, ${change.point.postalCode} ${change.point.city}`,
              isActive: true,
              order: change.order,
            },
          },
          { signal },
        );
        return;
      case 'toggle':
        await patch(change.place.uuid, change.place.rowVersion, {
          isActive: !change.place.isActive,
        });
        return;
      case 'moveUp':
        await patch(change.place.uuid, change.place.rowVersion, { order: change.above.order });
        await patch(change.above.uuid, change.above.rowVersion, {
          order:
            change.place.order === change.above.order ? change.above.order + 1 : change.place.order,
        });
        return;
      case 'favourite':
        await vendors.partialUpdate(
          {
            vendor: { uuid: vendorUuid, favoriteDeliveryPlace: change.uuid },
            updateMask: { paths: ['favorite_delivery_place'] },
          },
          { signal },
        );
        return;
      case 'remove':
        await places.destroy({ uuid: change.uuid }, { signal });
    }
  }

  return deliveryPlacesMachine.provide({
    actors: {
      load: fromPromise<PlacesState>(({ signal }) => load(signal)),
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
      change: fromPromise<PlacesState, PlaceChange>(async ({ input, signal }) => {
        await apply(input, signal);
        return load(signal);
      }),
    },
  });
}
