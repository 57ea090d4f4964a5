import { PayoutService } from '../../../src/rpc/gen/seconde/v1/payout_pb.ts';
import type { ServiceDeps } from '../deps.ts';
import { implement } from '../implement.ts';
import { payoutCallsHandlers } from './payoutCalls.ts';
import { sepaCallsHandlers } from './sepaCalls.ts';

/** Paying depositors (docs/decisions.md, "Payouts"): settle, receipts, SEPA transfer files. */
export function payoutServiceHandlers(deps: ServiceDeps) {
  return [
    implement(PayoutService, { ...payoutCallsHandlers(deps), ...sepaCallsHandlers(deps) }),
  ] as const;
}
