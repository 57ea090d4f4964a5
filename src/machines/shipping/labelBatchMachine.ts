import { assign, fromPromise, setup } from 'xstate';
import { BATCH_SKIP_REASONS, MAX_BATCH_ITEMS } from '../../domain/shipping/labelBatch.ts';
import { errorI18nKey, toAppError, type AppErrorCode } from '../../rpc/errors.ts';
import { labelKey } from '../people/labels.ts';
import type { PublishSelection } from '../publish/publishTypes.ts';

/** How the labels are laid out: one per 10 × 15 page, or four per A4 sheet. */
export type BatchFormat = 'LABEL_PRINTER' | 'A4';

/** An item left out of the batch, with its reason code (BATCH_SKIP_REASONS). */
export interface BatchSkipped {
  readonly product: string;
  readonly name: string;
  readonly reason: string;
}

export interface BatchStarted {
  /** The print task, or '' when no chosen item had a label. */
  readonly task: string;
  readonly count: number;
  readonly skipped: readonly BatchSkipped[];
}

export interface BatchDownloaded {
  readonly printed: number;
  readonly skipped: readonly BatchSkipped[];
}

export interface LabelBatchInput {
  readonly selection: PublishSelection;
  /** Items selected, as the list counts them. */
  readonly selectedCount: number;
}

export interface LabelBatchContext extends LabelBatchInput {
  readonly format: BatchFormat;
  readonly task: string | null;
  readonly count: number;
  readonly skipped: readonly BatchSkipped[];
  /** Labels in the file, once downloaded. */
  readonly printed: number | null;
  readonly errorCode: AppErrorCode | null;
  /** The server's reason for the last failure (LABEL_BATCH_FAILED, CARRIER_UNAVAILABLE...). */
  readonly errorReason: string | null;
}

export type LabelBatchEvent =
  | { type: 'batch.format'; format: BatchFormat }
  | { type: 'batch.start' }
  | { type: 'batch.retry' }
  | { type: 'batch.restart' }
  | { type: 'batch.download' };

/** The text of a skip reason (`NO_LABEL` → `labelBatch.reasonNoLabel`), else its error's. */
export function batchReasonKey(reason: string): string {
  return (BATCH_SKIP_REASONS as readonly string[]).includes(reason)
    ? labelKey('labelBatch.reason', reason)
    : errorI18nKey('unexpected');
}

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`The label batch actor "${name}" was not provided`));

/** Skipped items without the same item twice (told at the start, then again by the task). */
const merged = (a: readonly BatchSkipped[], b: readonly BatchSkipped[]) => [
  ...a,
  ...b.filter((s) => !a.some((k) => k.product === s.product)),
];

/**
 * Printing the labels of a stock selection into one PDF: the layout is chosen, the server starts
 * a background task (the task panel shows its progress) and answers at once the items it leaves
 * out; once the task has finished the file is downloaded, with the labels the carrier did not give
 * added to the items left out. A task that failed may be started again.
 */
export const labelBatchMachine = setup({
  types: {
    context: {} as LabelBatchContext,
    events: {} as LabelBatchEvent,
    input: {} as LabelBatchInput,
  },
  actors: {
    startBatch: fromPromise<BatchStarted, { selection: PublishSelection; format: BatchFormat }>(
      notProvided('startBatch'),
    ),
    waitForBatch: fromPromise<void, { task: string }>(notProvided('waitForBatch')),
    downloadBatch: fromPromise<BatchDownloaded, { task: string }>(notProvided('downloadBatch')),
  },
  guards: {
    isWithinLimit: ({ context }) =>
      context.selectedCount > 0 && context.selectedCount <= MAX_BATCH_ITEMS,
    hasTask: (_, params: { started: BatchStarted }) => params.started.task !== '',
  },
  actions: {
    assignFormat: assign((_, params: { format: BatchFormat }) => ({ format: params.format })),
    assignStarted: assign((_, params: { started: BatchStarted }) => ({
      task: params.started.task || null,
      count: params.started.count,
      skipped: params.started.skipped,
      printed: null,
    })),
    assignDownloaded: assign(({ context }, params: { downloaded: BatchDownloaded }) => ({
      printed: params.downloaded.printed,
      skipped: merged(context.skipped, params.downloaded.skipped),
    })),
    assignError: assign((_, params: { error: unknown }) => {
      const error = toAppError(params.error);
      return { errorCode: error.code, errorReason: error.reason ?? null };
    }),
    clearError: assign({ errorCode: null, errorReason: null }),
  },
}).createMachine({
  id: 'labelBatch',
  initial: 'choosing',
  context: ({ input }) => ({
    ...input,
    format: 'LABEL_PRINTER',
    task: null,
    count: 0,
    skipped: [],
    printed: null,
    errorCode: null,
    errorReason: null,
  }),
  states: {
    choosing: {
      tags: ['editable'],
      on: {
        'batch.format': {
          actions: { type: 'assignFormat', params: ({ event }) => ({ format: event.format }) },
        },
        'batch.start': { guard: 'isWithinLimit', target: 'starting' },
      },
    },
    starting: {
      tags: ['busy'],
      invoke: {
        id: 'startBatch',
        src: 'startBatch',
        input: ({ context }) => ({ selection: context.selection, format: context.format }),
        onDone: [
          {
            guard: { type: 'hasTask', params: ({ event }) => ({ started: event.output }) },
            target: 'waiting',
            actions: { type: 'assignStarted', params: ({ event }) => ({ started: event.output }) },
          },
          {
            target: 'nothing',
            actions: { type: 'assignStarted', params: ({ event }) => ({ started: event.output }) },
          },
        ],
        onError: {
          target: 'startFailed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    startFailed: {
      tags: ['error'],
      exit: 'clearError',
      on: { 'batch.retry': 'starting' },
    },
    // No chosen item has a printable label: the reasons are shown, nothing runs.
    nothing: { tags: ['finished'] },
    waiting: {
      tags: ['busy', 'printing'],
      invoke: {
        id: 'waitForBatch',
        src: 'waitForBatch',
        input: ({ context }) => ({ task: context.task! }),
        onDone: 'ready',
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    // Following the task failed, or the task ended in error: wait again, or print again.
    failed: {
      tags: ['error'],
      exit: 'clearError',
      on: { 'batch.retry': 'waiting', 'batch.restart': 'starting' },
    },
    ready: {
      tags: ['finished'],
      on: { 'batch.download': 'downloading' },
    },
    downloading: {
      tags: ['busy'],
      invoke: {
        id: 'downloadBatch',
        src: 'downloadBatch',
        input: ({ context }) => ({ task: context.task! }),
        onDone: {
          target: 'ready',
          actions: {
            type: 'assignDownloaded',
            params: ({ event }) => ({ downloaded: event.output }),
          },
        },
        onError: {
          target: 'downloadFailed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    downloadFailed: {
      tags: ['error'],
      exit: 'clearError',
      on: { 'batch.download': 'downloading' },
    },
  },
});
