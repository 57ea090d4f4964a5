import { assign, emit, fromPromise, setup } from 'xstate';
import { toAppError, type AppErrorCode } from '../../rpc/errors.ts';
import {
  changedFields,
  draftOf,
  normalise,
  validateCustomerDraft,
  type CustomerDraft,
  type CustomerField,
  type FieldErrors,
} from './customerForm.ts';
import type { CustomerRow } from './peopleRows.ts';

export interface CustomerContext {
  readonly uuid: string;
  readonly customer: CustomerRow | null;
  readonly draft: CustomerDraft | null;
  readonly fieldErrors: FieldErrors;
  /** Fields the user changed, or all of them after a refused save: where errors show. */
  readonly touched: readonly CustomerField[];
  readonly errorCode: AppErrorCode | null;
}

export type CustomerEvent =
  | { type: 'customer.edit' }
  | { type: 'customer.change'; field: CustomerField; value: string | boolean }
  | { type: 'customer.cancel' }
  | { type: 'customer.save' }
  | { type: 'customer.retry' }
  | { type: 'customer.reload' };

export type CustomerEmitted =
  { type: 'customer.saved' } | { type: 'customer.saveFailed'; code: AppErrorCode };

export interface SaveCustomerInput {
  readonly customer: CustomerRow;
  readonly draft: CustomerDraft;
  readonly fields: readonly CustomerField[];
}

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`The customer actor "${name}" was not provided`));

/**
 * A customer's information page: load, edit in a draft with field rules, save the changed fields
 * through a partial update guarded by row_version. A stale version stops in `stale`, where the
 * only way on is to reload what someone else saved.
 */
export const customerMachine = setup({
  types: {
    context: {} as CustomerContext,
    events: {} as CustomerEvent,
    input: {} as { uuid: string },
    emitted: {} as CustomerEmitted,
  },
  actors: {
    loadCustomer: fromPromise<CustomerRow, { uuid: string }>(notProvided('loadCustomer')),
    saveCustomer: fromPromise<CustomerRow, SaveCustomerInput>(notProvided('saveCustomer')),
  },
  guards: {
    canSave: ({ context }) =>
      context.customer !== null &&
      context.draft !== null &&
      Object.keys(context.fieldErrors).length === 0 &&
      changedFields(context.customer, context.draft).length > 0,
    hasFieldErrors: ({ context }) => Object.keys(context.fieldErrors).length > 0,
    isStale: (_, params: { error: unknown }) =>
      toAppError(params.error).code === 'changedBySomeoneElse',
  },
  actions: {
    assignCustomer: assign((_, params: { customer: CustomerRow }) => ({
      customer: params.customer,
      draft: null,
      fieldErrors: {},
      touched: [],
      errorCode: null,
    })),
    startDraft: assign(({ context }) => {
      const draft = context.customer ? draftOf(context.customer) : null;
      return { draft, fieldErrors: draft ? validateCustomerDraft(draft) : {}, touched: [] };
    }),
    changeDraft: assign(
      ({ context }, params: { field: CustomerField; value: string | boolean }) => {
        if (!context.draft) return {};
        const draft = { ...context.draft, [params.field]: normalise(params.field, params.value) };
        return {
          draft,
          fieldErrors: validateCustomerDraft(draft),
          touched: context.touched.includes(params.field)
            ? context.touched
            : [...context.touched, params.field],
          errorCode: null,
        };
      },
    ),
    touchAll: assign(({ context }) => ({
      touched: Object.keys(context.fieldErrors) as CustomerField[],
    })),
    dropDraft: assign({ draft: null, fieldErrors: {}, touched: [], errorCode: null }),
    assignError: assign((_, params: { error: unknown }) => ({
      errorCode: toAppError(params.error).code,
    })),
    clearError: assign({ errorCode: null }),
    emitSaved: emit({ type: 'customer.saved' } as const),
    emitSaveFailed: emit(({ context }) => ({
      type: 'customer.saveFailed' as const,
      code: context.errorCode ?? 'unexpected',
    })),
  },
}).createMachine({
  id: 'customer',
  initial: 'loading',
  context: ({ input }) => ({
    uuid: input.uuid,
    customer: null,
    draft: null,
    fieldErrors: {},
    touched: [],
    errorCode: null,
  }),
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadCustomer',
        src: 'loadCustomer',
        input: ({ context }) => ({ uuid: context.uuid }),
        onDone: {
          target: 'viewing',
          actions: { type: 'assignCustomer', params: ({ event }) => ({ customer: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'customer.retry': { target: 'loading', actions: 'clearError' } },
    },
    viewing: {
      on: { 'customer.edit': { target: 'editing', actions: 'startDraft' } },
    },
    editing: {
      tags: ['editable'],
      on: {
        'customer.change': {
          actions: {
            type: 'changeDraft',
            params: ({ event }) => ({ field: event.field, value: event.value }),
          },
        },
        'customer.cancel': { target: 'viewing', actions: 'dropDraft' },
        'customer.save': [
          // A new try drops the last refusal: the form shows no stale error while it saves.
          { guard: 'canSave', target: 'saving', actions: 'clearError' },
          { guard: 'hasFieldErrors', actions: 'touchAll' },
        ],
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveCustomer',
        src: 'saveCustomer',
        input: ({ context }) => ({
          customer: context.customer!,
          draft: context.draft!,
          fields: changedFields(context.customer!, context.draft!),
        }),
        onDone: {
          target: 'viewing',
          actions: [
            { type: 'assignCustomer', params: ({ event }) => ({ customer: event.output }) },
            'emitSaved',
          ],
        },
        onError: [
          {
            guard: { type: 'isStale', params: ({ event }) => ({ error: event.error }) },
            target: 'stale',
            actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'editing',
            actions: [
              { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
              'emitSaveFailed',
            ],
          },
        ],
      },
    },
    stale: {
      tags: ['error', 'stale'],
      on: { 'customer.reload': { target: 'loading', actions: 'dropDraft' } },
    },
  },
});
