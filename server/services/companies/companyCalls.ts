import { CompanyService } from '../../../src/rpc/gen/seconde/v1/company_pb.ts';
import type { ServiceDeps } from '../deps.ts';
import { implement } from '../implement.ts';
import { companyHandlers } from './companyService.ts';

/**
 * Companies: creating one (its creator becomes its administrator), its administrator's edits and
 * proof of registration.
 */
export function companyCallsHandlers(deps: ServiceDeps) {
  return [implement(CompanyService, companyHandlers(deps.db, deps.clock, deps.proofs))] as const;
}
