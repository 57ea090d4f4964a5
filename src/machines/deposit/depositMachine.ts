import { assign, fromPromise, sendTo, setup } from 'xstate';
import { offersInline, isRuleCode } from '../../domain/deposit/rules.ts';
import type { DepositStatus, SaleStatus } from '../../domain/deposit/statuses.ts';
import type { Deposit } from '../../rpc/gen/seconde/v1/deposit_pb.ts';
import { toAppError } from '../../rpc/errors.ts';
import { draftToPatch } from './depositFields.ts';
import { depositProductsMachine } from './depositProductsMachine.ts';
import type {
  AdminOnlyData,
  BulkInput,
  BulkOutput,
  ChangeStatusInput,
  DepositContext,
  DepositEvent,
  DepositInput,
  LoadedDeposit,
  MovedDeposit,
} from './depositTypes.ts';
import { NEEDS_REASON, bulkVerdict, canEditDeposit, currentStatus, moveVerdict } from './moves.ts';

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`The deposit actor "${name}" was not provided`));

/** The server's refusal: a rule code when it names one, the funnel's code otherwise. */
const toDepositError = (error: unknown) => {
  const appError = toAppError(error);
  return { code: appError.code, rule: isRuleCode(appError.reason) ? appError.reason : null };
};

/**
 * One deposit's life on its page (2-business-data.md §4): load it with its products' sale-status
 * counts, move its status within the shared rules (abandon and cancel ask why first), change the
 * sale status of all its products, edit its fields and the admin-only data. Server refusals land in
 * `refused` with the rule's code; a stale version lands in `stale` until the user reloads.
 */
