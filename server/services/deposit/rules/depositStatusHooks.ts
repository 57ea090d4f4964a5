import { Code } from '@connectrpc/connect';
import { sql } from 'kysely';
import type { UpdateHooks } from '../../../crud/crudService.ts';
import { fail } from '../../../rpc/reasons.ts';
import { checkStatusChange, restitutionTarget } from '../../../../src/domain/deposit/rules.ts';
import {
  SALE_STATUSES,
  isDepositStatus,
  type SaleStatus,
} from '../../../../src/domain/deposit/statuses.ts';
import { enforce, saleStatusCounts } from './ruleSql.ts';
import { vendorWithListingsUp, type OffSaleListener } from '../../publishing/withdrawals.ts';
import { enterReceivedProducts, idDocumentMissing } from '../../policeRegister/entries.ts';
import { writeRestitutionReceipt, type RestitutionContext } from '../../restitution/receipts.ts';

/** Admin-only columns of a deposit (2-business-data.md §3): never written by these calls otherwise. */
export const ADMIN_ONLY_COLUMNS = ['admin_notes', 'qualification_status'] as const;

/** Restitution's effect on products, grouped by the status they take: target → statuses left. */
function restitutionMoves(): Map<SaleStatus, SaleStatus[]> {
  const moves = new Map<SaleStatus, SaleStatus[]>();
  for (const status of SALE_STATUSES) {
    const target = restitutionTarget(status);
    if (target) moves.set(target, [...(moves.get(target) ?? []), status]);
  }
  return moves;
}

const valueOf = (
  key: string,
  row: Record<string, unknown>,
  current: Record<string, unknown>,
): unknown => (key in row ? row[key] : current[key]);

/**
 * The deposit rules inside Update and PartialUpdate: the generic update has already locked the
 * deposit `for update` and checked its row_version; a status change is checked against the
 * products counted in the same transaction, then its effects are written in it too. A restitution
 * tells `offSale` when some of its products are still listed on channels, and writes the
 * restitution receipt (with its register entries and mail) when `restitution` is given.
 */
export function depositStatusHooks(
  clock: () => Date,
  offSale?: OffSaleListener,
  restitution?: RestitutionContext,
): UpdateHooks {
  return {
    async beforeWrite({ trx, caller, current, row, only }) {
      if (!caller.isAdminLevel) {
        const named = ADMIN_ONLY_COLUMNS.filter((c) => only?.has(c));
        if (named.length > 0)
          throw fail(
            Code.PermissionDenied,
            'FORBIDDEN',
            `Only staff may change ${named.join(', ')}`,
          );
        for (const column of ADMIN_ONLY_COLUMNS) delete row[column];
      }
      if (!('status' in row)) return;
      const to = row.status;
      if (!isDepositStatus(to))
        throw fail(Code.InvalidArgument, 'INVALID_ARGUMENT', 'A deposit needs a status');
      const from = isDepositStatus(current.status) ? current.status : 'DRAFT';
      if (to === current.status) return;
      const reasonColumn =
        to === 'ABANDONED' ? 'abandon_reason' : to === 'CANCELED' ? 'cancel_reason' : undefined;
      const reason = reasonColumn ? valueOf(reasonColumn, row, current) : undefined;
      enforce(
        checkStatusChange({
          from,
          to,
          products: await saleStatusCounts(trx, String(current.uuid)),
          reason: typeof reason === 'string' ? reason : undefined,
          unsentPublicDraft: current.is_created_by_public_form === true,
          idDocumentMissing:
            to === 'RECEIVED' &&
            (await idDocumentMissing(
              trx,
              {
                vendor: valueOf('vendor', row, current),
                customer: valueOf('customer', row, current),
              },
              (column) => valueOf(column, row, current),
            )),
        }),
      );
      if (to === 'INLINE' && valueOf('deposit_completed_datetime', row, current) == null)
        row.deposit_completed_datetime = clock();
    },

    async afterWrite({ trx, caller, current, row }) {
      // Received: every item goes into the police register, in the same transaction.
      if (row.status === 'RECEIVED' && current.status !== 'RECEIVED')
        await enterReceivedProducts(trx, { deposit: String(current.uuid) }, clock(), caller.sub);
      if (row.status !== 'RESTITUED' || current.status === 'RESTITUED') return;
      const now = clock();
      for (const [target, statuses] of restitutionMoves()) {
        await sql`
          update product set sale_status = ${target}, sale_status_modified = ${now},
            updated_at = now(), row_version = row_version + 1
          where deposit = ${String(current.uuid)}
            and sale_status::text in (${sql.join(statuses.map((s) => sql`${s}`))})`.execute(trx);
      }
      if (restitution)
        await writeRestitutionReceipt(trx, restitution, String(current.uuid), now, caller.sub);
      const vendor =
        offSale && (await vendorWithListingsUp(trx, { deposit: String(current.uuid) }));
      if (vendor) offSale?.(vendor);
    },

    // A vendor's restituted deposit leaves their scope (2-business-data.md §4); they still get the
    // answer of the change they were allowed to make, and nothing else.
    mayLeaveScope: ({ current, after }) =>
      after.status === 'RESTITUED' &&
      current.status !== 'RESTITUED' &&
      after.vendor === current.vendor,
  };
}
