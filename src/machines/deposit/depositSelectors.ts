import type { SnapshotFrom } from 'xstate';
import { ruleI18nKey, type RuleCode } from '../../domain/deposit/rules.ts';
import {
  DEPOSIT_STATUSES,
  SALE_STATUSES,
  type DepositStatus,
  type SaleStatus,
} from '../../domain/deposit/statuses.ts';
import {
  idDocumentProblems,
  type IdDocumentField,
  type IdDocumentProblem,
} from '../../domain/policeRegister/idDocument.ts';
import { errorI18nKey } from '../../rpc/errors.ts';
import { readFields, type FieldValue } from './depositFields.ts';
import type { depositMachine } from './depositMachine.ts';
import { bulkVerdict, canEditDeposit, currentStatus, moveVerdict } from './moves.ts';

/**
 * Narrow reads of the deposit machine for the page. Arrays are rebuilt on each call, so views pass
 * `shallowEqual`-like comparers or read them once per render through one selector.
 */
type Snapshot = SnapshotFrom<typeof depositMachine>;

/** One status of the transition bar: may the user move there, and if not, the rule's text key. */
export interface StatusOption {
  readonly status: DepositStatus;
  readonly current: boolean;
  readonly enabled: boolean;
  readonly reasonKey: string | null;
  /** The required step a refused move would skip, for the reason's text. */
  readonly step: DepositStatus | null;
}

/** One sale status of the bulk change, with the number of products it would change. */
export interface SaleStatusOption {
  readonly status: SaleStatus;
  readonly enabled: boolean;
  readonly reasonKey: string | null;
  readonly count: number;
}

const reasonKeyOf = (code: RuleCode | undefined) => (code ? ruleI18nKey(code) : null);

export const selectIsLoading = (s: Snapshot) => s.matches('loading');
export const selectIsBusy = (s: Snapshot) => s.hasTag('busy');
export const selectHasDeposit = (s: Snapshot) => s.context.deposit !== null;
export const selectLoadFailed = (s: Snapshot) => s.matches('loadFailed');
export const selectIsStale = (s: Snapshot) => s.hasTag('stale');
export const selectCanEdit = (s: Snapshot) => canEditDeposit(s.context.viewer, s.context.deposit);
export const selectIsAdminLevel = (s: Snapshot) => s.context.viewer.isAdminLevel;
export const selectName = (s: Snapshot) => s.context.deposit?.name ?? '';
export const selectStatus = (s: Snapshot): DepositStatus | null =>
  s.context.deposit ? currentStatus(s.context.deposit) : null;
export const selectRowVersion = (s: Snapshot) => s.context.deposit?.rowVersion ?? 0;

/** Text key of the failure shown: the rule's text when the server named one. */
export const selectErrorKey = (s: Snapshot): string | null => {
  const { error } = s.context;
  if (!error) return null;
  return error.rule ? ruleI18nKey(error.rule) : errorI18nKey(error.code);
};

/** A move was refused because the page's copy was out of date, and the deposit reloaded. */
export const selectWasRefreshed = (s: Snapshot) => s.context.refusal !== null;
/** The rule the server named when it refused that move (null: only changed elsewhere). */
export const selectRefusalRuleKey = (s: Snapshot): string | null =>
  s.context.refusal?.rule ? ruleI18nKey(s.context.refusal.rule) : null;

export function selectStatusOptions(s: Snapshot): StatusOption[] {
  const { deposit, counts } = s.context;
  if (!deposit) return [];
  const from = currentStatus(deposit);
  return DEPOSIT_STATUSES.map((status) => {
    const verdict = moveVerdict(deposit, counts, status);
    return {
      status,
      current: status === from,
      enabled: s.can({ type: 'deposit.changeStatus', to: status }),
      reasonKey: verdict.ok ? null : reasonKeyOf(verdict.code),
      step: verdict.ok ? null : (verdict.step ?? null),
    };
  });
}

export function selectSaleStatusOptions(s: Snapshot): SaleStatusOption[] {
  const { deposit, counts } = s.context;
  if (!deposit) return [];
  return SALE_STATUSES.map((status) => {
    const verdict = bulkVerdict(deposit, counts, status);
    return {
      status,
      count: counts[status] ?? 0,
      enabled: s.can({ type: 'deposit.changeSaleStatus', to: status }),
      reasonKey: verdict.ok ? null : reasonKeyOf(verdict.code),
    };
  });
}

/** The deposit's shown fields with the user's unsaved changes over them. */
export function selectFieldValues(s: Snapshot): Record<string, FieldValue> {
  const { deposit, draft } = s.context;
  return deposit ? { ...readFields(deposit), ...draft } : {};
}

export const selectDraftSize = (s: Snapshot) => Object.keys(s.context.draft).length;
export const selectCanSave = (s: Snapshot) => s.can({ type: 'deposit.save' });
export const selectPending = (s: Snapshot) => s.context.pending;
export const selectCanConfirmReason = (s: Snapshot) => s.can({ type: 'deposit.confirmReason' });
export const selectIsAskingReason = (s: Snapshot) => s.hasTag('askingReason');
export const selectIsOfferingInline = (s: Snapshot) => s.hasTag('offeringInline');
export const selectBulkOutcome = (s: Snapshot) => s.context.bulk;
export const selectAdmin = (s: Snapshot) => s.context.adminDraft ?? s.context.adminOnly;
export const selectCanSaveAdmin = (s: Snapshot) => s.can({ type: 'deposit.saveAdmin' });
export const selectCanAcceptInline = (s: Snapshot) => s.can({ type: 'deposit.acceptInline' });
export const selectIsAskingIdDocument = (s: Snapshot) => s.hasTag('askingIdDocument');
export const selectCanConfirmIdDocument = (s: Snapshot) =>
  s.can({ type: 'deposit.confirmIdDocument' });
/** The identity document being typed in the reception step, with what is wrong with each part. */
export const selectPendingIdDocument = (s: Snapshot) => s.context.pending?.idDocument ?? null;
export const selectIdDocumentProblems = (
  s: Snapshot,
): Partial<Record<IdDocumentField, IdDocumentProblem>> => {
  const doc = s.context.pending?.idDocument;
  return doc ? idDocumentProblems(doc, s.context.today) : {};
};
