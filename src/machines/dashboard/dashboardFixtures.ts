import { create } from '@bufbuild/protobuf';
import { createRouterTransport } from '@connectrpc/connect';
import { createClientFactory, type ClientFactory } from '../../rpc/clients.ts';
import {
  DashboardService,
  GetDashboardResponseSchema,
} from '../../rpc/gen/seconde/v1/dashboard_pb.ts';
import type { DashboardFigures } from './dashboardMachine.ts';

/** Figures of a vendor in the middle of their trial (tests only). */
export const VENDOR_FIGURES: DashboardFigures = {
  depositsByStatus: { INLINE: 3, TODO: 1 },
  productsBySaleStatus: { ONLINE: 12, SELL: 2 },
  customerCount: 4,
  vendorCount: 0,
  soldTurnover: 84.5,
  openDepositRequests: 0,
  openSupportTickets: 1,
};

/** Clients whose DashboardService answers `figures` (tests only). */
export function dashboardClients(figures: DashboardFigures = VENDOR_FIGURES): ClientFactory {
  const counts = (byKey: Readonly<Record<string, number>>) =>
    Object.entries(byKey).map(([key, count]) => ({ key, count }));
  const transport = createRouterTransport(({ service }) => {
    service(DashboardService, {
      get: () =>
        create(GetDashboardResponseSchema, {
          ...figures,
          depositsByStatus: counts(figures.depositsByStatus),
          productsBySaleStatus: counts(figures.productsBySaleStatus),
        }),
    });
  });
  return createClientFactory({ main: transport, notification: transport });
}
