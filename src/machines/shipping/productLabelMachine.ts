import { assign, fromPromise, setup } from 'xstate';
import { toAppError, type AppErrorCode } from '../../rpc/errors.ts';
import { refusalOf, type ShipRefusal } from './shipTypes.ts';

/** The label standing for a product's parcel, as its page shows it. */
export interface ProductLabel {
  readonly uuid: string;
  readonly trackingNumber: string;
  readonly deliveryService: number;
  readonly servicePointId: string;
  /** A ShippingStatus value. */
  readonly status: number;
  /** When the status was last set (ISO), if known. */
  readonly statusAt: string | null;
  /** Whether it may still be cancelled (made, not yet left). */
  readonly cancellable: boolean;
}

export interface ProductLabelContext {
  readonly product: string;
  readonly label: ProductLabel | null;
  /** Why the last download or cancel was refused. */
  readonly refusal: ShipRefusal | null;
  /** Why loading failed (set exactly in `failed`). */
  readonly errorCode: AppErrorCode | null;
}

export type ProductLabelEvent =
  | { type: 'label.reload' }
  | { type: 'label.retry' }
  | { type: 'label.download' }
  | { type: 'label.cancel' }
  | { type: 'label.keep' }
  | { type: 'label.confirmCancel' };

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`The product label actor "${name}" was not provided`));

/**
 * The Shipping section of a sold product's page: loads the product's active label (none when it
 * has no label, or only cancelled or ended ones), downloads its PDF, and cancels it after a
 * confirmation while it has not left; a cancelled label is read again from the server, which
 * gives the free label back. `label.reload` reads it again (after the ship dialog made one).
 */
export const productLabelMachine = setup({
  types: {
    context: {} as ProductLabelContext,
    events: {} as ProductLabelEvent,
    input: {} as { product: string },
  },
  actors: {
    loadLabel: fromPromise<ProductLabel | null, { product: string }>(notProvided('loadLabel')),
    downloadLabel: fromPromise<void, { uuid: string }>(notProvided('downloadLabel')),
    cancelLabel: fromPromise<void, { uuid: string }>(notProvided('cancelLabel')),
  },
  guards: {
    hasLabel: ({ context }) => context.label !== null,
    cancellable: ({ context }) => context.label?.cancellable === true,
  },
  actions: {
    assignLabel: assign((_, params: { label: ProductLabel | null }) => ({ label: params.label })),
    assignRefusal: assign((_, params: { error: unknown }) => ({
      refusal: refusalOf(params.error),
    })),
    clearRefusal: assign({ refusal: null }),
    assignError: assign((_, params: { error: unknown }) => ({
      errorCode: toAppError(params.error).code,
    })),
    clearError: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'productLabel',
  initial: 'loading',
  context: ({ input }) => ({ product: input.product, label: null, refusal: null, errorCode: null }),
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadLabel',
        src: 'loadLabel',
        input: ({ context }) => ({ product: context.product }),
        onDone: {
          target: 'shown',
          actions: { type: 'assignLabel', params: ({ event }) => ({ label: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      tags: ['error'],
      exit: 'clearError',
      on: { 'label.retry': 'loading', 'label.reload': 'loading' },
    },
    shown: {
      on: {
        'label.reload': { target: 'loading', actions: 'clearRefusal' },
        'label.download': { guard: 'hasLabel', target: 'downloading', actions: 'clearRefusal' },
        'label.cancel': { guard: 'cancellable', target: 'confirming', actions: 'clearRefusal' },
      },
    },
    downloading: {
      tags: ['busy'],
      invoke: {
        id: 'downloadLabel',
        src: 'downloadLabel',
        input: ({ context }) => ({ uuid: context.label!.uuid }),
        onDone: 'shown',
        onError: {
          target: 'shown',
          actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    confirming: {
      on: { 'label.keep': 'shown', 'label.confirmCancel': 'cancelling' },
    },
    cancelling: {
      tags: ['busy'],
      invoke: {
        id: 'cancelLabel',
        src: 'cancelLabel',
        input: ({ context }) => ({ uuid: context.label!.uuid }),
        onDone: 'loading',
        onError: {
          target: 'shown',
          actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});
