import type { ServiceDeps, ServiceHandlers } from '../deps.ts';
import { legalTermsHandlers } from './legalTerms.ts';
import { terminateTrialHandlers } from './terminateTrial.ts';

/** Hand-written calls of the app shell: trial, subscription gate and legal terms. */
export function accountCallsHandlers(deps: ServiceDeps): ServiceHandlers {
  return {
    'seconde.v1.SubscriptionService': terminateTrialHandlers(deps),
    'seconde.v1.SessionService': legalTermsHandlers(deps),
  };
}
