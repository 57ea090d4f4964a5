import { assign, emit, fromPromise, setup } from 'xstate';
import type { PreviewOutcome } from '../../domain/sheetImport/previewFile.ts';
import { toAppError } from '../../rpc/errors.ts';
import {
  EMPTY,
  SheetImportFailure,
  newRefusals,
  type ImportJob,
  type ImportTarget,
  type SheetImportContext,
  type SheetImportEmitted,
  type SheetImportEvent,
  type SubmitResult,
} from './sheetImportTypes.ts';

/**
 * The spreadsheet import dialog: choose a file, read it in the worker (nothing is sent), show
 * what will be imported and what is refused, then send it; the server answers at once and a
 * background task does the writing. Refused by the server, the dialog says why and keeps the
 * file. Cancel closes it from anywhere but while sending.
 */
export const sheetImportMachine = setup({
  types: {
    context: {} as SheetImportContext,
    events: {} as SheetImportEvent,
    emitted: {} as SheetImportEmitted,
  },
  actors: {
    previewFile: fromPromise<PreviewOutcome, ImportJob>(() =>
      Promise.reject(new Error('The import actor "previewFile" was not provided')),
    ),
    submitImport: fromPromise<SubmitResult, ImportJob>(() =>
      Promise.reject(new Error('The import actor "submitImport" was not provided')),
    ),
  },
  guards: {
    isReadable: (_, params: { outcome: PreviewOutcome }) => params.outcome.ok,
    hasValidRows: ({ context }) => (context.preview?.preview.validCount ?? 0) > 0,
    hasNewRefusals: ({ context }, params: { result: SubmitResult }) =>
      newRefusals(context.preview, params.result.errors).length > 0,
  },
  actions: {
    reset: assign((_, params: { target: ImportTarget }) => ({ ...EMPTY, target: params.target })),
    assignFile: assign(({ context }, params: { file: File }) => ({
      ...EMPTY,
      target: context.target,
      file: params.file,
    })),
    assignPreview: assign((_, params: { outcome: PreviewOutcome }) =>
      params.outcome.ok
        ? { preview: params.outcome, fileIssue: null }
        : { preview: null, fileIssue: params.outcome.error },
    ),
    assignResult: assign(({ context }, params: { result: SubmitResult }) => ({
      result: params.result,
      serverIssues: newRefusals(context.preview, params.result.errors),
    })),
    emitSubmitted: emit((_, params: { result: SubmitResult }) => ({
      type: 'import.submitted' as const,
      taskUuid: params.result.taskUuid,
      deposit: params.result.deposit,
    })),
    assignFailure: assign(({ context }, params: { error: unknown }) => {
      const failure = params.error instanceof SheetImportFailure ? params.error : null;
      const appError = failure?.appError ?? toAppError(params.error);
      return {
        errorCode: appError.code,
        errorReason: appError.reason ?? null,
        serverIssues: newRefusals(context.preview, failure?.issues ?? []),
      };
    }),
    clearFailure: assign({ errorCode: null, errorReason: null, serverIssues: [] }),
    clear: assign(({ context }) => ({ ...EMPTY, target: context.target })),
  },
}).createMachine({
  id: 'sheetImport',
  initial: 'closed',
  context: { ...EMPTY, target: { kind: 'products', deposit: '' } },
  on: {
    'import.cancel': { target: '.closed', actions: 'clear' },
  },
  states: {
    closed: {
      on: {
        'import.open': {
          target: 'choosing',
          actions: { type: 'reset', params: ({ event }) => ({ target: event.target }) },
        },
      },
    },
    choosing: {
      tags: ['open'],
      on: {
        'import.choose': {
          target: 'parsing',
          actions: { type: 'assignFile', params: ({ event }) => ({ file: event.file }) },
        },
      },
    },
    parsing: {
      tags: ['open', 'busy'],
      invoke: {
        id: 'previewFile',
        src: 'previewFile',
        input: ({ context }) => ({ file: context.file!, target: context.target }),
        onDone: [
          {
            guard: { type: 'isReadable', params: ({ event }) => ({ outcome: event.output }) },
            target: 'preview',
            actions: { type: 'assignPreview', params: ({ event }) => ({ outcome: event.output }) },
          },
          {
            target: 'fileRefused',
            actions: { type: 'assignPreview', params: ({ event }) => ({ outcome: event.output }) },
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    preview: {
      tags: ['open'],
      on: {
        'import.choose': {
          target: 'parsing',
          actions: { type: 'assignFile', params: ({ event }) => ({ file: event.file }) },
        },
        'import.submit': { guard: 'hasValidRows', target: 'submitting' },
      },
    },
    fileRefused: {
      tags: ['open', 'error'],
      on: {
        'import.choose': {
          target: 'parsing',
          actions: { type: 'assignFile', params: ({ event }) => ({ file: event.file }) },
        },
      },
    },
    submitting: {
      tags: ['open', 'busy'],
      on: { 'import.cancel': {} },
      invoke: {
        id: 'submitImport',
        src: 'submitImport',
        input: ({ context }) => ({ file: context.file!, target: context.target }),
        onDone: [
          {
            // The server refused rows the preview had accepted: the dialog stays to say which.
            guard: { type: 'hasNewRefusals', params: ({ event }) => ({ result: event.output }) },
            target: 'submitted',
            actions: [
              { type: 'assignResult', params: ({ event }) => ({ result: event.output }) },
              { type: 'emitSubmitted', params: ({ event }) => ({ result: event.output }) },
            ],
          },
          {
            target: 'closed',
            actions: [
              { type: 'assignResult', params: ({ event }) => ({ result: event.output }) },
              { type: 'emitSubmitted', params: ({ event }) => ({ result: event.output }) },
            ],
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    submitted: {
      tags: ['open'],
    },
    failed: {
      tags: ['open', 'error'],
      on: {
        'import.submit': {
          guard: 'hasValidRows',
          target: 'submitting',
          actions: 'clearFailure',
        },
        'import.choose': {
          target: 'parsing',
          actions: { type: 'assignFile', params: ({ event }) => ({ file: event.file }) },
        },
      },
    },
  },
});
