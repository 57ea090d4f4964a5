import { Code, type HandlerContext } from '@connectrpc/connect';
import { sql } from 'kysely';
import type { GetCurrentUserResponse } from '../../../src/rpc/gen/seconde/v1/session_pb.ts';
import { requireCaller } from '../../crud/crudService.ts';
import { fail } from '../../rpc/reasons.ts';
import { legalTermsUpdatedAt, type ServiceDeps } from '../deps.ts';
import { sessionHandlers } from '../sessionService.ts';

/**
 * SessionService.AcceptCurrentLegalTerms: the caller accepts the terms in force, on their own
 * vendor or customer record (the date of acceptance, and which terms: their last update), and
 * gets "who am I" back. Staff without a record have nothing to accept.
 */
export function legalTermsHandlers(deps: ServiceDeps) {
  const { db, clock, settings } = deps;
  const session = sessionHandlers(db, settings);
  return {
    async acceptCurrentLegalTerms(
      req: unknown,
      ctx: HandlerContext,
    ): Promise<GetCurrentUserResponse> {
      const caller = requireCaller(ctx);
      const table = caller.vendorUuid ? 'vendor' : caller.customerUuid ? 'customer' : null;
      const uuid = caller.vendorUuid ?? caller.customerUuid;
      if (!table || !uuid)
        throw fail(Code.FailedPrecondition, 'NO_OWN_RECORD', 'Only vendors and customers accept');
      const now = clock();
      await sql`
        update ${sql.table(table)} set accepted_legal_term_at = ${now},
          legal_terms_updated_at = ${legalTermsUpdatedAt(settings)},
          updated_at = ${now}, row_version = row_version + 1
        where uuid = ${uuid}`.execute(db);
      return session.getCurrentUser(req, ctx);
    },
  };
}
