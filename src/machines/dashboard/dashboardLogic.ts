import { fromPromise } from 'xstate';
import type { ClientFactory } from '../../rpc/clients.ts';
import {
  DashboardService,
  type DashboardCount,
  type GetDashboardResponse,
} from '../../rpc/gen/seconde/v1/dashboard_pb.ts';
import { dashboardMachine, type DashboardFigures } from './dashboardMachine.ts';

const byKey = (counts: readonly DashboardCount[]): Record<string, number> =>
  Object.fromEntries(counts.map((c) => [c.key, c.count]));

/** The contract's answer as the machine keeps it. */
export function toFigures(answer: GetDashboardResponse): DashboardFigures {
  return {
    depositsByStatus: byKey(answer.depositsByStatus),
    productsBySaleStatus: byKey(answer.productsBySaleStatus),
    customerCount: answer.customerCount,
    vendorCount: answer.vendorCount,
    soldTurnover: answer.soldTurnover,
    openDepositRequests: answer.openDepositRequests,
    openSupportTickets: answer.openSupportTickets,
  };
}

/** The dashboard over DashboardService.Get. */
export function dashboardLogic(clients: ClientFactory) {
  const client = clients.get(DashboardService);
  return dashboardMachine.provide({
    actors: {
      loadFigures: fromPromise<DashboardFigures>(async ({ signal }) =>
        toFigures(await client.get({}, { signal })),
      ),
    },
  });
}
