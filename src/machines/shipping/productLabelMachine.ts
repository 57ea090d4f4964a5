import { assign, fromPromise, setup } from 'xstate';
import { toAppError, type AppErrorCode } from '../../rpc/errors.ts';
import { isPostalCode, refusalOf, type ShipPoint, type ShipRefusal } from './shipTypes.ts';

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
  /** Whether it may still be cancelled (made, not yet left, or waiting for its payment). */
  readonly cancellable: boolean;
  /** The payment it waits for (its page is /payments/:uuid), or null once paid or when free. */
  readonly awaitingPayment: string | null;
  /** Paid, but the carrier has not made it yet: it is made again on demand. */
  readonly paidNotMade: boolean;
  /** Whether its relay point may still change (made or paid, not yet left). */
  readonly regenerable: boolean;
}

/** Choosing another relay point for the label. */
export interface PointChange {
  readonly postalCode: string;
  readonly points: readonly ShipPoint[];
  readonly searched: boolean;
  readonly pointId: string | null;
}

export interface ProductLabelContext {
  readonly product: string;
  readonly label: ProductLabel | null;
  /** Why the last download, cancel or change was refused. */
  readonly refusal: ShipRefusal | null;
  readonly change: PointChange;
  /** Why loading failed (set exactly in `failed`). */
  readonly errorCode: AppErrorCode | null;
  /**
   * The request key of the label's "make it again" under way: drawn when the vendor confirms a
   * new point or remakes a paid label, sent again on each retry of that action, and dropped when
   * it succeeds or the point dialog is closed (a new intention), so a retry makes one parcel.
   */
  readonly requestKey: string | null;
}

export type ProductLabelEvent =
  | { type: 'label.reload' }
  | { type: 'label.retry' }
  | { type: 'label.download' }
  | { type: 'label.cancel' }
  | { type: 'label.keep' }
  | { type: 'label.confirmCancel' }
  | { type: 'label.changePoint' }
  | { type: 'label.postalCode'; value: string }
  | { type: 'label.search' }
  | { type: 'label.pickPoint'; id: string }
  | { type: 'label.confirmPoint' }
  | { type: 'label.keepPoint' }
  | { type: 'label.remake' };

const NO_CHANGE: PointChange = { postalCode: '', points: [], searched: false, pointId: null };

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`The product label actor "${name}" was not provided`));

/**
 * The Shipping section of a sold product's page: loads the product's active label (none when it
 * has no label, or only cancelled or ended ones), downloads its PDF, and cancels it after a
 * confirmation while it has not left (or while it waits for its payment); a cancelled label is
 * read again from the server, which gives the free label back. Before it leaves, its relay point
 * changes (relay points searched near a postal code, one picked, the label made again), and a paid
 * label the carrier did not make yet is made again, each "make it again" under one request key
 * kept through its retries. `label.reload` reads it again.
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
    findPoints: fromPromise<readonly ShipPoint[], { deliveryService: number; postalCode: string }>(
      notProvided('findPoints'),
    ),
    regenerateLabel: fromPromise<
      void,
      { uuid: string; pointId: string | null; idempotencyKey: string }
    >(notProvided('regenerateLabel')),
  },
  guards: {
    hasParcel: ({ context }) =>
      context.label !== null && !context.label.awaitingPayment && !context.label.paidNotMade,
    cancellable: ({ context }) => context.label?.cancellable === true,
    regenerable: ({ context }) => context.label?.regenerable === true,
    isPaidNotMade: ({ context }) => context.label?.paidNotMade === true,
    canSearch: ({ context }) => isPostalCode(context.change.postalCode),
    isPoint: ({ context }, params: { id: string }) =>
      context.change.points.some((p) => p.id === params.id),
    hasPoint: ({ context }) => context.change.pointId !== null,
  },
  actions: {
    assignLabel: assign((_, params: { label: ProductLabel | null }) => ({ label: params.label })),
    assignRefusal: assign((_, params: { error: unknown }) => ({
      refusal: refusalOf(params.error),
    })),
    clearRefusal: assign({ refusal: null }),
    resetChange: assign({ change: NO_CHANGE, refusal: null }),
    assignChange: assign(({ context }, params: Partial<PointChange>) => ({
      change: { ...context.change, ...params },
      refusal: null,
    })),
    assignError: assign((_, params: { error: unknown }) => ({
      errorCode: toAppError(params.error).code,
    })),
    clearError: assign({ errorCode: null }),
    drawKey: assign(({ context }) => ({
      requestKey: context.requestKey ?? crypto.randomUUID(),
    })),
    dropKey: assign({ requestKey: null }),
  },
}).createMachine({
  id: 'productLabel',
  initial: 'loading',
  context: ({ input }) => ({
    product: input.product,
    label: null,
    refusal: null,
    change: NO_CHANGE,
    errorCode: null,
    requestKey: null,
  }),
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
        'label.download': { guard: 'hasParcel', target: 'downloading', actions: 'clearRefusal' },
        'label.cancel': { guard: 'cancellable', target: 'confirming', actions: 'clearRefusal' },
        'label.changePoint': {
          guard: 'regenerable',
          target: 'changing',
          actions: ['resetChange', 'dropKey'],
        },
        'label.remake': {
          guard: 'isPaidNotMade',
          target: 'remaking',
          actions: ['clearRefusal', 'drawKey'],
        },
      },
    },
    changing: {
      initial: 'choosing',
      on: { 'label.keepPoint': { target: 'shown', actions: ['resetChange', 'dropKey'] } },
      states: {
        choosing: {
          on: {
            'label.postalCode': {
              actions: {
                type: 'assignChange',
                params: ({ event }) => ({ postalCode: event.value.trim().slice(0, 5) }),
              },
            },
            'label.search': { guard: 'canSearch', target: 'searching' },
            'label.pickPoint': {
              guard: { type: 'isPoint', params: ({ event }) => ({ id: event.id }) },
              actions: { type: 'assignChange', params: ({ event }) => ({ pointId: event.id }) },
            },
            'label.confirmPoint': {
              guard: 'hasPoint',
              target: 'regenerating',
              actions: 'drawKey',
            },
          },
        },
        searching: {
          tags: ['busy'],
          invoke: {
            id: 'findPoints',
            src: 'findPoints',
            input: ({ context }) => ({
              deliveryService: context.label!.deliveryService,
              postalCode: context.change.postalCode,
            }),
            onDone: {
              target: 'choosing',
              actions: {
                type: 'assignChange',
                params: ({ event }) => ({ points: event.output, searched: true, pointId: null }),
              },
            },
            onError: {
              target: 'choosing',
              actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        regenerating: {
          tags: ['busy'],
          // The new parcel is being made: the answer decides what is shown.
          on: { 'label.keepPoint': {} },
          invoke: {
            id: 'regenerateLabel',
            src: 'regenerateLabel',
            input: ({ context }) => ({
              uuid: context.label!.uuid,
              pointId: context.change.pointId,
              idempotencyKey: context.requestKey!,
            }),
            onDone: { target: '#productLabel.loading', actions: ['resetChange', 'dropKey'] },
            onError: {
              target: 'choosing',
              actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    remaking: {
      tags: ['busy'],
      invoke: {
        id: 'regenerateLabel',
        src: 'regenerateLabel',
        input: ({ context }) => ({
          uuid: context.label!.uuid,
          pointId: null,
          idempotencyKey: context.requestKey!,
        }),
        onDone: { target: 'loading', actions: 'dropKey' },
        onError: {
          target: 'shown',
          actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) },
        },
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
