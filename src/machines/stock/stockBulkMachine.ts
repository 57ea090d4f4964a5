import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { toAppError, type AppErrorCode } from '../../rpc/errors.ts';
import { emptyReport, type BulkInput, type BulkLine, type BulkReport } from './stockBulk.ts';

export interface StockBulkContext {
  readonly input: BulkInput;
  readonly lines: readonly BulkLine[];
  readonly report: BulkReport;
  readonly cancelled: boolean;
  readonly errorCode: AppErrorCode | null;
}

export type StockBulkEvent =
  | { type: 'bulk.cancel' }
  | { type: 'bulk.retry' }
  | { type: 'bulk.progressed'; report: BulkReport }
  | { type: 'bulk.finished'; report: BulkReport };

/** What the update actor works on and reports to. */
export interface ApplyInput {
  readonly lines: readonly BulkLine[];
  readonly target: BulkInput['target'];
}

const notProvided = () => Promise.reject(new Error('The actor "collectLines" was not provided'));

/**
 * One bulk sale-status change of a stock selection: the selected products are collected (every
 * matching one read again when "all matching" is selected), then each goes through the shared rule
 * engine on the server (a partial update per product, a few at once); invoiced products are
 * skipped and each refusal is counted with its reason. Cancel stops the calls not yet sent.
 */
export const stockBulkMachine = setup({
  types: {
    context: {} as StockBulkContext,
    events: {} as StockBulkEvent,
    input: {} as BulkInput,
  },
  actors: {
    collectLines: fromPromise<BulkLine[], BulkInput>(notProvided),
    applyStatus: fromCallback<StockBulkEvent, ApplyInput>(() => () => undefined),
  },
  actions: {
    assignLines: assign((_, lines: BulkLine[]) => ({ lines, report: emptyReport(lines.length) })),
    assignReport: assign((_, report: BulkReport) => ({ report })),
    markCancelled: assign({ cancelled: true }),
    assignError: assign((_, p: { error: unknown }) => ({ errorCode: toAppError(p.error).code })),
    clearError: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'stockBulk',
  context: ({ input }) => ({
    input,
    lines: [],
    report: emptyReport(0),
    cancelled: false,
    errorCode: null,
  }),
  initial: 'collecting',
  states: {
    collecting: {
      tags: ['busy'],
      invoke: {
        id: 'collectLines',
        src: 'collectLines',
        input: ({ context }) => context.input,
        onDone: {
          target: 'updating',
          actions: { type: 'assignLines', params: ({ event }) => event.output },
        },
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: { 'bulk.cancel': { target: 'finished', actions: 'markCancelled' } },
    },
    // Tagged apart from `busy`: the calls run in a callback actor that reports progress.
    updating: {
      tags: ['updating'],
      invoke: {
        id: 'applyStatus',
        src: 'applyStatus',
        input: ({ context }) => ({ lines: context.lines, target: context.input.target }),
      },
      on: {
        'bulk.progressed': {
          actions: { type: 'assignReport', params: ({ event }) => event.report },
        },
        'bulk.finished': {
          target: 'finished',
          actions: { type: 'assignReport', params: ({ event }) => event.report },
        },
        'bulk.cancel': { target: 'finished', actions: 'markCancelled' },
      },
    },
    // The report stays on screen until the dialog closes.
    finished: { tags: ['finished'] },
    failed: {
      tags: ['error'],
      exit: 'clearError',
      on: {
        'bulk.retry': 'collecting',
        'bulk.cancel': { target: 'finished', actions: 'markCancelled' },
      },
    },
  },
});
