import { assign, fromPromise, setup } from 'xstate';
import { toAppError, type AppErrorCode } from '../../rpc/errors.ts';
import type { ImageItem } from '../imageList/imageItem.ts';
import { failedState, loadingState } from '../shared/loadStates.ts';
import { groupsOf, indexAfterMove, moveToNeighbour, withClusters } from './clusterSteps.ts';

export interface ClusterProductInput {
  readonly depositUuid: string;
  /** 0-based position of the group in `groupPhotos` order, as the server groups them too. */
  readonly clusterIndex: number;
}

export interface ClusterProductAnswer {
  readonly productUuid: string;
  readonly remainingClustersCount: number;
}

export interface SaveClustersInput {
  readonly deposit: string;
  readonly groups: readonly (readonly string[])[];
}

export interface ClusterModeContext {
  readonly deposit: string;
  readonly photos: readonly ImageItem[];
  readonly groups: readonly (readonly string[])[];
  /** The group on screen. */
  readonly index: number;
  /** Products made in this sitting, newest last. */
  readonly created: readonly string[];
  /** What the server said is left after the last product. */
  readonly remaining: number | null;
  /** Before a correction is saved, to put it back when refused. */
  readonly previous: { readonly photos: readonly ImageItem[]; readonly index: number } | null;
  readonly errorCode: AppErrorCode | null;
}

export type ClusterModeEvent =
  | { type: 'cluster.create' }
  | { type: 'cluster.skip' }
  | { type: 'cluster.back' }
  | { type: 'cluster.retry' }
  | { type: 'cluster.dismiss' }
  | { type: 'cluster.restart' }
  | { type: 'cluster.movePhoto'; uuid: string; direction: -1 | 1 };

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`The cluster actor "${name}" was not provided`));

/**
 * Walks a deposit's photo groups one at a time so a vendor turns a deposit into products in one
 * sitting: make the group on screen a product, skip it, or correct it (a photo to the previous or
 * next group, saved at once). After a product the photos load again, since its photos left.
 */
const clusterSetup = setup({
  types: {
    context: {} as ClusterModeContext,
    events: {} as ClusterModeEvent,
    input: {} as { deposit: string },
  },
  actors: {
    loadPhotos: fromPromise<readonly ImageItem[], { deposit: string }>(notProvided('loadPhotos')),
    createProduct: fromPromise<ClusterProductAnswer, ClusterProductInput>(
      notProvided('createProduct'),
    ),
    saveClusters: fromPromise<void, SaveClustersInput>(notProvided('saveClusters')),
  },
  guards: {
    hasGroup: ({ context }) => context.index < context.groups.length,
    hasPrevious: ({ context }) => context.index > 0,
    canMove: ({ context }, params: { uuid: string; direction: -1 | 1 }) =>
      moveToNeighbour(context.groups, context.index, params.uuid, params.direction) !== null,
  },
  actions: {
    assignPhotos: assign(({ context }, photos: readonly ImageItem[]) => {
      const groups = groupsOf(photos);
      return { photos, groups, index: Math.min(context.index, groups.length), errorCode: null };
    }),
    next: assign(({ context }) => ({ index: context.index + 1 })),
    back: assign(({ context }) => ({ index: Math.max(0, context.index - 1) })),
    restart: assign({ index: 0 }),
    assignCreated: assign(({ context }, answer: ClusterProductAnswer) => ({
      created: [...context.created, answer.productUuid],
      remaining: answer.remainingClustersCount,
    })),
    regroup: assign(({ context }, params: { uuid: string; direction: -1 | 1 }) => {
      const moved = moveToNeighbour(context.groups, context.index, params.uuid, params.direction)!;
      // Numbered in the order the shared rule lists them, so the server's index is the same.
      const groups = groupsOf(withClusters(context.photos, moved));
      const before = context.groups[context.index] ?? [];
      return {
        previous: { photos: context.photos, index: context.index },
        photos: withClusters(context.photos, groups),
        groups,
        index: indexAfterMove(groups, before, params.uuid),
      };
    }),
    clearPrevious: assign({ previous: null }),
    rollBack: assign(({ context }, params: { error: unknown }) => {
      const photos = context.previous?.photos ?? context.photos;
      return {
        photos,
        groups: groupsOf(photos),
        index: context.previous?.index ?? context.index,
        previous: null,
        errorCode: toAppError(params.error).code,
      };
    }),
    assignError: assign((_, params: { error: unknown }) => ({
      errorCode: toAppError(params.error).code,
    })),
    clearError: assign({ errorCode: null }),
  },
});

type MoveParams = { event: { uuid: string; direction: -1 | 1 } };

/** What the group on screen accepts. */
const walkEvents = {
  'cluster.create': { target: 'creating' },
  'cluster.skip': { target: '#clusterMode.choosing', actions: 'next' },
  'cluster.back': { guard: 'hasPrevious', target: '#clusterMode.choosing', actions: 'back' },
  'cluster.movePhoto': {
    guard: {
      type: 'canMove',
      params: ({ event }: MoveParams) => ({ uuid: event.uuid, direction: event.direction }),
    },
    target: 'saving',
    actions: {
      type: 'regroup',
      params: ({ event }: MoveParams) => ({ uuid: event.uuid, direction: event.direction }),
    },
  },
} as const;

export const clusterModeMachine = clusterSetup.createMachine({
  id: 'clusterMode',
  context: ({ input }) => ({
    deposit: input.deposit,
    photos: [],
    groups: [],
    index: 0,
    created: [],
    remaining: null,
    previous: null,
    errorCode: null,
  }),
  initial: 'loading',
  states: {
    loading: loadingState(
      'loadPhotos',
      ({ context }) => ({ deposit: context.deposit }),
      'assignPhotos',
      'choosing',
    ),
    failed: failedState('cluster.retry'),
    // Eventless: the walk shows a group, or says it is over.
    choosing: {
      always: [{ guard: 'hasGroup', target: 'walking' }, { target: 'finished' }],
    },
    walking: {
      initial: 'idle',
      states: {
        idle: { tags: ['editable'], on: walkEvents },
        refused: {
          tags: ['error', 'editable'],
          exit: 'clearError',
          on: { ...walkEvents, 'cluster.dismiss': 'idle' },
        },
        creating: {
          tags: ['busy'],
          invoke: {
            id: 'createProduct',
            src: 'createProduct',
            input: ({ context }) => ({ depositUuid: context.deposit, clusterIndex: context.index }),
            onDone: {
              target: '#clusterMode.loading',
              actions: { type: 'assignCreated', params: ({ event }) => event.output },
            },
            onError: {
              target: 'refused',
              actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'saveClusters',
            src: 'saveClusters',
            input: ({ context }) => ({ deposit: context.deposit, groups: context.groups }),
            onDone: { target: 'idle', actions: 'clearPrevious' },
            onError: {
              target: 'refused',
              actions: { type: 'rollBack', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    finished: {
      on: {
        'cluster.back': { guard: 'hasPrevious', target: 'choosing', actions: 'back' },
        'cluster.restart': { target: 'loading', actions: 'restart' },
      },
    },
  },
});
