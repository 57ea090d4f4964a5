import { create } from '@bufbuild/protobuf';
import { fromPromise } from 'xstate';
import type { ClientFactory } from '../../rpc/clients.ts';
import { StorefrontService, type Shop } from '../../rpc/gen/seconde/v1/listing_pb.ts';
import {
  SyncType,
  SyncTypeSchema,
  VendorConnectorSchema,
  VendorConnectorService,
  type VendorConnector,
} from '../../rpc/gen/seconde/v1/vendor_connector_pb.ts';
import { withFilters } from '../../rpc/interceptors/filters.ts';
import { enumLabel, toMs } from '../people/labels.ts';
import { connectorsMachine } from './connectorsMachine.ts';
import {
  isSyncType,
  type ConnectInput,
  type ConnectOutput,
  type ConnectorRow,
  type LoadedConnectors,
  type ShopInfo,
  type UpdateInput,
} from './connectorsTypes.ts';

export function connectorRow(c: VendorConnector): ConnectorRow {
  const syncType = enumLabel(SyncTypeSchema, c.syncType);
  return {
    uuid: c.uuid,
    publisherName: c.publisherName,
    accountName: c.accountName,
    shop: c.shop,
    isActive: c.isActive,
    syncType: isSyncType(syncType) ? syncType : null,
    connected: c.connected,
    connectedAt: toMs(c.connectedAt),
    lastSyncAt: toMs(c.lastSyncAt),
    lastSyncError: c.lastSyncError,
  };
}

const shopInfo = (s: Shop): ShopInfo => ({
  url: s.url,
  name: s.name,
  onlineCount: s.onlineCount,
  pendingReservations: s.pendingReservations,
});

/** A vendor has a handful of connectors: one page holds them all. */
const ALL = { page: 1, pageSize: 100 };

/** The connectors page's calls over the vendor's services. */
export function connectorsLogic(clients: ClientFactory, vendor: string) {
  const connectors = clients.get(VendorConnectorService);
  const storefront = clients.get(StorefrontService);
  return connectorsMachine.provide({
    actors: {
      loadConnectors: fromPromise<LoadedConnectors>(async ({ signal }) => {
        const [list, shop] = await Promise.all([
          connectors.list(
            { pagination: ALL, ordering: 'publisher_name', vendor },
            withFilters({ vendor }, { signal }),
          ),
          // The shop page exists once the storefront is connected; without it the card says so.
          storefront.getShop({}, { signal }).then(shopInfo, () => null),
        ]);
        return { connectors: list.results.map(connectorRow), shop };
      }),
      connectChannel: fromPromise<ConnectOutput, ConnectInput>(async ({ input, signal }) => {
        const answer = await connectors.connect(
          {
            publisherName: input.publisher,
            shop: input.shop,
            finalRedirectUri: input.finalRedirectUri,
          },
          { signal },
        );
        return { redirectUrl: answer.redirectUrl };
      }),
      updateConnector: fromPromise<ConnectorRow, UpdateInput>(async ({ input, signal }) => {
        const { patch } = input;
        const connector =
          patch.isActive !== undefined
            ? create(VendorConnectorSchema, { uuid: input.uuid, isActive: patch.isActive })
            : create(VendorConnectorSchema, {
                uuid: input.uuid,
                syncType: SyncType[patch.syncType],
              });
        const answer = await connectors.partialUpdate(
          {
            vendorConnector: connector,
            updateMask: { paths: [patch.isActive !== undefined ? 'is_active' : 'sync_type'] },
          },
          { signal },
        );
        return connectorRow(answer);
      }),
      disconnectConnector: fromPromise<ConnectorRow, { uuid: string }>(async ({ input, signal }) =>
        connectorRow(await connectors.disconnect({ uuid: input.uuid }, { signal })),
      ),
      syncConnector: fromPromise<ConnectorRow, { uuid: string }>(async ({ input, signal }) =>
        connectorRow(await connectors.sync({ uuid: input.uuid }, { signal })),
      ),
    },
  });
}
