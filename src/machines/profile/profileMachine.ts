import { assign, emit, fromPromise, setup } from 'xstate';
import { toAppError, type AppErrorCode } from '../../rpc/errors.ts';
import {
  changedFields,
  draftOf,
  normalise,
  validateProfileDraft,
  type ProfileDraft,
  type ProfileErrors,
  type ProfileField,
  type ProfileRecord,
} from './profileForm.ts';

export interface ProfileContext {
  readonly vendorUuid: string;
  readonly record: ProfileRecord | null;
  readonly draft: ProfileDraft | null;
  readonly fieldErrors: ProfileErrors;
  /** Fields the user changed, or all refused ones after a refused save: where errors show. */
  readonly touched: readonly ProfileField[];
  /** Why loading failed, or why the save was stale; null elsewhere. */
  readonly errorCode: AppErrorCode | null;
}

export type ProfileEvent =
  | { type: 'profile.change'; field: ProfileField; value: string | boolean }
  | { type: 'profile.save' }
  | { type: 'profile.retry' }
  | { type: 'profile.reload' };

export type ProfileEmitted =
  { type: 'profile.saved' } | { type: 'profile.saveFailed'; code: AppErrorCode };

export interface SaveProfileInput {
  readonly record: ProfileRecord;
  readonly draft: ProfileDraft;
  readonly fields: readonly ProfileField[];
}

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`The profile actor "${name}" was not provided`));

/**
 * The signed-in vendor's own profile (`/edit-profile`): load the record, edit it in a draft with
 * field rules, save the changed fields through a partial update guarded by row_version. A stale
 * version stops in `stale`, where the only way on is to reload. The view starts it only for a
 * signed-in user with a vendor record.
 */
export const profileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
    input: {} as { vendorUuid: string },
    emitted: {} as ProfileEmitted,
  },
  actors: {
    loadProfile: fromPromise<ProfileRecord, { uuid: string }>(notProvided('loadProfile')),
    saveProfile: fromPromise<ProfileRecord, SaveProfileInput>(notProvided('saveProfile')),
  },
  guards: {
    canSave: ({ context }) =>
      context.record !== null &&
      context.draft !== null &&
      Object.keys(context.fieldErrors).length === 0 &&
      changedFields(context.record, context.draft).length > 0,
    hasFieldErrors: ({ context }) => Object.keys(context.fieldErrors).length > 0,
    isStale: (_, params: { error: unknown }) =>
      toAppError(params.error).code === 'changedBySomeoneElse',
  },
  actions: {
    assignRecord: assign((_, params: { record: ProfileRecord }) => {
      const draft = draftOf(params.record);
      return {
        record: params.record,
        draft,
        fieldErrors: validateProfileDraft(draft),
        touched: [],
        errorCode: null,
      };
    }),
    changeDraft: assign(({ context }, params: { field: ProfileField; value: string | boolean }) => {
      if (!context.draft) return {};
      const draft = { ...context.draft, [params.field]: normalise(params.field, params.value) };
      return {
        draft,
        fieldErrors: validateProfileDraft(draft),
        touched: context.touched.includes(params.field)
          ? context.touched
          : [...context.touched, params.field],
      };
    }),
    touchAll: assign(({ context }) => ({
      touched: Object.keys(context.fieldErrors) as ProfileField[],
    })),
    assignError: assign((_, params: { error: unknown }) => ({
      errorCode: toAppError(params.error).code,
    })),
    clearError: assign({ errorCode: null }),
    emitSaved: emit({ type: 'profile.saved' } as const),
    emitSaveFailed: emit((_, params: { error: unknown }) => ({
      type: 'profile.saveFailed' as const,
      code: toAppError(params.error).code,
    })),
  },
}).createMachine({
  id: 'profile',
  initial: 'loading',
  context: ({ input }) => ({
    vendorUuid: input.vendorUuid,
    record: null,
    draft: null,
    fieldErrors: {},
    touched: [],
    errorCode: null,
  }),
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        input: ({ context }) => ({ uuid: context.vendorUuid }),
        onDone: {
          target: 'editing',
          actions: { type: 'assignRecord', params: ({ event }) => ({ record: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'profile.retry': { target: 'loading', actions: 'clearError' } },
    },
    editing: {
      tags: ['editable'],
      on: {
        'profile.change': {
          actions: {
            type: 'changeDraft',
            params: ({ event }) => ({ field: event.field, value: event.value }),
          },
        },
        'profile.save': [
          { guard: 'canSave', target: 'saving' },
          { guard: 'hasFieldErrors', actions: 'touchAll' },
        ],
      },
    },
    saving: {
      tags: ['busy', 'editable'],
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        input: ({ context }) => ({
          record: context.record!,
          draft: context.draft!,
          fields: changedFields(context.record!, context.draft!),
        }),
        onDone: {
          target: 'editing',
          actions: [
            { type: 'assignRecord', params: ({ event }) => ({ record: event.output }) },
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
            actions: { type: 'emitSaveFailed', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    stale: {
      tags: ['error', 'stale'],
      on: { 'profile.reload': { target: 'loading', actions: 'clearError' } },
    },
  },
});
