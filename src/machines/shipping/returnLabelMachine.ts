import { assign, fromPromise, setup } from 'xstate';
import { toAppError, type AppErrorCode } from '../../rpc/errors.ts';
import { RETURN_LABEL_REASONS } from '../../domain/shipping/returnLabels.ts';
import { labelKey } from '../people/labels.ts';
import { refusalOf, shipRefusalKey, type ShipRefusal } from './shipTypes.ts';

/** A deposit's return label, as its page shows it. */
export interface ReturnLabel {
  readonly uuid: string;
  readonly trackingNumber: string;
  readonly deliveryService: number;
  /** A ShippingStatus value. */
  readonly status: number;
  /** When the status was last set (ISO), if known. */
  readonly statusAt: string | null;
}

/** What the section loads: the deposit's active return label, and a key for making one. */
export interface ReturnStart {
  readonly label: ReturnLabel | null;
  /** Drawn once per load and kept through refusals, so a retried click makes one label. */
  readonly idempotencyKey: string;
}

export interface ReturnLabelContext {
  readonly deposit: string;
  readonly label: ReturnLabel | null;
  readonly idempotencyKey: string;
  /** Why the last make or download was refused. */
  readonly refusal: ShipRefusal | null;
  /** Why loading failed (set exactly in `failed`). */
  readonly errorCode: AppErrorCode | null;
}

export type ReturnLabelEvent =
  | { type: 'return.make' }
  | { type: 'return.download' }
  | { type: 'return.reload' }
  | { type: 'return.retry' };

/** The text of a refusal: a return label's own reason, else the shipping one's. */
export function returnRefusalKey(refusal: ShipRefusal): string {
  return refusal.reason && (RETURN_LABEL_REASONS as readonly string[]).includes(refusal.reason)
    ? labelKey('returnLabel.reason', refusal.reason)
    : shipRefusalKey(refusal);
}

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`The return label actor "${name}" was not provided`));

/**
 * The deposit page's "Return by post" section while a deposit is being restituted: loads the
 * deposit's return label, makes one (to the depositor's address, from the vendor's place) when
 * there is none, downloads its PDF; a refusal (the depositor refused the post, no address, no
 * free label left) stays shown with its reason and nothing is made.
 */
export const returnLabelMachine = setup({
  types: {
    context: {} as ReturnLabelContext,
    events: {} as ReturnLabelEvent,
    input: {} as { deposit: string },
  },
  actors: {
    loadReturn: fromPromise<ReturnStart, { deposit: string }>(notProvided('loadReturn')),
    makeReturn: fromPromise<void, { deposit: string; idempotencyKey: string }>(
      notProvided('makeReturn'),
    ),
    downloadReturn: fromPromise<void, { uuid: string }>(notProvided('downloadReturn')),
  },
  guards: {
    hasLabel: ({ context }) => context.label !== null,
    hasNoLabel: ({ context }) => context.label === null,
  },
  actions: {
    assignStart: assign((_, params: { start: ReturnStart }) => ({
      label: params.start.label,
      idempotencyKey: params.start.idempotencyKey,
    })),
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
  id: 'returnLabel',
  initial: 'loading',
  context: ({ input }) => ({
    deposit: input.deposit,
    label: null,
    idempotencyKey: '',
    refusal: null,
    errorCode: null,
  }),
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadReturn',
        src: 'loadReturn',
        input: ({ context }) => ({ deposit: context.deposit }),
        onDone: {
          target: 'shown',
          actions: { type: 'assignStart', params: ({ event }) => ({ start: event.output }) },
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
      on: { 'return.retry': 'loading' },
    },
    shown: {
      on: {
        'return.reload': { target: 'loading', actions: 'clearRefusal' },
        'return.make': { guard: 'hasNoLabel', target: 'making', actions: 'clearRefusal' },
        'return.download': { guard: 'hasLabel', target: 'downloading', actions: 'clearRefusal' },
      },
    },
    making: {
      tags: ['busy'],
      invoke: {
        id: 'makeReturn',
        src: 'makeReturn',
        input: ({ context }) => ({
          deposit: context.deposit,
          idempotencyKey: context.idempotencyKey,
        }),
        // Read again from the server: the section shows the label as it is stored.
        onDone: 'loading',
        onError: {
          target: 'shown',
          actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    downloading: {
      tags: ['busy'],
      invoke: {
        id: 'downloadReturn',
        src: 'downloadReturn',
        input: ({ context }) => ({ uuid: context.label!.uuid }),
        onDone: 'shown',
        onError: {
          target: 'shown',
          actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});
