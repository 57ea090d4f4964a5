import type { ServiceDeps } from '../deps.ts';
import { SubscriptionService } from '../../../src/rpc/gen/seconde/v1/subscription_pb.ts';
import { SessionService } from '../../../src/rpc/gen/seconde/v1/session_pb.ts';
import { implement } from '../implement.ts';
import { legalTermsHandlers } from './legalTerms.ts';
import { terminateTrialHandlers } from './terminateTrial.ts';

/** Hand-written calls of the app shell: trial, subscription gate and legal terms. */
export function accountCallsHandlers(deps: ServiceDeps) {
  return [
    implement(SubscriptionService, terminateTrialHandlers(deps)),
    implement(SessionService, legalTermsHandlers(deps)),
  ] as const;
}
