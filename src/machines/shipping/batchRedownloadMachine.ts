import { assign, fromPromise, setup } from 'xstate';
import { toAppError, type AppErrorCode } from '../../rpc/errors.ts';

export interface BatchRedownloadInput {
  /** The finished PRINT_SHIPPING_LABELS task whose PDF is downloaded again. */
  readonly task: string;
}

export interface BatchRedownloadContext extends BatchRedownloadInput {
  /** Labels in the file last downloaded. */
  readonly printed: number | null;
  readonly errorCode: AppErrorCode | null;
  /** The server's reason for the last refusal (LABEL_BATCH_EXPIRED...). */
  readonly errorReason: string | null;
}

export type BatchRedownloadEvent = { type: 'batch.download' };

/**
 * "Télécharger" on a finished label batch in the task panel: the task's PDF is asked of the
 * server again (its owner only, while it is kept) and saved; a refusal is told and another press
 * tries again.
 */
export const batchRedownloadMachine = setup({
  types: {
    context: {} as BatchRedownloadContext,
    events: {} as BatchRedownloadEvent,
    input: {} as BatchRedownloadInput,
  },
  actors: {
    downloadBatch: fromPromise<{ printed: number }, { task: string }>(() =>
      Promise.reject(new Error('The batch download actor "downloadBatch" was not provided')),
    ),
  },
  actions: {
    assignPrinted: assign((_, params: { printed: number }) => ({ printed: params.printed })),
    assignError: assign((_, params: { error: unknown }) => {
      const error = toAppError(params.error);
      return { errorCode: error.code, errorReason: error.reason ?? null };
    }),
    clearError: assign({ errorCode: null, errorReason: null }),
  },
}).createMachine({
  id: 'batchRedownload',
  initial: 'idle',
  context: ({ input }) => ({ ...input, printed: null, errorCode: null, errorReason: null }),
  states: {
    idle: {
      on: { 'batch.download': { target: 'downloading', actions: 'clearError' } },
    },
    downloading: {
      tags: ['busy'],
      invoke: {
        id: 'downloadBatch',
        src: 'downloadBatch',
        input: ({ context }) => ({ task: context.task }),
        onDone: {
          target: 'idle',
          actions: { type: 'assignPrinted', params: ({ event }) => event.output },
        },
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'batch.download': { target: 'downloading', actions: 'clearError' } },
    },
  },
});
