import { DEPOSIT_STATUSES, type DepositStatus } from '../deposit/statuses.ts';

/**
 * Why a return label is refused: the vendor does not hold the deposit's items (not received yet,
 * or its life ended), or its depositor did not accept postal sending.
 */
export const RETURN_LABEL_REASONS = ['DEPOSIT_NOT_RETURNABLE', 'POSTAL_SENDING_REFUSED'] as const;
export type ReturnLabelReason = (typeof RETURN_LABEL_REASONS)[number];

/**
 * Deposits whose items the vendor holds, RECEIVED to INLINE: the ones a return label may send
 * back. A RESTITUED deposit leaves the vendor's scope (2-business-data.md §4), so the label is
 * made while the restitution is under way, before the status moves.
 */
export const RETURNABLE_STATUSES: readonly DepositStatus[] = DEPOSIT_STATUSES.slice(
  DEPOSIT_STATUSES.indexOf('RECEIVED'),
  DEPOSIT_STATUSES.indexOf('INLINE') + 1,
);

export const isReturnable = (status: string | null | undefined): boolean =>
  (RETURNABLE_STATUSES as readonly string[]).includes(status ?? '');
