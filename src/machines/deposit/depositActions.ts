import {
  assign,
  sendTo,
  type AnyActorRef,
  type AssignArgs,
  type ParameterizedObject,
} from 'xstate';
import { isRuleCode } from '../../domain/deposit/rules.ts';
import type { DepositStatus, SaleStatus } from '../../domain/deposit/statuses.ts';
import type { IdDocumentField } from '../../domain/policeRegister/idDocument.ts';
import type { Deposit } from '../../rpc/gen/seconde/v1/deposit_pb.ts';
import { toAppError } from '../../rpc/errors.ts';
import type {
  AdminOnlyData,
  BulkOutput,
  DepositContext,
  DepositEvent,
  LoadedDeposit,
  MovedDeposit,
} from './depositTypes.ts';

/** `assign` bound to the deposit machine's context and events, with typed params. */
const update = <TParams extends ParameterizedObject['params'] | undefined = undefined>(
  assigner: (
    args: AssignArgs<DepositContext, DepositEvent, DepositEvent, never>,
    params: TParams,
  ) => Partial<DepositContext>,
) => assign<DepositContext, DepositEvent, TParams, DepositEvent, never>(assigner);

/** The server's refusal: a rule code when it names one, the funnel's code otherwise. */
const toDepositError = (error: unknown) => {
  const appError = toAppError(error);
  return { code: appError.code, rule: isRuleCode(appError.reason) ? appError.reason : null };
};

/** The deposit machine's actions: they only assign, or ask the product list to reload. */
export const depositActions = {
  assignLoaded: update((_, loaded: LoadedDeposit) => ({
    deposit: loaded.deposit,
    counts: loaded.counts,
    adminOnly: loaded.adminOnly,
    idDocumentRequired: loaded.idDocumentRequired,
    today: loaded.today,
    draft: {},
    adminDraft: null,
  })),
  assignMoved: update((_, moved: MovedDeposit) => ({
    deposit: moved.deposit,
    counts: moved.counts,
    pending: null,
  })),
  /** The reloaded deposit after a refusal: what the user typed and has not saved is kept. */
  assignRefreshed: update(({ context }, loaded: LoadedDeposit) => ({
    deposit: loaded.deposit,
    counts: loaded.counts,
    adminOnly: loaded.adminOnly,
    // The server is the judge: once it asked for the identity document, the next try asks it.
    idDocumentRequired:
      loaded.idDocumentRequired || context.refusal?.rule === 'ID_DOCUMENT_REQUIRED',
    today: loaded.today,
  })),
  assignError: update((_, p: { error: unknown }) => ({ error: toDepositError(p.error) })),
  assignRefusal: update((_, p: { error: unknown }) => ({ refusal: toDepositError(p.error) })),
  clearRefusal: update(() => ({ refusal: null })),
  clearError: update(() => ({ error: null })),
  assignPending: update((_, to: DepositStatus) => ({
    pending: { to, reason: '', comment: '', idDocument: null },
  })),
  /** RECEIVED's identity step, prefilled from what the deposit (and the unsaved draft) holds. */
  assignPendingWithIdDocument: update(({ context }, to: DepositStatus) => {
    const held = (name: string) => {
      const value = context.draft[name] ?? context.deposit?.[name as keyof Deposit];
      return typeof value === 'string' ? value : '';
    };
    return {
      pending: {
        to,
        reason: '',
        comment: '',
        idDocument: {
          type: held('receptionIdDocumentType'),
          number: held('receptionIdDocumentNumber'),
          authority: held('receptionIdDocumentAuthority'),
          date: held('receptionIdDocumentDate'),
        },
      },
    };
  }),
  assignIdDocument: update(({ context }, p: { field: IdDocumentField; value: string }) => ({
    pending: context.pending?.idDocument
      ? { ...context.pending, idDocument: { ...context.pending.idDocument, [p.field]: p.value } }
      : context.pending,
  })),
  assignReason: update(({ context }, p: { reason?: string; comment?: string }) => ({
    pending: context.pending && {
      ...context.pending,
      reason: p.reason ?? context.pending.reason,
      comment: p.comment ?? context.pending.comment,
    },
  })),
  clearPending: update(() => ({ pending: null })),
  assignBulkTarget: update((_, to: SaleStatus) => ({ bulk: { to, updated: 0, skipped: 0 } })),
  assignBulkDone: update(({ context }, out: BulkOutput) => ({
    counts: out.counts,
    bulk: context.bulk && { ...context.bulk, updated: out.updated, skipped: out.skipped },
  })),
  reloadProducts: sendTo<DepositContext, DepositEvent, undefined, AnyActorRef, DepositEvent>(
    'products',
    { type: 'products.reload' },
  ),
  assignDraftField: update(({ context }, p: { name: string; value: unknown }) => ({
    draft: { ...context.draft, [p.name]: p.value as never },
  })),
  clearDraft: update(() => ({ draft: {} })),
  assignSaved: update((_, deposit: Deposit) => ({ deposit, draft: {} })),
  assignAdminDraft: update(({ context }, p: Partial<AdminOnlyData>) => {
    const base = context.adminDraft ?? context.adminOnly ?? { adminNotes: '', qualification: '' };
    return { adminDraft: { ...base, ...p } };
  }),
  assignAdminSaved: update((_, data: AdminOnlyData) => ({ adminOnly: data, adminDraft: null })),
};
