import type { Deposit } from '../../rpc/gen/seconde/v1/deposit_pb.ts';
import type { AppErrorCode } from '../../rpc/errors.ts';
import type { RuleCode } from '../../domain/deposit/rules.ts';
import type { DepositStatus, SaleStatus, SaleStatusCounts } from '../../domain/deposit/statuses.ts';
import type { IdDocument, IdDocumentField } from '../../domain/policeRegister/idDocument.ts';
import type { FieldValue } from './depositFields.ts';

/** Who looks at the deposit; decides what may be edited (server checks again). */
export interface DepositViewer {
  readonly isAdminLevel: boolean;
  readonly vendorUuid: string | null;
}

/** Admin-only data (admin notes, qualification label), for admin-level viewers only. */
export interface AdminOnlyData {
  readonly adminNotes: string;
  readonly qualification: string;
}

/** A failure the page shows: the funnel's code, and the rule the server refused with, if any. */
export interface DepositError {
  readonly code: AppErrorCode;
  readonly rule: RuleCode | null;
}

/** A status change waiting for its reason (abandon, cancel) or on its way to the server. */
export interface PendingChange {
  readonly to: DepositStatus;
  readonly reason: string;
  readonly comment: string;
  /**
   * RECEIVED by a professional vendor: the depositor's identity document, asked in the same step
   * and sent with the move (Code pénal R.321-3); null for every other move.
   */
  readonly idDocument: IdDocument | null;
}

export interface DepositContext {
  readonly uuid: string;
  readonly viewer: DepositViewer;
  readonly deposit: Deposit | null;
  readonly counts: SaleStatusCounts;
  readonly adminOnly: AdminOnlyData | null;
  /** Fields the user changed and has not saved, by Deposit field name. */
  readonly draft: Readonly<Record<string, FieldValue>>;
  readonly adminDraft: AdminOnlyData | null;
  readonly pending: PendingChange | null;
  /** The vendor is a professional and the deposit has a depositor: RECEIVED asks the document. */
  readonly idDocumentRequired: boolean;
  /** Today in Paris, from the last load: no identity document is issued later. */
  readonly today: string;
  /** The bulk sale-status change in flight, then its outcome. */
  readonly bulk: {
    readonly to: SaleStatus;
    readonly updated: number;
    readonly skipped: number;
  } | null;
  /** Set exactly while the machine is in a state tagged `error`. */
  readonly error: DepositError | null;
  /**
   * What the server refused last, when the page's copy was out of date (changed elsewhere, or a
   * rule its copy did not show): the deposit is reloaded and this is said above its current state.
   */
  readonly refusal: DepositError | null;
}

export interface DepositInput {
  readonly uuid: string;
  readonly viewer: DepositViewer;
}

export interface LoadedDeposit {
  readonly deposit: Deposit;
  readonly counts: SaleStatusCounts;
  readonly adminOnly: AdminOnlyData | null;
  /** The same rule the server applies (src/domain/policeRegister/idDocument.ts). */
  readonly idDocumentRequired: boolean;
  /** YYYY-MM-DD in Paris when it was loaded. */
  readonly today: string;
}

/** The deposit after a status change, with its products counted again. */
export interface MovedDeposit {
  readonly deposit: Deposit;
  readonly counts: SaleStatusCounts;
}

export interface ChangeStatusInput {
  readonly deposit: Deposit;
  readonly change: PendingChange;
}

export interface BulkInput {
  readonly uuid: string;
  readonly to: SaleStatus;
}

export interface BulkOutput {
  readonly updated: number;
  readonly skipped: number;
  readonly counts: SaleStatusCounts;
}

export type DepositEvent =
  | { type: 'deposit.retry' }
  | { type: 'deposit.reload' }
  | { type: 'deposit.dismiss' }
  | { type: 'deposit.changeStatus'; to: DepositStatus }
  | { type: 'deposit.setReason'; reason?: string; comment?: string }
  | { type: 'deposit.confirmReason' }
  | { type: 'deposit.closeReason' }
  | { type: 'deposit.setIdDocument'; field: IdDocumentField; value: string }
  | { type: 'deposit.confirmIdDocument' }
  | { type: 'deposit.closeIdDocument' }
  | { type: 'deposit.changeSaleStatus'; to: SaleStatus }
  | { type: 'deposit.acceptInline' }
  | { type: 'deposit.declineInline' }
  | { type: 'deposit.editField'; name: string; value: FieldValue }
  | { type: 'deposit.discardDraft' }
  | { type: 'deposit.save' }
  | { type: 'deposit.editAdmin'; adminNotes?: string; qualification?: string }
  | { type: 'deposit.saveAdmin' };
