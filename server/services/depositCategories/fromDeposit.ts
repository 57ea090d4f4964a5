import { create } from '@bufbuild/protobuf';
import { Code } from '@connectrpc/connect';
import { sql } from 'kysely';
import {
  CreateCategoriesFromDepositResponseSchema,
  DepositProductCategorySchema,
  DepositProductCategoryService,
} from '../../../src/rpc/gen/seconde/v1/deposit_product_category_pb.ts';
import { rowToMessage } from '../../crud/rowMapping.ts';
import { fail } from '../../rpc/reasons.ts';
import { tableColumns } from '../deposit/requests/columns.ts';
import type { ServiceDeps } from '../deps.ts';
import { implement } from '../implement.ts';

/**
 * The deposit's category counts taken from what it holds: one row per category of its products
 * with their number, replacing the counts announced before (docs/decisions.md, "Buyers and the last
 * calls"). The access table has already checked the deposit is one the caller may change.
 */
export function depositCategoryHandlers({ db }: ServiceDeps) {
  return [
    implement(DepositProductCategoryService, {
      createFromDeposit: async (req) => {
        const deposit = req.depositUuid;
        if (!deposit)
          throw fail(Code.InvalidArgument, 'INVALID_ARGUMENT', 'depositUuid names no deposit');
        return db.transaction().execute(async (trx) => {
          await sql`delete from deposit_product_category where deposit = ${deposit}`.execute(trx);
          await sql`
            insert into deposit_product_category (deposit, category, product_count)
            select ${deposit}, p.category, count(*)::int from product p
            where p.deposit = ${deposit} and p.category is not null
            group by p.category`.execute(trx);
          const { rows } = await sql<Record<string, unknown>>`
            select dpc.* from deposit_product_category dpc
            left join category c on c.uuid = dpc.category
            where dpc.deposit = ${deposit}
            order by c.name, dpc.uuid`.execute(trx);
          const columns = await tableColumns(trx, 'deposit_product_category');
          return create(CreateCategoriesFromDepositResponseSchema, {
            results: rows.map((r) => rowToMessage(DepositProductCategorySchema, columns, r)),
            count: rows.length,
          });
        });
      },
    }),
  ] as const;
}
