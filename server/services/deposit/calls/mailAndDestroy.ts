import { Code, type HandlerContext } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { sql } from 'kysely';
import { SOLD_STATUSES } from '../../../../src/domain/deposit/statuses.ts';
import {
  SendUpdateMailToVendorResponseSchema,
  type DestroyDepositRequest,
  type SendUpdateMailToVendorRequest,
} from '../../../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { DestroyResponseSchema } from '../../../../src/rpc/gen/seconde/v1/common_pb.ts';
import { mapDatabaseErrors, requireCaller } from '../../../crud/crudService.ts';
import { fail } from '../../../rpc/reasons.ts';
import { type DepositCallContext } from './common.ts';

/** Products that make a deposit impossible to delete: they are on sale or were sold. */
const ON_SALE_OR_SOLD = ['ONLINE', ...SOLD_STATUSES];

/**
 * SendUpdateMailToVendor (admin-level: a DEPOSIT_UPDATE mail to the deposit's vendor, queued in
 * the outbox within the transaction and sent after commit) and Destroy (the generic delete, but a
 * deposit with products online or sold is refused with DEPOSIT_HAS_SALES; other products still
 * block it through the foreign key, as IN_USE).
 */
export function mailAndDestroyHandlers(context: DepositCallContext) {
  const { db, mailer } = context.deps;
  return {
    async sendUpdateMailToVendor(req: SendUpdateMailToVendorRequest, ctx: HandlerContext) {
      const caller = requireCaller(ctx);
      const message = req.message.trim();
      if (!message)
        throw fail(Code.InvalidArgument, 'INVALID_ARGUMENT', 'The message must not be empty');
      await mapDatabaseErrors(() =>
        db.transaction().execute(async (trx) => {
          const deposit = await context.depositFor(trx, req.uuid, caller, 'read');
          const { rows } = await sql<{ email: string | null; first_name: string | null }>`
            select email, first_name from vendor where uuid = ${deposit.vendor}`.execute(trx);
          const vendor = rows[0];
          if (!vendor?.email)
            throw fail(
              Code.FailedPrecondition,
              'VENDOR_HAS_NO_EMAIL',
              'This deposit has no vendor with an e-mail address',
            );
          const name = String(deposit.name ?? '');
          await mailer.queue(trx, {
            kind: 'DEPOSIT_UPDATE',
            recipient: vendor.email,
            subject: `Votre dépôt « ${name} » a été mis à jour`,
            body: `Bonjour ${vendor.first_name ?? ''},\n\nVotre dépôt « ${name} » a été mis à jour :\n\n${message}\n\nL’équipe Seconde`,
            deposit: req.uuid,
          });
        }),
      );
      void mailer.flush(db);
      return create(SendUpdateMailToVendorResponseSchema, { success: true });
    },

    async destroy(req: DestroyDepositRequest, ctx: HandlerContext) {
      const caller = requireCaller(ctx);
      return mapDatabaseErrors(() =>
        db.transaction().execute(async (trx) => {
          await context.depositFor(trx, req.uuid, caller, 'write');
          const { rows } = await sql<{ n: number }>`
            select count(*)::int as n from product
            where deposit = ${req.uuid} and sale_status in (${sql.join(ON_SALE_OR_SOLD)})`.execute(
            trx,
          );
          if ((rows[0]?.n ?? 0) > 0)
            throw fail(
              Code.FailedPrecondition,
              'DEPOSIT_HAS_SALES',
              'This deposit has products online or sold; it cannot be deleted',
            );
          await sql`delete from deposit where uuid = ${req.uuid}`.execute(trx);
          return create(DestroyResponseSchema, { success: true });
        }),
      );
    },
  };
}
