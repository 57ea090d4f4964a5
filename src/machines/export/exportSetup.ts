import { assign, emit, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import { toAppError, type AppErrorCode } from '../../rpc/errors.ts';
import {
  progressMessage,
  relayedStreamProgress,
  specialMessage,
} from '../streamProgress/streamProgressActors.ts';
import { selectStreamPhase, type StreamPhase } from '../streamProgress/streamProgressSelectors.ts';
import type {
  ExportContext,
  ExportEmitted,
  ExportEvent,
  ExportInput,
  ExportProgressEvent,
  ExportTaskStatus,
  RunExportInput,
  SaveFileInput,
  StreamSnapshot,
} from './exportTypes.ts';

const notProvided = (name: string) => () => {
  throw new Error(`The export actor "${name}" was not provided`);
};

/** What a run starts from, and a retry again. */
export const fresh = { count: 0, progress: 0, special: null, file: null, errorCode: null } as const;

/** The stream child's snapshot, for guards and actions on `xstate.snapshot.stream`. */
export const child = ({ event }: { event: { snapshot: StreamSnapshot } }) => event.snapshot;

/** The guard: the stream child is in `phase`. */
export const streamIn = (phase: StreamPhase) =>
  ({
    type: 'isStreamIn',
    params: (a: Parameters<typeof child>[0]) => ({ snapshot: child(a), phase }),
  }) as const;

/**
 * The export machine's parts, named so its states can refer to them and `machine.provide()` can
 * swap them: the app provides the real actors (exportActors.ts), tests provide theirs.
 */
export const exportSetup = setup({
  types: {
    context: {} as ExportContext,
    events: {} as ExportEvent,
    input: {} as ExportInput,
    emitted: {} as ExportEmitted,
    children: {} as { runExport: 'runExport'; saveFile: 'saveFile'; stream: 'trackStream' },
  },
  actors: {
    runExport: fromCallback<ExportProgressEvent, RunExportInput>(notProvided('runExport')),
    saveFile: fromPromise<void, SaveFileInput>(notProvided('saveFile')),
    trackStream: relayedStreamProgress,
  },
  guards: {
    isStreamIn: (_, p: { snapshot: StreamSnapshot; phase: StreamPhase }) =>
      selectStreamPhase(p.snapshot) === p.phase,
    /** Still counting, with other figures than the window shows (a special message is not). */
    hasCountedMore: ({ context }, p: StreamSnapshot) =>
      selectStreamPhase(p) === 'counting' &&
      (p.context.count !== context.count || p.context.progress !== context.progress),
    /** The child kept a special message other than the one shown: passed on once. */
    hasNewSpecial: ({ context }, p: StreamSnapshot) =>
      p.context.special !== null && p.context.special !== context.special,
  },
  actions: {
    reset: assign(fresh),
    assignCounts: assign((_, p: StreamSnapshot) => ({
      count: p.context.count,
      progress: p.context.progress,
    })),
    assignSpecial: assign((_, p: StreamSnapshot) => ({ special: p.context.special })),
    assignFile: assign((_, p: { file: Blob }) => ({ file: p.file })),
    assignError: assign((_, p: { error: unknown }) => ({ errorCode: toAppError(p.error).code })),
    assignErrorCode: assign((_, p: { errorCode: AppErrorCode | null }) => ({
      errorCode: p.errorCode,
    })),
    show: assign({ shown: true }),
    hide: assign({ shown: false }),
    relayProgress: sendTo('stream', (_, p: { count: number; progress: number }) =>
      progressMessage(p),
    ),
    relaySpecial: sendTo('stream', (_, p: { message: string }) => specialMessage(p.message)),
    relayFailure: sendTo('stream', (_, p: { error: unknown }) => ({
      type: 'stream.failed' as const,
      error: p.error,
    })),
    relayCancel: sendTo('stream', { type: 'stream.cancel' as const }),
    emitTask: emit(({ context }, p: { status: ExportTaskStatus }) => ({
      type: 'export.task' as const,
      status: p.status,
      current: p.status === 'running' || p.status === 'completed' ? context.progress : 0,
      total: context.count,
    })),
    emitSpecial: emit((_, p: StreamSnapshot) => ({
      type: 'export.special' as const,
      message: p.context.special ?? '',
    })),
  },
});
