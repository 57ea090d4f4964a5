import { assign, emit, enqueueActions, fromCallback, not, setup, type ActorRefFrom } from 'xstate';
import { uploadFileMachine } from './uploadFileMachine.ts';
import type { FileReport, FileStatus, UploadDestination } from './uploadTypes.ts';

export type UploadFileRef = ActorRefFrom<typeof uploadFileMachine>;

export interface BatchFile {
  readonly id: string;
  readonly name: string;
  readonly status: FileStatus;
  readonly ref: UploadFileRef;
}

export interface UploadInput {
  readonly destination: UploadDestination;
  /** Longest side of the resized photos (1080 in the upload component). */
  readonly maxSide?: number;
  /** Photos resized at once: the image worker pool's size. */
  readonly resizeSlots?: number;
  /** Photos sent at once. */
  readonly uploadSlots?: number;
}

export interface UploadContext {
  readonly destination: UploadDestination;
  readonly maxSide: number;
  readonly resizeSlots: number;
  readonly uploadSlots: number;
  readonly files: readonly BatchFile[];
  /** Files added so far: the next file's id. */
  readonly added: number;
}

export type UploadEvent =
  | { type: 'upload.add'; files: readonly File[] }
  | { type: 'upload.cancel' }
  | { type: 'upload.cancelFile'; id: string }
  | { type: 'upload.retry' }
  | { type: 'upload.retryFile'; id: string }
  | { type: 'upload.remove'; id: string }
  | { type: 'upload.clear' }
  | { type: 'network.online' }
  | FileReport;

export type UploadEmitted = { type: 'upload.stored'; uuid: string };

export const DEFAULT_UPLOAD_SLOTS = 2;
const SETTLED: readonly FileStatus[] = ['done', 'failed', 'cancelled'];
const isPending = (f: BatchFile) => !SETTLED.includes(f.status);

/** A random key per file, kept across retries, so the server stores a retried photo once. */
export const newUploadKey = () => crypto.randomUUID();

/** Hears the browser coming back online (a network drop ends sooner than the backoff). */
const watchNetwork = fromCallback<{ type: 'network.online' }>(({ sendBack }) => {
  const online = () => sendBack({ type: 'network.online' });
  globalThis.addEventListener?.('online', online);
  return () => globalThis.removeEventListener?.('online', online);
});

/**
 * One upload batch (the photos dropped on one upload zone): a machine per file (resize, send,
 * retry), started in order with at most `resizeSlots` resizing and `uploadSlots` sending at
 * once. Cancel, retry of the failed ones, and removal of settled ones; each stored photo is
 * emitted (`upload.stored`) for the page to show.
 */
