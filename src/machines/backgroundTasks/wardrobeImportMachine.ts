import { assign, emit, fromPromise, setup } from 'xstate';
import { parseMarketplaceProfile } from '../../domain/marketplaceProfile.ts';
import { toAppError, type AppErrorCode } from '../../rpc/errors.ts';

export interface WardrobeImportContext {
  readonly profileUrl: string;
  /** The address's message shows once the field was left or a start was tried. */
  readonly touched: boolean;
  readonly errorCode: AppErrorCode | null;
  /** The server's refusal reason (PROFILE_URL_INVALID shows under the field). */
  readonly reason: string | null;
}

export type WardrobeImportEvent =
  | { type: 'wardrobe.open' }
  | { type: 'wardrobe.close' }
  | { type: 'wardrobe.edit'; value: string }
  | { type: 'wardrobe.leave' }
  | { type: 'wardrobe.submit' };

export type WardrobeImportEmitted = { type: 'wardrobe.started'; taskUuid: string };

export const PROFILE_URL_INVALID = 'PROFILE_URL_INVALID';

const EMPTY = { profileUrl: '', touched: false, errorCode: null, reason: null } as const;

/** The message under the address field, as a key: none, or why the address cannot be imported. */
export function profileUrlErrorKey(context: WardrobeImportContext): string | null {
  if (context.reason === PROFILE_URL_INVALID) return 'tasks.wardrobeInvalidUrl';
  if (!context.touched) return null;
  if (!context.profileUrl.trim()) return 'tasks.wardrobeRequiredUrl';
  return parseMarketplaceProfile(context.profileUrl) ? null : 'tasks.wardrobeInvalidUrl';
}

/**
 * The wardrobe import dialog of the stock page: the vendor pastes their marketplace profile
 * address, the import starts as a background task and the dialog closes (the task panel takes
 * over). A refused start keeps the address; the dialog is open in every state tagged `open`.
 */
export const wardrobeImportMachine = setup({
  types: {
    context: {} as WardrobeImportContext,
    events: {} as WardrobeImportEvent,
    emitted: {} as WardrobeImportEmitted,
  },
  actors: {
    startImport: fromPromise<{ taskUuid: string }, { profileUrl: string }>(() =>
      Promise.reject(new Error('The wardrobe import actor "startImport" was not provided')),
    ),
  },
  guards: {
    isProfileUrl: ({ context }) => parseMarketplaceProfile(context.profileUrl) !== null,
  },
  actions: {
    assignUrl: assign((_, params: { value: string }) => ({
      profileUrl: params.value,
      reason: null,
    })),
    touch: assign({ touched: true }),
    reset: assign({ ...EMPTY }),
    emitStarted: emit((_, params: { taskUuid: string }) => ({
      type: 'wardrobe.started' as const,
      taskUuid: params.taskUuid,
    })),
    assignError: assign((_, params: { error: unknown }) => {
      const error = toAppError(params.error);
      return { errorCode: error.code, reason: error.reason ?? null };
    }),
    clearError: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'wardrobeImport',
  initial: 'closed',
  context: { ...EMPTY },
  states: {
    closed: {
      on: { 'wardrobe.open': { target: 'editing' } },
    },
    editing: {
      tags: ['open', 'editable'],
      on: {
        'wardrobe.edit': {
          actions: { type: 'assignUrl', params: ({ event }) => ({ value: event.value }) },
        },
        'wardrobe.leave': { actions: 'touch' },
        'wardrobe.submit': [
          { guard: 'isProfileUrl', target: 'starting', actions: 'touch' },
          { actions: 'touch' },
        ],
        'wardrobe.close': { target: 'closed', actions: 'reset' },
      },
    },
    starting: {
      tags: ['open', 'busy'],
      invoke: {
        id: 'startImport',
        src: 'startImport',
        input: ({ context }) => ({ profileUrl: context.profileUrl.trim() }),
        onDone: {
          target: 'closed',
          actions: [
            'reset',
            { type: 'emitStarted', params: ({ event }) => ({ taskUuid: event.output.taskUuid }) },
          ],
        },
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      tags: ['open', 'editable', 'error'],
      on: {
        'wardrobe.edit': {
          target: 'editing',
          actions: [
            'clearError',
            { type: 'assignUrl', params: ({ event }) => ({ value: event.value }) },
          ],
        },
        'wardrobe.leave': { actions: 'touch' },
        'wardrobe.submit': { guard: 'isProfileUrl', target: 'starting', actions: 'clearError' },
        'wardrobe.close': { target: 'closed', actions: 'reset' },
      },
    },
  },
});
