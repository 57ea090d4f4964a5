import type { ServiceDeps } from '../deps.ts';
import { DepositService } from '../../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { implement } from '../implement.ts';
import { adminSideHandlers } from './requests/adminSide.ts';
import { vendorSideHandlers } from './requests/vendorSide.ts';

/**
 * Taking deposits from the marketplace: a vendor asks (wantDeposit, with the refusal reasons of
 * 2-business-data.md §6) and sees the open deposits (listAvailable); an admin lists the requests
 * with their 48-hour deadline (listRequests) and gives the deposit to a vendor (assign).
 */
export function depositRequestsHandlers(deps: ServiceDeps) {
  return [
    implement(DepositService, { ...vendorSideHandlers(deps), ...adminSideHandlers(deps) }),
  ] as const;
}