export const depositMachine = setup({
  types: {
    context: {} as DepositContext,
    events: {} as DepositEvent,
    input: {} as DepositInput,
  },
  actors: {
    loadDeposit: fromPromise<LoadedDeposit, { uuid: string; withAdmin: boolean }>(
      notProvided('loadDeposit'),
    ),
    changeStatus: fromPromise<MovedDeposit, ChangeStatusInput>(notProvided('changeStatus')),
    changeSaleStatus: fromPromise<BulkOutput, BulkInput>(notProvided('changeSaleStatus')),
    saveDeposit: fromPromise<Deposit, { deposit: Deposit; mask: string[] }>(
      notProvided('saveDeposit'),
    ),
    saveAdminOnly: fromPromise<AdminOnlyData, { uuid: string; data: AdminOnlyData }>(
      notProvided('saveAdminOnly'),
    ),
    /** The deposit's product list; the page provides its loader. */
    products: depositProductsMachine,
  },
  guards: {
    canEdit: ({ context }) => canEditDeposit(context.viewer, context.deposit),
    canMove: ({ context }, to: DepositStatus) =>
      canEditDeposit(context.viewer, context.deposit) &&
      moveVerdict(context.deposit!, context.counts, to).ok,
    canMoveWithReason: ({ context }, to: DepositStatus) =>
      NEEDS_REASON.includes(to) &&
      canEditDeposit(context.viewer, context.deposit) &&
      moveVerdict(context.deposit!, context.counts, to).ok,
    isAdminLevel: ({ context }) => context.viewer.isAdminLevel,
    hasValidReason: ({ context }) =>
      context.pending !== null &&
      moveVerdict(context.deposit!, context.counts, context.pending.to, context.pending.reason).ok,
    canBulk: ({ context }, to: SaleStatus) =>
      canEditDeposit(context.viewer, context.deposit) &&
      bulkVerdict(context.deposit!, context.counts, to).ok,
    hasDraft: ({ context }) =>
      canEditDeposit(context.viewer, context.deposit) && Object.keys(context.draft).length > 0,
    hasAdminDraft: ({ context }) => context.viewer.isAdminLevel && context.adminDraft !== null,
    isInlineOffered: ({ context }) =>
      context.bulk !== null &&
      offersInline(currentStatus(context.deposit!), context.counts.ONLINE ?? 0, context.bulk.to),
    isStale: (_, p: { error: unknown }) => toAppError(p.error).code === 'changedBySomeoneElse',
    isRuleRefusal: (_, p: { error: unknown }) => isRuleCode(toAppError(p.error).reason),
  },
  actions: {
    assignLoaded: assign((_, loaded: LoadedDeposit) => ({
      deposit: loaded.deposit,
      counts: loaded.counts,
      adminOnly: loaded.adminOnly,
      draft: {},
      adminDraft: null,
    })),
    assignMoved: assign((_, moved: MovedDeposit) => ({
      deposit: moved.deposit,
      counts: moved.counts,
      pending: null,
    })),
    assignError: assign((_, p: { error: unknown }) => ({ error: toDepositError(p.error) })),
    clearError: assign({ error: null }),
    assignPending: assign((_, to: DepositStatus) => ({ pending: { to, reason: '', comment: '' } })),
    assignReason: assign(({ context }, p: { reason?: string; comment?: string }) => ({
      pending: context.pending && {
        ...context.pending,
        reason: p.reason ?? context.pending.reason,
        comment: p.comment ?? context.pending.comment,
      },
    })),
    clearPending: assign({ pending: null }),
    assignBulkTarget: assign((_, to: SaleStatus) => ({ bulk: { to, updated: 0, skipped: 0 } })),
    assignBulkDone: assign(({ context }, out: BulkOutput) => ({
      counts: out.counts,
      bulk: context.bulk && { ...context.bulk, updated: out.updated, skipped: out.skipped },
    })),
    reloadProducts: sendTo('products', { type: 'products.reload' }),
    assignDraftField: assign(({ context }, p: { name: string; value: unknown }) => ({
      draft: { ...context.draft, [p.name]: p.value as never },
    })),
    clearDraft: assign({ draft: {} }),
    assignSaved: assign((_, deposit: Deposit) => ({ deposit, draft: {} })),
    assignAdminDraft: assign(({ context }, p: Partial<AdminOnlyData>) => {
      const base = context.adminDraft ?? context.adminOnly ?? { adminNotes: '', qualification: '' };
      return { adminDraft: { ...base, ...p } };
    }),
    assignAdminSaved: assign((_, data: AdminOnlyData) => ({ adminOnly: data, adminDraft: null })),
  },
}).createMachine({
  id: 'deposit',
  context: ({ input }) => ({
    uuid: input.uuid,
    viewer: input.viewer,
    deposit: null,
    counts: {},
    adminOnly: null,
    draft: {},
    adminDraft: null,
    pending: null,
    bulk: null,
    error: null,
  }),
  invoke: { id: 'products', src: 'products', input: ({ context }) => ({ deposit: context.uuid }) },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadDeposit',
        src: 'loadDeposit',
        input: ({ context }) => ({ uuid: context.uuid, withAdmin: context.viewer.isAdminLevel }),
        onDone: {
          target: 'ready',
          actions: [
            { type: 'assignLoaded', params: ({ event }) => event.output },
            'reloadProducts',
          ],
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      tags: ['error'],
      exit: 'clearError',
      on: { 'deposit.retry': 'loading' },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'deposit.changeStatus': [
              {
                guard: { type: 'canMoveWithReason', params: ({ event }) => event.to },
                target: 'askingReason',
                actions: { type: 'assignPending', params: ({ event }) => event.to },
              },
              {
                guard: { type: 'canMove', params: ({ event }) => event.to },
                target: 'changingStatus',
                actions: { type: 'assignPending', params: ({ event }) => event.to },
              },
            ],
            'deposit.changeSaleStatus': {
              guard: { type: 'canBulk', params: ({ event }) => event.to },
              target: 'changingSaleStatus',
              actions: { type: 'assignBulkTarget', params: ({ event }) => event.to },
            },
            'deposit.editField': {
              guard: 'canEdit',
              actions: { type: 'assignDraftField', params: ({ event }) => event },
            },
            'deposit.discardDraft': { actions: 'clearDraft' },
            'deposit.save': { guard: 'hasDraft', target: 'saving' },
            'deposit.editAdmin': {
              guard: 'isAdminLevel',
              actions: { type: 'assignAdminDraft', params: ({ event }) => event },
            },
            'deposit.saveAdmin': { guard: 'hasAdminDraft', target: 'savingAdmin' },
          },
        },
        askingReason: {
          tags: ['askingReason'],
          on: {
            'deposit.setReason': {
              actions: { type: 'assignReason', params: ({ event }) => event },
            },
            'deposit.confirmReason': { guard: 'hasValidReason', target: 'changingStatus' },
            'deposit.closeReason': { target: 'idle', actions: 'clearPending' },
          },
        },
        changingStatus: {
          tags: ['busy'],
          invoke: {
            id: 'changeStatus',
            src: 'changeStatus',
            input: ({ context }) => ({ deposit: context.deposit!, change: context.pending! }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'assignMoved', params: ({ event }) => event.output },
                'reloadProducts',
              ],
            },
            onError: [
              {
                guard: { type: 'isStale', params: ({ event }) => ({ error: event.error }) },
                target: 'stale',
                actions: [
                  { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
                  'clearPending',
                ],
              },
              {
                guard: { type: 'isRuleRefusal', params: ({ event }) => ({ error: event.error }) },
                target: 'refused',
                actions: [
                  { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
                  'clearPending',
                ],
              },
              {
                target: 'failed',
                actions: [
                  { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
                  'clearPending',
                ],
              },
            ],
          },
        },
        changingSaleStatus: {
          tags: ['busy'],
          invoke: {
            id: 'changeSaleStatus',
            src: 'changeSaleStatus',
            input: ({ context }) => ({ uuid: context.uuid, to: context.bulk!.to }),
            onDone: [
              {
                guard: 'isInlineOffered',
                target: 'offeringInline',
                actions: [
                  { type: 'assignBulkDone', params: ({ event }) => event.output },
                  'reloadProducts',
                ],
              },
              {
                target: 'idle',
                actions: [
                  { type: 'assignBulkDone', params: ({ event }) => event.output },
                  'reloadProducts',
                ],
              },
            ],
            onError: [
              {
                guard: { type: 'isRuleRefusal', params: ({ event }) => ({ error: event.error }) },
                target: 'refused',
                actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
              },
              {
                target: 'failed',
                actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
        offeringInline: {
          tags: ['offeringInline'],
          on: {
            'deposit.acceptInline': {
              guard: { type: 'canMove', params: 'INLINE' },
              target: 'changingStatus',
              actions: { type: 'assignPending', params: 'INLINE' },
            },
            'deposit.declineInline': 'idle',
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'saveDeposit',
            src: 'saveDeposit',
            input: ({ context }) => draftToPatch(context.deposit!, context.draft),
            onDone: {
              target: 'idle',
              actions: { type: 'assignSaved', params: ({ event }) => event.output },
            },
            onError: [
              {
                guard: { type: 'isStale', params: ({ event }) => ({ error: event.error }) },
                target: 'stale',
                actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
              },
              {
                target: 'failed',
                actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
        savingAdmin: {
          tags: ['busy'],
          invoke: {
            id: 'saveAdminOnly',
            src: 'saveAdminOnly',
            input: ({ context }) => ({ uuid: context.uuid, data: context.adminDraft! }),
            onDone: {
              target: 'idle',
              actions: { type: 'assignAdminSaved', params: ({ event }) => event.output },
            },
            onError: {
              target: 'failed',
              actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        refused: {
          tags: ['error'],
          exit: 'clearError',
          on: { 'deposit.dismiss': 'idle' },
        },
        failed: {
          tags: ['error'],
          exit: 'clearError',
          on: { 'deposit.dismiss': 'idle' },
        },
        stale: {
          tags: ['error', 'stale'],
          exit: 'clearError',
          on: { 'deposit.reload': '#deposit.loading' },
        },
      },
    },
  },
});
