import { assign, emit, fromPromise, setup } from 'xstate';
import { toAppError } from '../../rpc/errors.ts';
import { heldError, type HeldError } from './announcementTypes.ts';

/** An announcement the product section offers. */
export interface AnnouncementChoice {
  readonly uuid: string;
  readonly name: string;
}

export interface ListingText {
  readonly title: string;
  readonly description: string;
}

export interface ProductTextData {
  readonly announcements: readonly AnnouncementChoice[];
  readonly favorite: string | null;
  /** The product's saved texts by announcement uuid. */
  readonly texts: Readonly<Record<string, ListingText>>;
}

export interface ProductTextInput {
  readonly product: string;
  /** The announcement the product's text was last written from. */
  readonly current: string;
}

export interface ProductTextContext extends ProductTextData {
  readonly product: string;
  readonly current: string;
  /** The chosen announcement; empty means "my favourite" (the server refuses when none). */
  readonly selected: string;
  /** The text being edited; null until one exists for the chosen announcement. */
  readonly draft: ListingText | null;
  readonly error: HeldError | null;
}

export type ProductTextEvent =
  | { type: 'productText.retry' }
  | { type: 'productText.choose'; uuid: string }
  | { type: 'productText.generate' }
  | { type: 'productText.change'; field: keyof ListingText; value: string }
  | { type: 'productText.save' }
  | { type: 'productText.dismiss' };

export type ProductTextEmitted = { type: 'productText.saved'; announcement: string };

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`The product text actor "${name}" was not provided`));

const errorParams = ({ event }: { event: { error?: unknown } }) => ({ error: event.error });
const savedParams = ({ event }: { event: { output: ListingText & { announcement: string } } }) =>
  event.output;

/**
 * While the text is written or saved, the section's buttons do nothing: handled here, they stop
 * the parent's transitions from dropping the call under way.
 */
const IGNORED_WHILE_BUSY = {
  'productText.choose': {},
  'productText.generate': {},
  'productText.change': {},
  'productText.save': {},
} as const;

/** The announcement preselected: the product's own, else the favourite. */
function preselected(data: ProductTextData, current: string): string {
  if (current && data.announcements.some((a) => a.uuid === current)) return current;
  if (data.favorite && data.announcements.some((a) => a.uuid === data.favorite))
    return data.favorite;
  return '';
}

/**
 * The "Announcement" section of a product: choose an announcement (the favourite preselected),
 * write the product's text from it, edit the title and description, and save them (one text per
 * product and announcement).
 */
export const productTextMachine = setup({
  types: {
    context: {} as ProductTextContext,
    events: {} as ProductTextEvent,
    input: {} as ProductTextInput,
    emitted: {} as ProductTextEmitted,
  },
  actors: {
    loadTexts: fromPromise<ProductTextData, { product: string }>(notProvided('loadTexts')),
    generateText: fromPromise<
      ListingText & { announcement: string },
      { product: string; announcement: string }
    >(notProvided('generateText')),
    saveText: fromPromise<
      ListingText & { announcement: string },
      { product: string; announcement: string; text: ListingText }
    >(notProvided('saveText')),
  },
  guards: {
    hasTitle: ({ context }) => (context.draft?.title.trim() ?? '') !== '',
    hasDraft: ({ context }) => context.draft !== null,
  },
  actions: {
    assignData: assign(({ context }, params: { data: ProductTextData }) => {
      const selected = preselected(params.data, context.current);
      return { ...params.data, selected, draft: params.data.texts[selected] ?? null };
    }),
    choose: assign(({ context }, params: { uuid: string }) => ({
      selected: params.uuid,
      draft: context.texts[params.uuid] ?? null,
    })),
    change: assign(({ context }, params: { field: keyof ListingText; value: string }) => ({
      draft: context.draft ? { ...context.draft, [params.field]: params.value } : null,
    })),
    assignSaved: assign(({ context }, params: ListingText & { announcement: string }) => {
      const text = { title: params.title, description: params.description };
      return {
        selected: params.announcement,
        current: params.announcement,
        draft: text,
        texts: { ...context.texts, [params.announcement]: text },
      };
    }),
    emitSaved: emit((_, params: { announcement: string }) => ({
      type: 'productText.saved' as const,
      announcement: params.announcement,
    })),
    assignError: assign((_, params: { error: unknown }) => ({
      error: heldError(toAppError(params.error)),
    })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'productText',
  initial: 'loading',
  context: ({ input }) => ({
    product: input.product,
    current: input.current,
    announcements: [],
    favorite: null,
    texts: {},
    selected: '',
    draft: null,
    error: null,
  }),
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadTexts',
        src: 'loadTexts',
        input: ({ context }) => ({ product: context.product }),
        onDone: {
          target: 'ready',
          actions: { type: 'assignData', params: ({ event }) => ({ data: event.output }) },
        },
        onError: { target: 'failed', actions: { type: 'assignError', params: errorParams } },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'productText.retry': { target: 'loading', actions: 'clearError' } },
    },
    ready: {
      initial: 'idle',
      on: {
        'productText.choose': {
          target: '.idle',
          actions: ['clearError', { type: 'choose', params: ({ event }) => event }],
        },
        'productText.generate': { target: '.generating', actions: 'clearError' },
        'productText.change': {
          guard: 'hasDraft',
          target: '.idle',
          actions: ['clearError', { type: 'change', params: ({ event }) => event }],
        },
        'productText.save': { guard: 'hasTitle', target: '.saving', actions: 'clearError' },
      },
      states: {
        idle: {},
        saved: { tags: ['saved'] },
        refused: {
          tags: ['error'],
          on: { 'productText.dismiss': { target: 'idle', actions: 'clearError' } },
        },
        generating: {
          tags: ['busy'],
          on: IGNORED_WHILE_BUSY,
          invoke: {
            id: 'generateText',
            src: 'generateText',
            input: ({ context }) => ({ product: context.product, announcement: context.selected }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'assignSaved', params: savedParams },
                { type: 'emitSaved', params: savedParams },
              ],
            },
            onError: { target: 'refused', actions: { type: 'assignError', params: errorParams } },
          },
        },
        saving: {
          tags: ['busy'],
          on: IGNORED_WHILE_BUSY,
          invoke: {
            id: 'saveText',
            src: 'saveText',
            input: ({ context }) => ({
              product: context.product,
              announcement: context.selected,
              text: context.draft!,
            }),
            onDone: {
              target: 'saved',
              actions: [
                { type: 'assignSaved', params: savedParams },
                { type: 'emitSaved', params: savedParams },
              ],
            },
            onError: { target: 'refused', actions: { type: 'assignError', params: errorParams } },
          },
        },
      },
    },
  },
});
