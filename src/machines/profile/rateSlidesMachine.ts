import { assign, fromPromise, setup } from 'xstate';
import type { SlideField } from '../../domain/income/rateSlides.ts';
import type { SlideOwner } from '../../domain/income/splitIncome.ts';
import { toAppError, type AppErrorCode } from '../../rpc/errors.ts';
import type { RateRow } from './editProfileLists.ts';
import {
  draftErrors,
  draftOf,
  EMPTY_DRAFT,
  serverFieldErrors,
  type FieldErrors,
  type SlideDraft,
} from './rateSlidesForm.ts';

export interface RateSlidesContext {
  readonly owner: SlideOwner;
  /** Members read the company's slides; only who may write them gets the form. */
  readonly canEdit: boolean;
  readonly slides: readonly RateRow[];
  /** The slide being edited ('' for a new one), null when the form is closed. */
  readonly editing: { readonly uuid: string; readonly values: SlideDraft } | null;
  readonly fieldErrors: FieldErrors;
  /** Bumped on every refused save, so the view focuses the first wrong field again. */
  readonly refusals: number;
  readonly errorCode: AppErrorCode | null;
  readonly errorKey: string | null;
  /** The preview's price as typed, in euros. */
  readonly previewPrice: string;
}

export type RateSlidesEvent =
  | { type: 'rates.retry' }
  | { type: 'rates.new' }
  | { type: 'rates.edit'; uuid: string }
  | { type: 'rates.change'; field: SlideField; value: string }
  | { type: 'rates.cancel' }
  | { type: 'rates.save' }
  | { type: 'rates.delete'; uuid: string }
  | { type: 'rates.preview'; price: string };

export interface SaveInput {
  readonly uuid: string;
  readonly values: SlideDraft;
}

const notProvided = (id: string) => () =>
  Promise.reject(new Error(`The rate slides actor "${id}" was not provided`));
const byStart = (rows: readonly RateRow[]) => [...rows].sort((a, b) => a.priceStart - b.priceStart);

/**
 * The rates screens: the owner's slides, a form to add or edit one (checked with the server's own
 * rules before saving, the server's refusals shown at their field), deleting, and the preview's
 * price. The preview itself is `previewOf` over this context.
 */
