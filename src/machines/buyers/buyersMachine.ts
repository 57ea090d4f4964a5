import { assign, fromPromise, setup } from 'xstate';
import { toAppError, type AppErrorCode } from '../../rpc/errors.ts';
import { failedState, loadingState } from '../shared/loadStates.ts';
import {
  EMPTY_BUYER,
  refusalOf,
  type BuyerFields,
  type EditableField,
  type PastePreview,
  type Refusal,
} from './buyerTypes.ts';

export interface BuyersPage {
  readonly buyers: readonly BuyerFields[];
  readonly count: number;
}

export interface PasteInput {
  readonly text: string;
  readonly platform: number;
}

export interface BuyersContext extends BuyersPage {
  readonly search: string;
  /** The buyer in the form (uuid empty for a new one); null when the form is closed. */
  readonly draft: BuyerFields | null;
  readonly paste: PasteInput;
  readonly preview: PastePreview | null;
  /** The buyer last saved or created, shown first to the vendor. */
  readonly savedUuid: string | null;
  readonly refusal: Refusal | null;
  /** Set exactly while the machine is in a state tagged `error`. */
  readonly errorCode: AppErrorCode | null;
}

export type BuyersEvent =
  | { type: 'buyers.search'; search: string }
  | { type: 'buyers.retry' }
  | { type: 'buyers.new' }
  | { type: 'buyers.edit'; uuid: string }
  | { type: 'buyers.change'; field: EditableField; value: string }
  | { type: 'buyers.save' }
  | { type: 'buyers.cancel' }
  | { type: 'buyers.paste' }
  | { type: 'buyers.text'; text: string }
  | { type: 'buyers.platform'; platform: number }
  | { type: 'buyers.read' }
  | { type: 'buyers.back' }
  | { type: 'buyers.confirm' };

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`The buyers actor "${name}" was not provided`));

/** A buyer needs a name before it is saved (the server would keep an empty one). */
export const hasName = (b: BuyerFields | null) =>
  !!b && (b.firstName.trim() !== '' || b.lastName.trim() !== '');

/**
 * The vendor's buyers page: the list with its search, a form to type or correct a buyer, and the
 * paste flow: the text is read by the server, what it understood is shown, and only a confirmation
 * saves it (or gives back the vendor's existing buyer it matches).
 */
