import { isRuleCode, offersInline } from '../../domain/deposit/rules.ts';
import type { DepositStatus, SaleStatus } from '../../domain/deposit/statuses.ts';
import { idDocumentProblems } from '../../domain/policeRegister/idDocument.ts';
import { toAppError } from '../../rpc/errors.ts';
import type { DepositContext } from './depositTypes.ts';
import { NEEDS_REASON, bulkVerdict, canEditDeposit, currentStatus, moveVerdict } from './moves.ts';

type Args = { readonly context: DepositContext };

/**
 * The deposit machine's guards: every move is asked of the shared rules (moves.ts) before it is
 * offered, so the page never sends a change the server would refuse for a known reason.
 */
export const depositGuards = {
  canEdit: ({ context }: Args) => canEditDeposit(context.viewer, context.deposit),
  canMove: ({ context }: Args, to: DepositStatus) =>
    canEditDeposit(context.viewer, context.deposit) &&
    moveVerdict(context.deposit!, context.counts, to).ok,
  canMoveWithReason: ({ context }: Args, to: DepositStatus) =>
    NEEDS_REASON.includes(to) &&
    canEditDeposit(context.viewer, context.deposit) &&
    moveVerdict(context.deposit!, context.counts, to).ok,
  /** RECEIVED by a professional vendor asks the depositor's identity document first. */
  canMoveWithIdDocument: ({ context }: Args, to: DepositStatus) =>
    to === 'RECEIVED' &&
    context.idDocumentRequired &&
    canEditDeposit(context.viewer, context.deposit) &&
    moveVerdict(context.deposit!, context.counts, to).ok,
  hasValidIdDocument: ({ context }: Args) =>
    context.pending?.idDocument != null &&
    Object.keys(idDocumentProblems(context.pending.idDocument, context.today)).length === 0,
  isAdminLevel: ({ context }: Args) => context.viewer.isAdminLevel,
  hasValidReason: ({ context }: Args) =>
    context.pending !== null &&
    moveVerdict(context.deposit!, context.counts, context.pending.to, context.pending.reason).ok,
  canBulk: ({ context }: Args, to: SaleStatus) =>
    canEditDeposit(context.viewer, context.deposit) &&
    bulkVerdict(context.deposit!, context.counts, to).ok,
  hasDraft: ({ context }: Args) =>
    canEditDeposit(context.viewer, context.deposit) && Object.keys(context.draft).length > 0,
  hasAdminDraft: ({ context }: Args) => context.viewer.isAdminLevel && context.adminDraft !== null,
  isInlineOffered: ({ context }: Args) =>
    context.bulk !== null &&
    offersInline(currentStatus(context.deposit!), context.counts.ONLINE ?? 0, context.bulk.to),
  isStale: (_: unknown, p: { error: unknown }) =>
    toAppError(p.error).code === 'changedBySomeoneElse',
  isRuleRefusal: (_: unknown, p: { error: unknown }) => isRuleCode(toAppError(p.error).reason),
};
