import { Code, type HandlerContext } from '@connectrpc/connect';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.gen.ts';
import {
  insertRow,
  insertableRow,
  mapDatabaseErrors,
  requireCaller,
  selectInScope,
  type UpdateHooks,
} from '../../../crud/crudService.ts';
import { policyFor, scopeFor } from '../../../crud/policies.ts';
import { enumToLabel, rowToMessage } from '../../../crud/rowMapping.ts';
import type { Caller } from '../../../rpc/caller.ts';
import { fail } from '../../../rpc/reasons.ts';
import { checkSaleStatusChange } from '../../../../src/domain/deposit/rules.ts';
import { isSaleStatus, type SaleStatus } from '../../../../src/domain/deposit/statuses.ts';
import {
  ProductOriginSchema,
  ProductSchema,
  type Product,
} from '../../../../src/rpc/gen/seconde/v1/product_pb.ts';
import type { Schema } from '../../../crud/tableInfo.ts';
import { enforce, lockDepositStatus, tableColumns } from './ruleSql.ts';
import { takeReferences } from '../../products/references.ts';
import { checkCategoryAttributes, fillSaleColumns, isInvoiced } from '../../products/writeRules.ts';
import { vendorWithListingsUp, type OffSaleListener } from '../../publishing/withdrawals.ts';
import { recordSaleLedger } from '../../ledger/ledgerWrites.ts';
import { enterReceivedProducts } from '../../policeRegister/entries.ts';

/** The sale status a product row will hold; a missing one takes the column default, OFFLINE. */
function saleStatusOf(value: unknown): SaleStatus {
  if (value === undefined) return 'OFFLINE';
  if (!isSaleStatus(value))
    throw fail(Code.InvalidArgument, 'INVALID_ARGUMENT', 'A product needs a sale status');
  return value;
}

/**
 * Locks a product's (new) deposit `for share`, so no status change of the deposit runs beside
 * this product's change, and checks the product's sale status against it. A product without a
 * deposit has no deposit rule to follow.
 */
export async function checkAgainstDeposit(
  trx: Kysely<Database>,
  deposit: unknown,
  from: SaleStatus | undefined,
  to: SaleStatus,
): Promise<void> {
  if (typeof deposit !== 'string' || deposit === '') return;
  const locked = await lockDepositStatus(trx, deposit, 'for share');
  if (!locked)
    throw fail(Code.InvalidArgument, 'UNKNOWN_REFERENCE', 'The product’s deposit does not exist');
  if (locked.status) enforce(checkSaleStatusChange({ depositStatus: locked.status, from, to }));
}

/**
 * The sale-status rules inside Product Update and PartialUpdate. The deposit is locked before the
 * product (as a deposit status change does), so the two never wait on each other in a circle.
 * A product taken off sale while listed on channels tells `offSale`, which has its listings
 * withdrawn.
 */
