import { assign, emit, fromCallback, setup } from 'xstate';
import { toAppError, type AppErrorCode } from '../../rpc/errors.ts';

/** The codes of a streamed message as the machine reads them; anything else is special. */
export type StreamMessageCode = 'PROGRESS' | 'FINISH' | (string & {});

export interface StreamProgressContext {
  readonly count: number;
  readonly progress: number;
  /** The last special message, shown to the user until the stream ends. */
  readonly special: string | null;
  /** Set exactly while the machine is in a state tagged `error`. */
  readonly errorCode: AppErrorCode | null;
}

export type StreamProgressEvent =
  /** A message of the stream (sent by the `follow` actor). */
  | {
      type: 'stream.message';
      code: StreamMessageCode;
      count: number;
      progress: number;
      message: string;
    }
  /** The stream broke (sent by the `follow` actor). */
  | { type: 'stream.failed'; error: unknown }
  | { type: 'stream.cancel' }
  | { type: 'stream.retry' };

export type StreamProgressEmitted = { type: 'stream.special'; message: string };

/** What the `follow` actor sends back while it reads a stream. */
export type FollowEvent = Extract<
  StreamProgressEvent,
  { type: 'stream.message' | 'stream.failed' }
>;

const isData = (code: StreamMessageCode) => code === 'PROGRESS' || code === 'FINISH';

/**
 * Stream progress (1-app-shell.md §4): waiting for the first message, then counting progress
 * out of count, finished when progress equals count. A message whose code is neither PROGRESS nor
 * FINISH is passed on as a special message: kept in context and emitted for a notification.
 * The stream itself is the `follow` callback actor, which sends `stream.message` events and
 * `stream.failed`; leaving the streaming states stops it.
 */
export const streamProgressMachine = setup({
  types: {
    context: {} as StreamProgressContext,
    events: {} as StreamProgressEvent,
    emitted: {} as StreamProgressEmitted,
  },
  actors: {
    follow: fromCallback<StreamProgressEvent>(() => {
      throw new Error('The stream actor "follow" was not provided');
    }),
  },
  guards: {
    isSpecial: (_, p: { code: StreamMessageCode }) => !isData(p.code),
    isComplete: (_, p: { count: number; progress: number }) => p.progress >= p.count,
  },
  actions: {
    assignCounts: assign((_, p: { count: number; progress: number }) => ({
      count: p.count,
      progress: p.progress,
    })),
    assignSpecial: assign((_, p: { message: string }) => ({ special: p.message })),
    emitSpecial: emit((_, p: { message: string }) => ({
      type: 'stream.special' as const,
      message: p.message,
    })),
    assignError: assign((_, p: { error: unknown }) => ({ errorCode: toAppError(p.error).code })),
    reset: assign({ count: 0, progress: 0, special: null, errorCode: null }),
  },
}).createMachine({
  id: 'streamProgress',
  context: { count: 0, progress: 0, special: null, errorCode: null },
  initial: 'streaming',
  states: {
    streaming: {
      tags: ['busy'],
      invoke: {
        id: 'follow',
        src: 'follow',
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: {
        'stream.message': [
          {
            guard: { type: 'isSpecial', params: ({ event }) => event },
            actions: [
              { type: 'assignSpecial', params: ({ event }) => event },
              { type: 'emitSpecial', params: ({ event }) => event },
            ],
          },
          {
            guard: { type: 'isComplete', params: ({ event }) => event },
            target: 'finished',
            actions: { type: 'assignCounts', params: ({ event }) => event },
          },
          { target: '.counting', actions: { type: 'assignCounts', params: ({ event }) => event } },
        ],
        'stream.failed': {
          target: 'failed',
          actions: { type: 'assignError', params: ({ event }) => event },
        },
        'stream.cancel': { target: 'cancelled' },
      },
      initial: 'waiting',
      states: {
        waiting: {},
        counting: {},
      },
    },
    finished: { tags: ['done'] },
    failed: {
      tags: ['error'],
      on: { 'stream.retry': { target: 'streaming', actions: 'reset' } },
    },
    cancelled: {
      on: { 'stream.retry': { target: 'streaming', actions: 'reset' } },
    },
  },
});