export const uploadMachine = setup({
  types: {
    context: {} as UploadContext,
    events: {} as UploadEvent,
    input: {} as UploadInput,
    emitted: {} as UploadEmitted,
  },
  actors: { uploadFile: uploadFileMachine, watchNetwork },
  guards: {
    hasPending: ({ context }) => context.files.some(isPending),
  },
  actions: {
    addFiles: assign(({ context, spawn, self }, p: { files: readonly File[] }) => {
      const files = p.files.map((file, i): BatchFile => {
        const id = `file-${context.added + i + 1}`;
        const ref = spawn('uploadFile', {
          id,
          input: {
            id,
            file,
            destination: context.destination,
            maxSide: context.maxSide,
            uploadKey: newUploadKey(),
            parent: self,
          },
        });
        return { id, name: file.name, status: 'queued', ref };
      });
      return { files: [...context.files, ...files], added: context.added + files.length };
    }),
    assignStatus: assign({
      files: ({ context }, p: FileReport) =>
        context.files.map((f) => (f.id === p.id ? { ...f, status: p.status } : f)),
    }),
    emitStored: emit((_, p: FileReport) => ({ type: 'upload.stored' as const, uuid: p.uuid! })),
    /** Starts the next steps the slots allow, in the order files were added. */
    schedule: enqueueActions(({ context, enqueue }) => {
      let resizing = context.files.filter((f) => f.status === 'resizing').length;
      let sending = context.files.filter((f) =>
        ['uploading', 'retrying'].includes(f.status),
      ).length;
      const started = new Map<string, FileStatus>();
      for (const file of context.files) {
        if (file.status === 'queued' && resizing < context.resizeSlots) {
          resizing++;
          started.set(file.id, 'resizing');
          enqueue.sendTo(file.ref, { type: 'file.resize' });
        } else if (file.status === 'prepared' && sending < context.uploadSlots) {
          sending++;
          started.set(file.id, 'uploading');
          enqueue.sendTo(file.ref, { type: 'file.send' });
        }
      }
      if (started.size > 0)
        enqueue.assign({
          files: context.files.map((f) => ({ ...f, status: started.get(f.id) ?? f.status })),
        });
    }),
    tellFiles: enqueueActions(
      (
        { context, enqueue },
        p: {
          type: 'file.cancel' | 'file.retry' | 'file.online';
          id?: string;
          when: readonly FileStatus[];
        },
      ) => {
        for (const f of context.files)
          if ((p.id === undefined || p.id === f.id) && p.when.includes(f.status))
            enqueue.sendTo(f.ref, { type: p.type });
      },
    ),
    removeFiles: enqueueActions(
      ({ context, enqueue }, p: { id?: string; when: readonly FileStatus[] }) => {
        const gone = context.files.filter(
          (f) => (p.id === undefined || p.id === f.id) && p.when.includes(f.status),
        );
        for (const f of gone) enqueue.stopChild(f.ref);
        enqueue.assign({ files: context.files.filter((f) => !gone.includes(f)) });
      },
    ),
  },
}).createMachine({
  id: 'upload',
  context: ({ input }) => ({
    destination: input.destination,
    maxSide: input.maxSide ?? 1080,
    resizeSlots: Math.max(1, input.resizeSlots ?? 2),
    uploadSlots: Math.max(1, input.uploadSlots ?? DEFAULT_UPLOAD_SLOTS),
    files: [],
    added: 0,
  }),
  initial: 'idle',
  on: {
    'upload.add': {
      target: '.working',
      actions: [{ type: 'addFiles', params: ({ event }) => event }, 'schedule'],
    },
    'file.changed': [
      {
        guard: ({ event }) => event.status === 'done' && event.uuid !== null,
        actions: [
          { type: 'assignStatus', params: ({ event }) => event },
          { type: 'emitStored', params: ({ event }) => event },
          'schedule',
        ],
      },
      { actions: [{ type: 'assignStatus', params: ({ event }) => event }, 'schedule'] },
    ],
    'upload.retry': {
      actions: { type: 'tellFiles', params: { type: 'file.retry', when: ['failed'] } },
    },
    'upload.retryFile': {
      actions: {
        type: 'tellFiles',
        params: ({ event }) => ({ type: 'file.retry', id: event.id, when: ['failed'] }),
      },
    },
    'upload.remove': {
      actions: { type: 'removeFiles', params: ({ event }) => ({ id: event.id, when: SETTLED }) },
    },
    'upload.clear': {
      actions: { type: 'removeFiles', params: { when: ['done', 'cancelled'] } },
    },
  },
  states: {
    idle: {
      always: { guard: 'hasPending', target: 'working' },
    },
    working: {
      tags: ['working'],
      invoke: { id: 'watchNetwork', src: 'watchNetwork' },
      always: { guard: not('hasPending'), target: 'idle' },
      on: {
        'upload.cancel': {
          actions: {
            type: 'tellFiles',
            params: {
              type: 'file.cancel',
              when: ['queued', 'resizing', 'prepared', 'uploading', 'retrying'],
            },
          },
        },
        'upload.cancelFile': {
          actions: {
            type: 'tellFiles',
            params: ({ event }) => ({
              type: 'file.cancel',
              id: event.id,
              when: ['queued', 'resizing', 'prepared', 'uploading', 'retrying'],
            }),
          },
        },
        'network.online': {
          actions: { type: 'tellFiles', params: { type: 'file.online', when: ['retrying'] } },
        },
      },
    },
  },
});

export type UploadMachine = typeof uploadMachine;
