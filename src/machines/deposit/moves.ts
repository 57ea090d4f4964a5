import type { Deposit } from '../../rpc/gen/seconde/v1/deposit_pb.ts';
import {
  checkBulkSaleStatus,
  checkStatusChange,
  type Verdict,
} from '../../domain/deposit/rules.ts';
import type { DepositStatus, SaleStatus, SaleStatusCounts } from '../../domain/deposit/statuses.ts';
import { depositStatusOf } from './enums.ts';
import type { DepositViewer } from './depositTypes.ts';

/** Moves that ask the user why before they are sent. */
export const NEEDS_REASON: readonly DepositStatus[] = ['ABANDONED', 'CANCELED'];

/**
 * Vendors edit their own deposits, admin-level users every deposit, customers none
 * (2-business-data.md §5). The server applies the same scope; this only shapes the page.
 */
export function canEditDeposit(viewer: DepositViewer, deposit: Deposit | null): boolean {
  if (!deposit) return false;
  return (
    viewer.isAdminLevel || (viewer.vendorUuid !== null && viewer.vendorUuid === deposit.vendor)
  );
}

export function currentStatus(deposit: Deposit): DepositStatus {
  return depositStatusOf(deposit.status) ?? 'DRAFT';
}

/**
 * The shared rules' verdict on a move. Before the reason step, abandon and cancel are judged as if
 * a reason were given: the step itself then asks for it.
 */
export function moveVerdict(
  deposit: Deposit,
  counts: SaleStatusCounts,
  to: DepositStatus,
  reason?: string,
): Verdict {
  const needsReason = NEEDS_REASON.includes(to);
  return checkStatusChange({
    from: currentStatus(deposit),
    to,
    products: counts,
    reason: needsReason ? (reason ?? 'PENDING') : undefined,
    unsentPublicDraft: deposit.isCreatedByPublicForm,
  });
}

export function bulkVerdict(deposit: Deposit, counts: SaleStatusCounts, to: SaleStatus): Verdict {
  return checkBulkSaleStatus(currentStatus(deposit), to, counts).verdict;
}
