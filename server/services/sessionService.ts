import type { HandlerContext } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.gen.ts';
import { GetCurrentUserResponseSchema, Role } from '../../src/rpc/gen/seconde/v1/session_pb.ts';
import { requireCaller } from '../crud/crudService.ts';
import { DEFAULT_SETTINGS, legalTermsUpdatedAt, type BusinessSettings } from './deps.ts';

const ROLE_BY_GROUP: Record<string, Role> = {
  Developer: Role.DEVELOPER,
  Admin: Role.ADMIN,
  Vendor: Role.VENDOR,
  Customer: Role.CUSTOMER,
};

/**
 * Answers "who am I" from the verified token and the caller's own record, nothing the client says,
 * with the date of the legal terms in force (the client asks to accept them again when newer).
 */
export function sessionHandlers(
  db: Kysely<Database>,
  settings: BusinessSettings = DEFAULT_SETTINGS,
) {
  return {
    async getCurrentUser(_req: unknown, ctx: HandlerContext) {
      const caller = requireCaller(ctx);
      const table = caller.vendorUuid ? 'vendor' : caller.customerUuid ? 'customer' : null;
      const uuid = caller.vendorUuid ?? caller.customerUuid;
      let record: Record<string, unknown> = {};
      if (table && uuid) {
        const { rows } = await sql<
          Record<string, unknown>
        >`select * from ${sql.table(table)} where uuid = ${uuid}`.execute(db);
        record = rows[0] ?? {};
      }
      return create(GetCurrentUserResponseSchema, {
        sub: caller.sub,
        email: caller.email,
        groups: [...caller.groups],
        role: caller.role ? (ROLE_BY_GROUP[caller.role] ?? Role.UNSPECIFIED) : Role.UNSPECIFIED,
        isCompanyAdmin: caller.groups.includes('Company'),
        // Staff without a vendor or customer record are named by their identity provider.
        firstName: String(record.first_name ?? caller.givenName),
        lastName: String(record.last_name ?? caller.familyName),
        vendorUuid: caller.vendorUuid ?? '',
        customerUuid: caller.customerUuid ?? '',
        profilPicture: String(record.profil_picture ?? ''),
        legalTermsUpdatedAt: timestampFromDate(legalTermsUpdatedAt(settings)),
      });
    },
  };
}
