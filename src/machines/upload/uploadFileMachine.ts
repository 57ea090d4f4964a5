import { assign, enqueueActions, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  uploadErrorOf,
  type FileStatus,
  type PreparedPhoto,
  type ResizeInput,
  type SendInput,
  type UploadErrorCode,
  type UploadFileInput,
} from './uploadTypes.ts';

/** Tries before a network failure is left to the user (about two minutes of backoff). */
export const MAX_ATTEMPTS = 8;
const MAX_BACKOFF_MS = 30_000;

export interface UploadFileContext extends Omit<UploadFileInput, 'parent'> {
  readonly parent: UploadFileInput['parent'] | null;
  readonly photo: PreparedPhoto | null;
  /** Upload attempts in the current round (a user retry starts a new one). */
  readonly attempts: number;
  readonly uuid: string | null;
  readonly errorCode: UploadErrorCode | null;
}

export type UploadFileEvent =
  | { type: 'file.resize' }
  | { type: 'file.send' }
  | { type: 'file.cancel' }
  | { type: 'file.retry' }
  /** The browser is back online: a waiting retry goes at once. */
  | { type: 'file.online' };

const notProvided = (name: string) => () => {
  throw new Error(`The upload actor "${name}" was not provided`);
};

/** Backoff before upload attempt `attempts + 1`: 1 s, 2 s, 4 s… up to 30 s. */
export const backoffMs = (attempts: number) =>
  Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.max(0, attempts - 1));

/**
 * One photo of a batch: waits for a resize slot, resizes in a worker, waits for an upload slot,
 * sends with its upload key, retries network failures with backoff (the key makes a retried
 * upload idempotent), and ends stored, failed with a code, or cancelled. The batch decides when
 * it starts each step (`file.resize`, `file.send`) and hears every change.
 */
export const uploadFileMachine = setup({
  types: {
    context: {} as UploadFileContext,
    events: {} as UploadFileEvent,
    input: {} as UploadFileInput,
  },
  actors: {
    resizePhoto: fromPromise<PreparedPhoto, ResizeInput>(notProvided('resizePhoto')),
    sendPhoto: fromPromise<string, SendInput>(notProvided('sendPhoto')),
  },
  delays: {
    backoff: ({ context }) => backoffMs(context.attempts),
  },
  guards: {
    isRetryable: ({ context, event }) =>
      uploadErrorOf((event as { error?: unknown }).error).retryable &&
      context.attempts < MAX_ATTEMPTS,
    hasPhoto: ({ context }) => context.photo !== null,
  },
  actions: {
    report: enqueueActions(({ context, enqueue }, p: { status: FileStatus }) => {
      if (context.parent)
        enqueue.sendTo(context.parent, {
          type: 'file.changed',
          id: context.id,
          status: p.status,
          uuid: context.uuid,
        });
    }),
    assignPhoto: assign({ photo: (_, p: { photo: PreparedPhoto }) => p.photo }),
    assignUuid: assign({ uuid: (_, p: { uuid: string }) => p.uuid }),
    countAttempt: assign({ attempts: ({ context }) => context.attempts + 1 }),
    assignError: assign({ errorCode: (_, p: { error: unknown }) => uploadErrorOf(p.error).code }),
    clearError: assign({ errorCode: null, attempts: 0 }),
  },
}).createMachine({
  id: 'uploadFile',
  context: ({ input }) => ({
    ...input,
    parent: input.parent ?? null,
    photo: null,
    attempts: 0,
    uuid: null,
    errorCode: null,
  }),
  initial: 'queued',
  on: { 'file.cancel': '.cancelled' },
  states: {
    // The batch knows a new file is queued: only a retry reports it (on the transition).
    queued: {
      tags: ['pending'],
      on: { 'file.resize': 'resizing' },
    },
    resizing: {
      tags: ['busy', 'pending'],
      entry: { type: 'report', params: { status: 'resizing' } },
      invoke: {
        id: 'resizePhoto',
        src: 'resizePhoto',
        input: ({ context }) => ({ file: context.file, maxSide: context.maxSide }),
        onDone: {
          target: 'prepared',
          actions: { type: 'assignPhoto', params: ({ event }) => ({ photo: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    prepared: {
      tags: ['pending'],
      entry: { type: 'report', params: { status: 'prepared' } },
      on: { 'file.send': 'uploading' },
    },
    uploading: {
      tags: ['busy', 'pending'],
      entry: ['countAttempt', { type: 'report', params: { status: 'uploading' } }],
      invoke: {
        id: 'sendPhoto',
        src: 'sendPhoto',
        input: ({ context }) => ({
          destination: context.destination,
          name: context.file.name,
          photo: context.photo!,
          uploadKey: context.uploadKey,
        }),
        onDone: {
          target: 'done',
          actions: { type: 'assignUuid', params: ({ event }) => ({ uuid: event.output }) },
        },
        onError: [
          { guard: 'isRetryable', target: 'retrying' },
          {
            target: 'failed',
            actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    retrying: {
      tags: ['busy', 'pending'],
      entry: { type: 'report', params: { status: 'retrying' } },
      after: { backoff: 'uploading' },
      on: { 'file.online': 'uploading' },
    },
    done: {
      entry: { type: 'report', params: { status: 'done' } },
      on: { 'file.cancel': {} },
    },
    failed: {
      tags: ['error'],
      entry: { type: 'report', params: { status: 'failed' } },
      exit: 'clearError',
      on: {
        'file.retry': [
          { guard: 'hasPhoto', target: 'prepared' },
          { target: 'queued', actions: { type: 'report', params: { status: 'queued' } } },
        ],
      },
    },
    cancelled: {
      entry: { type: 'report', params: { status: 'cancelled' } },
      on: { 'file.cancel': {} },
    },
  },
});

export type UploadFileActor = typeof uploadFileMachine;

export type UploadFileMachineSnapshot = SnapshotFrom<typeof uploadFileMachine>;
