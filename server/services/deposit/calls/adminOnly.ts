import type { HandlerContext } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { sql } from 'kysely';
import {
  DepositAdminOnlySchema,
  QualificationStatus,
  QualificationStatusSchema,
  type GetDepositAdminOnlyRequest,
  type UpdateDepositAdminOnlyRequest,
} from '../../../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { mapDatabaseErrors, requireCaller } from '../../../crud/crudService.ts';
import { enumFromLabel, enumToLabel } from '../../../crud/rowMapping.ts';
import { fail } from '../../../rpc/reasons.ts';
import { Code } from '@connectrpc/connect';
import { type DepositCallContext, type Row } from './common.ts';

function adminOnlyOf(row: Row) {
  return create(DepositAdminOnlySchema, {
    uuid: String(row.uuid),
    adminNotes: String(row.admin_notes ?? ''),
    qualificationStatus: row.qualification_status
      ? enumFromLabel(QualificationStatusSchema, String(row.qualification_status))
      : QualificationStatus.UNSPECIFIED,
  });
}

/**
 * GetAdminOnly and UpdateAdminOnly: the deposit data only Admin and Developer read and write.
 * An UNSPECIFIED qualification leaves the stored one as it is; empty notes clear the notes.
 */
export function adminOnlyHandlers(context: DepositCallContext) {
  const { db } = context.deps;
  return {
    async getAdminOnly(req: GetDepositAdminOnlyRequest, ctx: HandlerContext) {
      const caller = requireCaller(ctx);
      return adminOnlyOf(await context.depositFor(db, req.uuid, caller, 'read'));
    },

    async updateAdminOnly(req: UpdateDepositAdminOnlyRequest, ctx: HandlerContext) {
      const caller = requireCaller(ctx);
      let qualification: string | null = null;
      try {
        qualification = enumToLabel(QualificationStatusSchema, req.qualificationStatus);
      } catch {
        throw fail(Code.InvalidArgument, 'INVALID_ARGUMENT', 'Unknown qualification status');
      }
      return mapDatabaseErrors(() =>
        db.transaction().execute(async (trx) => {
          await context.depositFor(trx, req.uuid, caller, 'write');
          const { rows } = await sql<Row>`
            update deposit set
              admin_notes = ${req.adminNotes},
              qualification_status = coalesce(${qualification}::qualification_status, qualification_status),
              updated_at = now(),
              row_version = row_version + 1
            where uuid = ${req.uuid}
            returning uuid, admin_notes, qualification_status::text as qualification_status`.execute(
            trx,
          );
          return adminOnlyOf(rows[0]!);
        }),
      );
    },
  };
}
