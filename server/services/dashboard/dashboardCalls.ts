import { create } from '@bufbuild/protobuf';
import type { HandlerContext } from '@connectrpc/connect';
import {
  GetDashboardResponseSchema,
  type GetDashboardRequest,
  type GetDashboardResponse,
} from '../../../src/rpc/gen/seconde/v1/dashboard_pb.ts';
import { requireCaller } from '../../crud/crudService.ts';
import type { ServiceDeps } from '../deps.ts';
import { DashboardService } from '../../../src/rpc/gen/seconde/v1/dashboard_pb.ts';
import { implement } from '../implement.ts';
import { dashboardFigures } from './dashboardFigures.ts';

/** Hand-written calls of the app shell: the dashboard figures, scoped to the caller. */
export function dashboardCallsHandlers(deps: ServiceDeps) {
  async function get(
    _req: GetDashboardRequest,
    ctx: HandlerContext,
  ): Promise<GetDashboardResponse> {
    const figures = await dashboardFigures(deps.db, requireCaller(ctx));
    return create(GetDashboardResponseSchema, {
      depositsByStatus: [...figures.depositsByStatus],
      productsBySaleStatus: [...figures.productsBySaleStatus],
      customerCount: figures.customerCount,
      vendorCount: figures.vendorCount,
      soldTurnover: figures.soldTurnover,
      openDepositRequests: figures.openDepositRequests,
      openSupportTickets: figures.openSupportTickets,
    });
  }
  return [implement(DashboardService, { get })] as const;
}
