import { assign, fromPromise, setup } from 'xstate';
import { toAppError, type AppErrorCode } from '../../rpc/errors.ts';

export interface CreateFromSelectionInput {
  readonly deposit: string;
  readonly uuids: readonly string[];
}

export interface DepositPhotosContext {
  readonly deposit: string;
  /** Chosen photos, in the order they were chosen. */
  readonly selected: readonly string[];
  /** Bumped when the photos changed elsewhere (an upload, a product made from them). */
  readonly reloadKey: number;
  /** The product made from the last selection, for its link. */
  readonly created: string | null;
  readonly errorCode: AppErrorCode | null;
}

export type DepositPhotosEvent =
  | { type: 'photos.select'; uuids: readonly string[] }
  | { type: 'photos.uploaded' }
  | { type: 'photos.create' }
  | { type: 'photos.dismiss' }
  | { type: 'photos.clusters' }
  | { type: 'photos.list' };

/**
 * The deposit page's photo section: choose photos and make a product of them, or switch to the
 * group-by-group walk. The lists load again after an upload, a product or the walk.
 */
export const depositPhotosMachine = setup({
  types: {
    context: {} as DepositPhotosContext,
    events: {} as DepositPhotosEvent,
    input: {} as { deposit: string },
  },
  actors: {
    createFromSelection: fromPromise<string, CreateFromSelectionInput>(() =>
      Promise.reject(new Error('The actor "createFromSelection" was not provided')),
    ),
  },
  guards: {
    hasSelection: ({ context }) => context.selected.length > 0,
  },
  actions: {
    assignSelected: assign((_, params: { uuids: readonly string[] }) => ({
      selected: [...new Set(params.uuids)],
    })),
    bumpReload: assign(({ context }) => ({ reloadKey: context.reloadKey + 1 })),
    assignCreated: assign(({ context }, product: string) => ({
      created: product,
      selected: [],
      reloadKey: context.reloadKey + 1,
    })),
    clearCreated: assign({ created: null }),
    assignError: assign((_, params: { error: unknown }) => ({
      errorCode: toAppError(params.error).code,
    })),
    clearError: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'depositPhotos',
  context: ({ input }) => ({
    deposit: input.deposit,
    selected: [],
    reloadKey: 0,
    created: null,
    errorCode: null,
  }),
  initial: 'list',
  on: {
    'photos.uploaded': { actions: 'bumpReload' },
  },
  states: {
    list: {
      initial: 'idle',
      on: {
        'photos.clusters': { target: 'clusters', actions: 'clearCreated' },
      },
      states: {
        idle: {
          on: {
            'photos.select': {
              actions: { type: 'assignSelected', params: ({ event }) => event },
            },
            'photos.create': { guard: 'hasSelection', target: 'creating', actions: 'clearCreated' },
          },
        },
        creating: {
          tags: ['busy'],
          invoke: {
            id: 'createFromSelection',
            src: 'createFromSelection',
            input: ({ context }) => ({ deposit: context.deposit, uuids: context.selected }),
            onDone: {
              target: 'idle',
              actions: { type: 'assignCreated', params: ({ event }) => event.output },
            },
            onError: {
              target: 'refused',
              actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        refused: {
          tags: ['error'],
          exit: 'clearError',
          on: {
            'photos.dismiss': 'idle',
            'photos.select': {
              target: 'idle',
              actions: { type: 'assignSelected', params: ({ event }) => event },
            },
            'photos.create': { guard: 'hasSelection', target: 'creating' },
          },
        },
      },
    },
    clusters: {
      on: { 'photos.list': { target: 'list', actions: 'bumpReload' } },
    },
  },
});
