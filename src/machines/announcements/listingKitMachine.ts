import { assign, emit, fromPromise, setup } from 'xstate';
import {
  checkListingUrl,
  type ListingUrlProblem,
} from '../../domain/announcements/marketplaceListing.ts';
import { toAppError } from '../../rpc/errors.ts';
import { heldError, type HeldError } from './announcementTypes.ts';

/** The main resale marketplace's listing kit of one product. */
export interface Kit {
  readonly title: string;
  readonly description: string;
  readonly price: number;
  readonly photoUrls: readonly string[];
  readonly searchUrl: string;
  readonly listingUrl: string;
}

export type CopyTarget = 'title' | 'description' | 'price';

export interface ListingKitContext {
  readonly product: string;
  /** The announcement the kit is written from; empty for the product's text or the favourite. */
  readonly announcement: string;
  readonly kit: Kit | null;
  /** The text a copy button is writing. */
  readonly copyTarget: CopyTarget | null;
  readonly copied: CopyTarget | null;
  /** What could not be written to the clipboard: the view selects it for a manual copy. */
  readonly copyFailed: CopyTarget | null;
  readonly url: string;
  /** A record was tried: the link's problem shows. */
  readonly submitted: boolean;
  readonly error: HeldError | null;
}

export type ListingKitEvent =
  | { type: 'kit.reload'; announcement?: string }
  | { type: 'kit.copy'; target: CopyTarget }
  | { type: 'kit.downloadAll' }
  | { type: 'kit.changeUrl'; value: string }
  | { type: 'kit.record' }
  | { type: 'kit.dismiss' };

export type ListingKitEmitted = { type: 'kit.recorded'; url: string };

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`The listing kit actor "${name}" was not provided`));

const errorParams = ({ event }: { event: { error?: unknown } }) => ({ error: event.error });

/** The price as a marketplace price field takes it: `12,50`, `8`. */
export function priceText(price: number): string {
  return new Intl.NumberFormat('fr-FR', {
    minimumFractionDigits: Number.isInteger(price) ? 0 : 2,
    maximumFractionDigits: 2,
    useGrouping: false,
  }).format(price);
}

/** What a copy button writes. */
export function copyText(kit: Kit, target: CopyTarget): string {
  return target === 'price' ? priceText(kit.price) : kit[target];
}

/** The problem of the link typed, or null when it can be recorded. */
export function urlProblem(url: string): ListingUrlProblem | null {
  const checked = checkListingUrl(url);
  return checked.ok ? null : checked.problem;
}

/**
 * The listing kit card: the text, price and photos to list a product by hand on the main resale
 * marketplace, copy buttons (a refused clipboard is a state, with the text left to copy by hand),
 * the photos downloaded one by one, and the listing link recorded once it is made.
 */
