import type { ServiceDeps, ServiceHandlers } from '../deps.ts';
import { adminSideHandlers } from './requests/adminSide.ts';
import { vendorSideHandlers } from './requests/vendorSide.ts';

/**
 * Taking deposits from the marketplace: a vendor asks (wantDeposit, with the refusal reasons of
 * 2-business-data.md §6) and sees the open deposits (listAvailable); an admin lists the requests
 * with their 48-hour deadline (listRequests) and gives the deposit to a vendor (assign).
 */
export function depositRequestsHandlers(deps: ServiceDeps): ServiceHandlers {
  return {
    'seconde.v1.DepositService': { ...vendorSideHandlers(deps), ...adminSideHandlers(deps) },
  };
}