export const rateSlidesMachine = setup({
  types: {
    context: {} as RateSlidesContext,
    events: {} as RateSlidesEvent,
    input: {} as { owner: SlideOwner; canEdit: boolean },
  },
  actors: {
    loadSlides: fromPromise<RateRow[]>(notProvided('loadSlides')),
    saveSlide: fromPromise<RateRow, SaveInput>(notProvided('saveSlide')),
    deleteSlide: fromPromise<{ uuid: string }, { uuid: string }>(notProvided('deleteSlide')),
  },
  guards: {
    canEdit: ({ context }) => context.canEdit,
    canEditSlide: ({ context }, params: { uuid: string }) =>
      context.canEdit && context.slides.some((s) => s.uuid === params.uuid),
    isDraftValid: ({ context }) =>
      !!context.editing &&
      Object.keys(draftErrors(context.editing.values, context.editing.uuid, context.slides))
        .length === 0,
  },
  actions: {
    assignSlides: assign((_, params: { rows: RateRow[] }) => ({ slides: byStart(params.rows) })),
    openDraft: assign(({ context }, params: { uuid: string }) => {
      const row = context.slides.find((s) => s.uuid === params.uuid);
      return {
        editing: { uuid: params.uuid, values: row ? draftOf(row) : EMPTY_DRAFT },
        fieldErrors: {},
      };
    }),
    assignValue: assign(({ context }, params: { field: SlideField; value: string }) => ({
      editing: context.editing && {
        ...context.editing,
        values: { ...context.editing.values, [params.field]: params.value },
      },
      fieldErrors: { ...context.fieldErrors, [params.field]: undefined },
    })),
    closeDraft: assign({ editing: null, fieldErrors: {} }),
    assignLocalErrors: assign(({ context }) => ({
      fieldErrors: context.editing
        ? draftErrors(context.editing.values, context.editing.uuid, context.slides)
        : {},
      refusals: context.refusals + 1,
      errorCode: 'invalidRequest' as const,
      errorKey: null,
    })),
    assignSaveError: assign(({ context }, params: { error: unknown }) => {
      const error = toAppError(params.error);
      const fields =
        context.editing &&
        serverFieldErrors(error, context.editing.values, context.editing.uuid, context.slides);
      return {
        fieldErrors: fields ?? {},
        refusals: context.refusals + 1,
        errorCode: error.code,
        errorKey: fields ? null : error.i18nKey,
      };
    }),
    assignSaved: assign(({ context }, params: { row: RateRow }) => ({
      slides: byStart([...context.slides.filter((s) => s.uuid !== params.row.uuid), params.row]),
      editing: null,
      fieldErrors: {},
    })),
    removeSlide: assign(({ context }, params: { uuid: string }) => ({
      slides: context.slides.filter((s) => s.uuid !== params.uuid),
    })),
    assignError: assign((_, params: { error: unknown }) => {
      const error = toAppError(params.error);
      return { errorCode: error.code, errorKey: error.i18nKey };
    }),
    clearError: assign({ errorCode: null, errorKey: null }),
    clearFieldErrors: assign({ fieldErrors: {} }),
    assignPrice: assign((_, params: { price: string }) => ({ previewPrice: params.price })),
  },
}).createMachine({
  id: 'rateSlides',
  initial: 'loading',
  context: ({ input }) => ({
    owner: input.owner,
    canEdit: input.canEdit,
    slides: [],
    editing: null,
    fieldErrors: {},
    refusals: 0,
    errorCode: null,
    errorKey: null,
    previewPrice: '40',
  }),
  on: {
    'rates.preview': {
      actions: { type: 'assignPrice', params: ({ event }) => ({ price: event.price }) },
    },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadSlides',
        src: 'loadSlides',
        onDone: {
          target: 'ready',
          actions: { type: 'assignSlides', params: ({ event }) => ({ rows: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'rates.retry': { target: 'loading', actions: 'clearError' } },
    },
    ready: {
      initial: 'idle',
      states: { idle: {}, refused: { tags: ['error'] } },
      on: {
        'rates.new': {
          guard: 'canEdit',
          target: 'editing',
          actions: ['clearError', { type: 'openDraft', params: { uuid: '' } }],
        },
        'rates.edit': {
          guard: { type: 'canEditSlide', params: ({ event }) => ({ uuid: event.uuid }) },
          target: 'editing',
          actions: ['clearError', { type: 'openDraft', params: ({ event }) => event }],
        },
        'rates.delete': {
          guard: { type: 'canEditSlide', params: ({ event }) => ({ uuid: event.uuid }) },
          target: 'deleting',
          actions: 'clearError',
        },
      },
    },
    editing: {
      tags: ['editable'],
      initial: 'open',
      states: { open: {}, refused: { tags: ['error'] } },
      on: {
        'rates.change': {
          target: '.open',
          actions: ['clearError', { type: 'assignValue', params: ({ event }) => event }],
        },
        'rates.cancel': { target: 'ready', actions: ['clearError', 'closeDraft'] },
        'rates.save': [
          { guard: 'isDraftValid', target: 'saving', actions: ['clearError', 'clearFieldErrors'] },
          { target: '.refused', actions: 'assignLocalErrors' },
        ],
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveSlide',
        src: 'saveSlide',
        input: ({ context }) => ({
          uuid: context.editing?.uuid ?? '',
          values: context.editing?.values ?? EMPTY_DRAFT,
        }),
        onDone: {
          target: 'ready',
          actions: { type: 'assignSaved', params: ({ event }) => ({ row: event.output }) },
        },
        onError: {
          target: 'editing.refused',
          actions: { type: 'assignSaveError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        id: 'deleteSlide',
        src: 'deleteSlide',
        input: ({ event }) => ({ uuid: event.type === 'rates.delete' ? event.uuid : '' }),
        onDone: {
          target: 'ready',
          actions: {
            type: 'removeSlide',
            params: ({ event }) => ({ uuid: event.output.uuid }),
          },
        },
        onError: {
          target: 'ready.refused',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});
