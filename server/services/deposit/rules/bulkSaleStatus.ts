import { Code, type HandlerContext } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.gen.ts';
import {
  mapDatabaseErrors,
  refuseOutOfScope,
  requireCaller,
  selectInScope,
} from '../../../crud/crudService.ts';
import { enumToLabel } from '../../../crud/rowMapping.ts';
import { fail } from '../../../rpc/reasons.ts';
import { checkBulkSaleStatus } from '../../../../src/domain/deposit/rules.ts';
import { isDepositStatus, isSaleStatus } from '../../../../src/domain/deposit/statuses.ts';
import {
  ChangeSaleStatusForAllProductsResponseSchema,
  type ChangeSaleStatusForAllProductsRequest,
  type ChangeSaleStatusForAllProductsResponse,
} from '../../../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { SaleStatusSchema } from '../../../../src/rpc/gen/seconde/v1/product_pb.ts';
import { enforce, saleStatusCounts } from './ruleSql.ts';
import { INCOME_STATUSES, fillIncomes } from '../../products/income.ts';
import { vendorWithListingsUp, type OffSaleListener } from '../../publishing/withdrawals.ts';
import { recordSaleLedger } from '../../ledger/ledgerWrites.ts';

/**
 * DepositService.ChangeSaleStatusForAllProducts: the deposit is locked `for update` with the
 * caller's write scope, the deposit-level rules refuse the whole change, and one statement moves
 * every product but the invoiced ones (counted as skipped) and those already there. Products
 * taken off sale while listed on channels tell `offSale`.
 */
export function changeSaleStatusForAllProductsHandler(
  db: Kysely<Database>,
  clock: () => Date,
  offSale?: OffSaleListener,
): (
  req: ChangeSaleStatusForAllProductsRequest,
  ctx: HandlerContext,
) => Promise<ChangeSaleStatusForAllProductsResponse> {
  return async (req, ctx) => {
    const caller = requireCaller(ctx);
    const to = req.saleStatus ? enumToLabel(SaleStatusSchema, req.saleStatus) : null;
    if (!isSaleStatus(to))
      throw fail(Code.InvalidArgument, 'INVALID_ARGUMENT', 'sale_status is required');
    return mapDatabaseErrors(() =>
      db.transaction().execute(async (trx) => {
        const deposit = await selectInScope(
          trx,
          'deposit',
          req.uuid,
          caller,
          'write',
          'for update',
        );
        if (!deposit) throw await refuseOutOfScope(trx, 'deposit', req.uuid, 'Deposit');
        const status = isDepositStatus(deposit.status) ? deposit.status : 'DRAFT';
        const outcome = checkBulkSaleStatus(status, to, await saleStatusCounts(trx, req.uuid));
        enforce(outcome.verdict);
        const updated = await sql<{ uuid: string; previous: string | null }>`
          with before as (
            select uuid, sale_status::text as previous from product
            where deposit = ${req.uuid}
              and sale_status is distinct from 'FACTURED' and sale_status is distinct from ${to})
          update product p set sale_status = ${to}, sale_status_modified = ${clock()},
            updated_at = now(), row_version = row_version + 1
          from before where p.uuid = before.uuid
          returning p.uuid, before.previous`.execute(trx);
        // Products that just became sold get their incomes and their sale date.
        if (INCOME_STATUSES.includes(to)) {
          const sold = updated.rows.filter((r) => !INCOME_STATUSES.includes(r.previous ?? ''));
          await fillIncomes(
            trx,
            req.uuid,
            sold.map((r) => r.uuid),
            clock(),
          );
        }
        await recordSaleLedger(
          trx,
          updated.rows.map((r) => r.uuid),
          clock(),
        );
        if (offSale && to !== 'ONLINE' && updated.rows.length > 0) {
          const vendor = await vendorWithListingsUp(trx, { deposit: req.uuid });
          if (vendor) offSale(vendor);
        }
        return create(ChangeSaleStatusForAllProductsResponseSchema, {
          success: true,
          updatedCount: updated.rows.length,
          skippedCount: outcome.skipped,
        });
      }),
    );
  };
}
