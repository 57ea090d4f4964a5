import type { HandlerContext } from '@connectrpc/connect';
import type { DescMessage, DescService } from '@bufbuild/protobuf';
import { requireCaller, updateHandler, type UpdateHooks } from '../../crud/crudService.ts';
import { DepositSchema, DepositService } from '../../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { ProductSchema, ProductService } from '../../../src/rpc/gen/seconde/v1/product_pb.ts';
import type { ServiceDeps } from '../deps.ts';
import { implement, tableDriven } from '../implement.ts';
import { changeSaleStatusForAllProductsHandler } from './rules/bulkSaleStatus.ts';
import { depositStatusHooks } from './rules/depositStatusHooks.ts';
import { productCreateHandler, productUpdateHooks } from './rules/productRules.ts';
import { lazySchema, tableColumns } from './rules/ruleSql.ts';
import { requestWithdrawals } from '../publishing/withdrawals.ts';
import { requireProductRoom } from '../billing/productLimit.ts';

type Handler = ReturnType<typeof updateHandler>;

/**
 * The shared deposit rule engine (src/domain/deposit/rules.ts) on the server: every change of a
 * deposit's status and of a product's sale status runs in one transaction with its rows locked and
 * its row_version checked. Other fields update as the generic handlers do.
 */
export function depositRulesHandlers(deps: ServiceDeps) {
  const { db, clock } = deps;
  const schema = lazySchema(db);
  // A product taken off sale comes off the sales channels it is listed on.
  const offSale = (vendor: string) => void requestWithdrawals(deps, vendor);

  /** The generic update with rule hooks, built once the table's columns are known. */
  const ruledUpdate = (
    service: DescService,
    resource: DescMessage,
    table: string,
    method: 'update' | 'partialUpdate',
    hooks: UpdateHooks,
    present: (answer: unknown, ctx: HandlerContext) => unknown = (answer) => answer,
  ) => {
    let built: Promise<Handler> | undefined;
    const handler: Handler = async (req, ctx) => {
      built ??= schema().then((s) =>
        updateHandler(db, service, resource, table, tableColumns(s, table), method, hooks),
      );
      return present(await (await built)(req, ctx), ctx);
    };
    return tableDriven(handler);
  };

  const depositHooks = depositStatusHooks(clock, offSale, deps);
  const productHooks = productUpdateHooks(clock, offSale);
  // Admin notes are staff-only: other callers never receive them from these calls either.
  const hideAdminNotes = (answer: unknown, ctx: HandlerContext) => {
    if (!requireCaller(ctx).isAdminLevel) (answer as { adminNotes: string }).adminNotes = '';
    return answer;
  };

  return [
    implement(DepositService, {
      update: ruledUpdate(
        DepositService,
        DepositSchema,
        'deposit',
        'update',
        depositHooks,
        hideAdminNotes,
      ),
      partialUpdate: ruledUpdate(
        DepositService,
        DepositSchema,
        'deposit',
        'partialUpdate',
        depositHooks,
        hideAdminNotes,
      ),
      changeSaleStatusForAllProducts: changeSaleStatusForAllProductsHandler(db, clock, offSale),
    }),
    implement(ProductService, {
      create: productCreateHandler(db, schema, clock, (trx, caller) =>
        requireProductRoom(trx, deps.billing, caller),
      ),
      update: ruledUpdate(ProductService, ProductSchema, 'product', 'update', productHooks),
      partialUpdate: ruledUpdate(
        ProductService,
        ProductSchema,
        'product',
        'partialUpdate',
        productHooks,
      ),
    }),
  ] as const;
}