export function productUpdateHooks(clock: () => Date, offSale?: OffSaleListener): UpdateHooks {
  const lockedDeposit = new WeakMap<object, string | null>();
  return {
    async beforeLock({ trx, request, uuid }) {
      const { rows } = await sql<{
        deposit: string | null;
      }>`select deposit from product where uuid = ${uuid}`.execute(trx);
      const deposit = rows[0]?.deposit ?? null;
      if (deposit) await lockDepositStatus(trx, deposit, 'for share');
      lockedDeposit.set(request, deposit);
    },

    async beforeWrite({ trx, caller, request, current, row }) {
      if ((current.deposit ?? null) !== lockedDeposit.get(request))
        throw fail(
          Code.Aborted,
          'CHANGED_BY_SOMEONE_ELSE',
          'Product was changed by someone else; reload it',
        );
      // Invoiced: FACTURED, or named by an invoice (product_invoice_uuid, in_invoices).
      if (isInvoiced(current)) enforce({ ok: false, code: 'PRODUCT_INVOICED' });
      const origin = Number((request as { lastUpdatedBy?: number }).lastUpdatedBy ?? 0);
      if (origin > 0 && !('last_updated_by' in row))
        row.last_updated_by = enumToLabel(ProductOriginSchema, origin);
      const from = isSaleStatus(current.sale_status) ? current.sale_status : undefined;
      const to = 'sale_status' in row ? saleStatusOf(row.sale_status) : from;
      const moved = 'deposit' in row && (row.deposit ?? null) !== (current.deposit ?? null);
      if (moved) {
        // Into another deposit: the product must fit there as if it were new.
        if (to) await checkAgainstDeposit(trx, row.deposit, undefined, to);
      } else if (to && to !== from) {
        await checkAgainstDeposit(trx, current.deposit, from, to);
      }
      if (to !== from && !('sale_status_modified' in row && row.sale_status_modified))
        row.sale_status_modified = clock();
      await checkCategoryAttributes(trx, current, row);
      const deposit = moved ? row.deposit : current.deposit;
      await fillSaleColumns(trx, caller, clock, { current, row, deposit, from, to });
    },

    async afterWrite({ trx, caller, current, row }) {
      // The depositor's ledger follows the sale status and the share, in the same transaction.
      if ('sale_status' in row || 'customer_income' in row || 'deposit' in row)
        await recordSaleLedger(trx, [String(current.uuid)], clock());
      // Moved into a received deposit: entered in the police register if it is not yet.
      if ('deposit' in row && row.deposit !== current.deposit)
        await enterReceivedProducts(trx, { products: [String(current.uuid)] }, clock(), caller.sub);
      if (!offSale || !('sale_status' in row)) return;
      if (row.sale_status === current.sale_status || row.sale_status === 'ONLINE') return;
      const vendor = await vendorWithListingsUp(trx, { products: [String(current.uuid)] });
      if (vendor) offSale(vendor);
    },
  };
}

/** Product Create: the new product's sale status must fit its deposit, locked `for share`. */
export function productCreateHandler(
  db: Kysely<Database>,
  schema: () => Promise<Schema>,
  clock: () => Date,
  /** A check in the creating transaction before anything is written (the plan's product limit). */
  beforeCreate?: (trx: Kysely<Database>, caller: Caller) => Promise<void>,
): (req: { product?: Partial<Product> }, ctx: HandlerContext) => Promise<Product> {
  return async (req, ctx) => {
    const caller: Caller = requireCaller(ctx);
    if (!caller.isAdminLevel && scopeFor(caller, 'product', 'write') === 'none')
      throw fail(Code.PermissionDenied, 'FORBIDDEN', 'You may not create Product');
    const columns = tableColumns(await schema(), 'product');
    const row = insertableRow(
      ProductSchema,
      columns,
      (req.product ?? {}) as Record<string, unknown>,
    );
    if (!caller.isAdminLevel) policyFor('product').prepareCreate?.(caller, row);
    const to = saleStatusOf(row.sale_status);
    return mapDatabaseErrors(() =>
      db.transaction().execute(async (trx) => {
        await beforeCreate?.(trx, caller);
        // Someone else's deposit is refused before its status is looked at.
        if (
          typeof row.deposit === 'string' &&
          !(await selectInScope(trx, 'deposit', row.deposit, caller, 'write')) &&
          (await lockDepositStatus(trx, row.deposit, 'for share'))
        )
          throw fail(Code.PermissionDenied, 'FORBIDDEN', 'This deposit is not yours');
        await checkAgainstDeposit(trx, row.deposit, undefined, to);
        if (to !== 'OFFLINE' && !row.sale_status_modified) row.sale_status_modified = clock();
        // References are numbered from the deposit's range when the caller gives none.
        if (typeof row.deposit === 'string' && !row.reference)
          [row.reference] = await takeReferences(trx, row.deposit);
        await checkCategoryAttributes(trx, undefined, row);
        await fillSaleColumns(trx, caller, clock, {
          current: undefined,
          row,
          deposit: row.deposit,
          to,
        });
        const uuid = await insertRow(trx, 'product', row);
        await recordSaleLedger(trx, [uuid], clock());
        // Added to a received deposit: entered in the police register at once.
        await enterReceivedProducts(trx, { products: [uuid] }, clock(), caller.sub);
        const created = await selectInScope(trx, 'product', uuid, caller, 'write');
        if (!created)
          throw fail(Code.PermissionDenied, 'FORBIDDEN', 'You may not create this Product');
        return rowToMessage(ProductSchema, columns, created);
      }),
    );
  };
}
