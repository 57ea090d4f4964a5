import { assign, fromPromise, setup } from 'xstate';
import { errorI18nKey, toAppError, type AppErrorCode } from '../../rpc/errors.ts';
import {
  isReceiptReason,
  type ReceiptReason,
} from '../../domain/restitution/restitutionReceipt.ts';

/** A restitution receipt as the deposit page and the link's page show it. */
export interface ReceiptView {
  readonly uuid: string;
  readonly depositName: string;
  /** ISO timestamps. */
  readonly restitutedAt: string;
  readonly acceptedAt: string | null;
  readonly accepted: boolean;
  readonly acceptedThrough: 'SCREEN' | 'EMAIL_LINK' | null;
  readonly holderName: string;
  readonly depositorName: string;
  readonly items: readonly { reference: string; name: string; condition: string }[];
}

export interface ReceiptContext {
  /** The deposit uuid on the deposit page, the token on the link's page. */
  readonly source: string;
  /** The viewer may accept: the depositor signed in, or whoever holds the link. */
  readonly mayAccept: boolean;
  readonly receipt: ReceiptView | null;
  /** The text of the last refused accept or download, or of a failed load. */
  readonly refusalKey: string | null;
  readonly errorCode: AppErrorCode | null;
}

export type ReceiptEvent =
  | { type: 'receipt.accept' }
  | { type: 'receipt.download' }
  | { type: 'receipt.refresh' }
  | { type: 'receipt.retry' };

const REASON_KEYS: Record<ReceiptReason, string> = {
  RESTITUTION_RECEIPT_TOKEN_INVALID: 'restitutionReceipt.reasonTokenInvalid',
  RESTITUTION_RECEIPT_TOKEN_EXPIRED: 'restitutionReceipt.reasonTokenExpired',
  RESTITUTION_RECEIPT_ALREADY_ACCEPTED: 'restitutionReceipt.reasonAlreadyAccepted',
  RESTITUTION_RECEIPT_NOT_DEPOSITOR: 'restitutionReceipt.reasonNotDepositor',
  RESTITUTION_RECEIPT_PERIOD_INVALID: 'restitutionReceipt.reasonPeriodInvalid',
};

/** A receipt refusal's own text, else its code's. */
export function receiptRefusalKey(error: unknown): string {
  const appError = toAppError(error);
  return isReceiptReason(appError.reason)
    ? REASON_KEYS[appError.reason]
    : errorI18nKey(appError.code);
}

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`The restitution receipt actor "${name}" was not provided`));

/**
 * One restitution receipt: loaded (none yet while the deposit is not restituted), accepted once
 * by the depositor, downloaded as a PDF, refreshed to see whether it was accepted meanwhile. The
 * same flow serves the deposit page and the mail link's page; only the actors differ.
 */
export const restitutionReceiptMachine = setup({
  types: {
    context: {} as ReceiptContext,
    events: {} as ReceiptEvent,
    input: {} as { source: string; mayAccept: boolean },
  },
  actors: {
    loadReceipt: fromPromise<ReceiptView | null, { source: string }>(notProvided('loadReceipt')),
    acceptReceipt: fromPromise<ReceiptView, { source: string; uuid: string }>(
      notProvided('acceptReceipt'),
    ),
    downloadReceipt: fromPromise<void, { source: string; uuid: string }>(
      notProvided('downloadReceipt'),
    ),
  },
  guards: {
    canAccept: ({ context }) =>
      context.mayAccept && context.receipt !== null && !context.receipt.accepted,
    hasReceipt: ({ context }) => context.receipt !== null,
  },
  actions: {
    assignReceipt: assign((_, params: { receipt: ReceiptView | null }) => ({
      receipt: params.receipt,
    })),
    assignRefusal: assign((_, params: { error: unknown }) => ({
      refusalKey: receiptRefusalKey(params.error),
    })),
    clearRefusal: assign({ refusalKey: null }),
    assignError: assign((_, params: { error: unknown }) => ({
      errorCode: toAppError(params.error).code,
      refusalKey: receiptRefusalKey(params.error),
    })),
    clearError: assign({ errorCode: null, refusalKey: null }),
  },
}).createMachine({
  id: 'restitutionReceipt',
  initial: 'loading',
  context: ({ input }) => ({
    source: input.source,
    mayAccept: input.mayAccept,
    receipt: null,
    refusalKey: null,
    errorCode: null,
  }),
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadReceipt',
        src: 'loadReceipt',
        input: ({ context }) => ({ source: context.source }),
        onDone: {
          target: 'shown',
          actions: { type: 'assignReceipt', params: ({ event }) => ({ receipt: event.output }) },
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
      on: { 'receipt.retry': 'loading' },
    },
    shown: {
      on: {
        'receipt.refresh': { target: 'loading', actions: 'clearRefusal' },
        'receipt.accept': { guard: 'canAccept', target: 'accepting', actions: 'clearRefusal' },
        'receipt.download': { guard: 'hasReceipt', target: 'downloading', actions: 'clearRefusal' },
      },
    },
    accepting: {
      tags: ['busy'],
      invoke: {
        id: 'acceptReceipt',
        src: 'acceptReceipt',
        input: ({ context }) => ({ source: context.source, uuid: context.receipt!.uuid }),
        onDone: {
          target: 'shown',
          actions: { type: 'assignReceipt', params: ({ event }) => ({ receipt: event.output }) },
        },
        // Refused (accepted meanwhile, link expired): said, and the receipt is read again.
        onError: {
          target: 'refused',
          actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    refused: {
      tags: ['busy'],
      invoke: {
        id: 'reloadReceipt',
        src: 'loadReceipt',
        input: ({ context }) => ({ source: context.source }),
        onDone: {
          target: 'shown',
          actions: { type: 'assignReceipt', params: ({ event }) => ({ receipt: event.output }) },
        },
        onError: 'shown',
      },
    },
    downloading: {
      tags: ['busy'],
      invoke: {
        id: 'downloadReceipt',
        src: 'downloadReceipt',
        input: ({ context }) => ({ source: context.source, uuid: context.receipt!.uuid }),
        onDone: 'shown',
        onError: {
          target: 'shown',
          actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});