export const buyersMachine = setup({
  types: {
    context: {} as BuyersContext,
    events: {} as BuyersEvent,
  },
  actors: {
    fetchBuyers: fromPromise<BuyersPage, { search: string }>(notProvided('fetchBuyers')),
    saveBuyer: fromPromise<BuyerFields, BuyerFields>(notProvided('saveBuyer')),
    previewPasted: fromPromise<PastePreview, PasteInput>(notProvided('previewPasted')),
    createPasted: fromPromise<BuyerFields, PasteInput>(notProvided('createPasted')),
  },
  guards: {
    isListed: ({ context }, params: { uuid: string }) =>
      context.buyers.some((b) => b.uuid === params.uuid),
    hasName: ({ context }) => hasName(context.draft),
    hasText: ({ context }) => context.paste.text.trim() !== '',
  },
  actions: {
    assignSearch: assign((_, params: { search: string }) => ({ search: params.search })),
    assignBuyers: assign((_, params: BuyersPage) => ({ ...params, errorCode: null })),
    openNew: assign({ draft: EMPTY_BUYER, refusal: null }),
    openListed: assign(({ context }, params: { uuid: string }) => ({
      draft: context.buyers.find((b) => b.uuid === params.uuid) ?? null,
      refusal: null,
    })),
    assignField: assign(({ context }, params: { field: EditableField; value: string }) => ({
      draft: context.draft && { ...context.draft, [params.field]: params.value },
    })),
    closeForms: assign({
      draft: null,
      preview: null,
      refusal: null,
      paste: { text: '', platform: 0 },
    }),
    openPaste: assign({ paste: { text: '', platform: 0 }, preview: null, refusal: null }),
    assignText: assign(({ context }, params: { text: string }) => ({
      paste: { ...context.paste, text: params.text },
      refusal: null,
    })),
    assignPlatform: assign(({ context }, params: { platform: number }) => ({
      paste: { ...context.paste, platform: params.platform },
    })),
    assignPreview: assign((_, params: PastePreview) => ({ preview: params, refusal: null })),
    clearPreview: assign({ preview: null, refusal: null }),
    assignSaved: assign((_, params: BuyerFields) => ({
      savedUuid: params.uuid,
      draft: null,
      preview: null,
      refusal: null,
      paste: { text: '', platform: 0 },
    })),
    assignRefusal: assign((_, params: { error: unknown }) => ({
      refusal: refusalOf(params.error),
    })),
    assignError: assign((_, params: { error: unknown }) => ({
      errorCode: toAppError(params.error).code,
    })),
    clearError: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'buyers',
  initial: 'loading',
  context: {
    buyers: [],
    count: 0,
    search: '',
    draft: null,
    paste: { text: '', platform: 0 },
    preview: null,
    savedUuid: null,
    refusal: null,
    errorCode: null,
  },
  states: {
    loading: loadingState(
      'fetchBuyers',
      ({ context }: { context: BuyersContext }) => ({ search: context.search }),
      'assignBuyers',
    ),
    failed: failedState('buyers.retry'),
    ready: {
      on: {
        'buyers.search': {
          target: 'loading',
          actions: { type: 'assignSearch', params: ({ event }) => ({ search: event.search }) },
        },
        'buyers.new': { target: 'editing', actions: 'openNew' },
        'buyers.edit': {
          guard: { type: 'isListed', params: ({ event }) => ({ uuid: event.uuid }) },
          target: 'editing',
          actions: { type: 'openListed', params: ({ event }) => ({ uuid: event.uuid }) },
        },
        'buyers.paste': { target: 'pasting', actions: 'openPaste' },
      },
    },
    editing: {
      tags: ['editable'],
      on: {
        'buyers.change': {
          actions: {
            type: 'assignField',
            params: ({ event }) => ({ field: event.field, value: event.value }),
          },
        },
        'buyers.save': { guard: 'hasName', target: 'saving' },
        'buyers.cancel': { target: 'ready', actions: 'closeForms' },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveBuyer',
        src: 'saveBuyer',
        input: ({ context }) => context.draft!,
        onDone: {
          target: 'loading',
          actions: { type: 'assignSaved', params: ({ event }) => event.output },
        },
        onError: {
          target: 'editing',
          actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    pasting: {
      tags: ['editable'],
      on: {
        'buyers.text': {
          actions: { type: 'assignText', params: ({ event }) => ({ text: event.text }) },
        },
        'buyers.platform': {
          actions: {
            type: 'assignPlatform',
            params: ({ event }) => ({ platform: event.platform }),
          },
        },
        'buyers.read': { guard: 'hasText', target: 'reading' },
        'buyers.cancel': { target: 'ready', actions: 'closeForms' },
      },
    },
    reading: {
      tags: ['busy'],
      invoke: {
        id: 'previewPasted',
        src: 'previewPasted',
        input: ({ context }) => context.paste,
        onDone: {
          target: 'understood',
          actions: { type: 'assignPreview', params: ({ event }) => event.output },
        },
        onError: {
          target: 'pasting',
          actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    understood: {
      on: {
        'buyers.confirm': 'creating',
        'buyers.back': { target: 'pasting', actions: 'clearPreview' },
        'buyers.cancel': { target: 'ready', actions: 'closeForms' },
      },
    },
    creating: {
      tags: ['busy'],
      invoke: {
        id: 'createPasted',
        src: 'createPasted',
        input: ({ context }) => context.paste,
        onDone: {
          target: 'loading',
          actions: { type: 'assignSaved', params: ({ event }) => event.output },
        },
        onError: {
          target: 'understood',
          actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});