export const listingKitMachine = setup({
  types: {
    context: {} as ListingKitContext,
    events: {} as ListingKitEvent,
    input: {} as { product: string },
    emitted: {} as ListingKitEmitted,
  },
  actors: {
    loadKit: fromPromise<Kit, { product: string; announcement: string }>(notProvided('loadKit')),
    writeClipboard: fromPromise<void, { text: string }>(notProvided('writeClipboard')),
    downloadPhotos: fromPromise<void, { urls: readonly string[] }>(notProvided('downloadPhotos')),
    recordListing: fromPromise<{ url: string }, { product: string; url: string; title: string }>(
      notProvided('recordListing'),
    ),
  },
  guards: {
    isUrlValid: ({ context }) => urlProblem(context.url) === null,
    hasPhotos: ({ context }) => (context.kit?.photoUrls.length ?? 0) > 0,
  },
  actions: {
    assignKit: assign((_, params: { kit: Kit }) => ({
      kit: params.kit,
      url: params.kit.listingUrl,
    })),
    assignAnnouncement: assign(({ context }, params: { announcement?: string }) => ({
      announcement: params.announcement ?? context.announcement,
    })),
    assignCopied: assign((_, params: { target: CopyTarget | null }) => ({
      copied: params.target,
      copyFailed: null,
    })),
    assignCopyFailed: assign((_, params: { target: CopyTarget | null }) => ({
      copied: null,
      copyFailed: params.target,
    })),
    clearCopy: assign({ copied: null, copyFailed: null }),
    assignCopyTarget: assign((_, params: { target: CopyTarget }) => ({
      copyTarget: params.target,
    })),
    assignUrl: assign((_, params: { value: string }) => ({ url: params.value })),
    submit: assign({ submitted: true }),
    assignRecorded: assign(({ context }, params: { url: string }) => ({
      kit: context.kit ? { ...context.kit, listingUrl: params.url } : null,
      url: params.url,
      submitted: false,
    })),
    emitRecorded: emit((_, params: { url: string }) => ({
      type: 'kit.recorded' as const,
      url: params.url,
    })),
    assignError: assign((_, params: { error: unknown }) => ({
      error: heldError(toAppError(params.error)),
    })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'listingKit',
  initial: 'loading',
  context: ({ input }) => ({
    product: input.product,
    announcement: '',
    kit: null,
    copyTarget: null,
    copied: null,
    copyFailed: null,
    url: '',
    submitted: false,
    error: null,
  }),
  on: {
    'kit.reload': {
      target: '.loading',
      actions: [
        'clearError',
        'clearCopy',
        { type: 'assignAnnouncement', params: ({ event }) => event },
      ],
    },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadKit',
        src: 'loadKit',
        input: ({ context }) => ({ product: context.product, announcement: context.announcement }),
        onDone: {
          target: 'ready',
          actions: { type: 'assignKit', params: ({ event }) => ({ kit: event.output }) },
        },
        onError: { target: 'failed', actions: { type: 'assignError', params: errorParams } },
      },
    },
    failed: { tags: ['error'] },
    ready: {
      initial: 'idle',
      on: {
        'kit.copy': {
          target: '.copying',
          actions: [
            'clearError',
            'clearCopy',
            { type: 'assignCopyTarget', params: ({ event }) => event },
          ],
        },
        'kit.downloadAll': {
          guard: 'hasPhotos',
          target: '.downloading',
          actions: ['clearError', 'clearCopy'],
        },
        'kit.changeUrl': {
          target: '.idle',
          actions: ['clearError', 'clearCopy', { type: 'assignUrl', params: ({ event }) => event }],
        },
        'kit.record': [
          {
            guard: 'isUrlValid',
            target: '.recording',
            actions: ['clearError', 'clearCopy', 'submit'],
          },
          { target: '.idle', actions: ['clearError', 'clearCopy', 'submit'] },
        ],
      },
      states: {
        idle: {},
        copying: {
          tags: ['busy'],
          on: { 'kit.copy': {}, 'kit.downloadAll': {}, 'kit.record': {} },
          invoke: {
            id: 'writeClipboard',
            src: 'writeClipboard',
            input: ({ context, event }) => ({
              text:
                event.type === 'kit.copy' && context.kit ? copyText(context.kit, event.target) : '',
            }),
            onDone: {
              target: 'idle',
              actions: {
                type: 'assignCopied',
                params: ({ context }) => ({ target: context.copyTarget }),
              },
            },
            onError: {
              target: 'copyFailed',
              actions: {
                type: 'assignCopyFailed',
                params: ({ context }) => ({ target: context.copyTarget }),
              },
            },
          },
        },
        copyFailed: {
          tags: ['error'],
          on: { 'kit.dismiss': { target: 'idle', actions: 'clearCopy' } },
        },
        downloading: {
          tags: ['busy'],
          on: { 'kit.downloadAll': {}, 'kit.record': {} },
          invoke: {
            id: 'downloadPhotos',
            src: 'downloadPhotos',
            input: ({ context }) => ({ urls: context.kit?.photoUrls ?? [] }),
            onDone: { target: 'idle' },
            onError: { target: 'refused', actions: { type: 'assignError', params: errorParams } },
          },
        },
        recording: {
          tags: ['busy'],
          on: { 'kit.copy': {}, 'kit.downloadAll': {}, 'kit.record': {}, 'kit.changeUrl': {} },
          invoke: {
            id: 'recordListing',
            src: 'recordListing',
            input: ({ context }) => ({
              product: context.product,
              url: context.url,
              title: context.kit?.title ?? '',
            }),
            onDone: {
              target: 'recorded',
              actions: [
                { type: 'assignRecorded', params: ({ event }) => event.output },
                { type: 'emitRecorded', params: ({ event }) => event.output },
              ],
            },
            onError: { target: 'refused', actions: { type: 'assignError', params: errorParams } },
          },
        },
        recorded: { tags: ['recorded'] },
        refused: {
          tags: ['error'],
          on: { 'kit.dismiss': { target: 'idle', actions: 'clearError' } },
        },
      },
    },
  },
});
