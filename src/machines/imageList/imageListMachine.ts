import { assign, emit, fromPromise, setup } from 'xstate';
import { toAppError, type AppErrorCode } from '../../rpc/errors.ts';
import { failedState, loadingState } from '../shared/loadStates.ts';
import { applyOrder, withoutItem, type ImageItem, type ImageListOwner } from './imageItem.ts';

/** How tiles fit their square: the whole photo (contain) or a filled square (cover). */
export type TileFit = 'cover' | 'contain';

export interface ImageListContext {
  readonly owner: ImageListOwner;
  readonly items: readonly ImageItem[];
  /** The list before an optimistic change, put back when the server refuses it. */
  readonly previous: readonly ImageItem[];
  readonly fit: TileFit;
  /** A reload was asked while a change was being saved: the list loads once it is done. */
  readonly stale: boolean;
  /** The photo being moved onto another list, while the move is saved. */
  readonly moving: { readonly uuid: string; readonly to: ImageListOwner } | null;
  readonly errorCode: AppErrorCode | null;
}

export type ImageListEvent =
  | { type: 'list.reload' }
  | { type: 'list.retry' }
  | { type: 'list.dismiss' }
  | { type: 'list.fit'; fit: TileFit }
  | { type: 'list.reorder'; uuids: readonly string[] }
  | { type: 'list.delete'; uuid: string }
  | { type: 'list.move'; uuid: string; to: ImageListOwner };

/** Heard by the board: another list gained a photo and loads again. */
export type ImageListEmitted = {
  type: 'images.moved';
  uuid: string;
  from: ImageListOwner;
  to: ImageListOwner;
};

export interface ReorderInput {
  readonly owner: ImageListOwner;
  readonly uuids: readonly string[];
}
export interface DeleteInput {
  readonly owner: ImageListOwner;
  readonly uuid: string;
}
export interface MoveInput {
  readonly from: ImageListOwner;
  readonly uuid: string;
  readonly to: ImageListOwner;
}

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`The image list actor "${name}" was not provided`));

const sameOwner = (a: ImageListOwner, b: ImageListOwner) => a.kind === b.kind && a.uuid === b.uuid;

/**
 * One photo list (a deposit's or a product's): loaded in order, reordered, trimmed and emptied
 * onto other lists optimistically, each change saved by one call and undone when refused.
 */
const imageListSetup = setup({
  types: {
    context: {} as ImageListContext,
    events: {} as ImageListEvent,
    input: {} as { owner: ImageListOwner; fit?: TileFit },
    emitted: {} as ImageListEmitted,
  },
  actors: {
    loadImages: fromPromise<readonly ImageItem[], { owner: ImageListOwner }>(
      notProvided('loadImages'),
    ),
    reorderImages: fromPromise<readonly ImageItem[], ReorderInput>(notProvided('reorderImages')),
    deleteImage: fromPromise<void, DeleteInput>(notProvided('deleteImage')),
    moveImage: fromPromise<void, MoveInput>(notProvided('moveImage')),
  },
  guards: {
    isNewOrder: ({ context }, params: { uuids: readonly string[] }) =>
      applyOrder(context.items, params.uuids) !== null,
    hasItem: ({ context }, params: { uuid: string }) =>
      context.items.some((item) => item.uuid === params.uuid),
    canMove: ({ context }, params: { uuid: string; to: ImageListOwner }) =>
      context.items.some((item) => item.uuid === params.uuid) &&
      !sameOwner(context.owner, params.to) &&
      params.to.kind === 'product',
    isStale: ({ context }) => context.stale,
  },
  actions: {
    assignItems: assign((_, items: readonly ImageItem[]) => ({
      items,
      previous: [],
      stale: false,
      errorCode: null,
    })),
    keepPrevious: assign(({ context }) => ({ previous: context.items })),
    applyOrder: assign(({ context }, params: { uuids: readonly string[] }) => ({
      items: applyOrder(context.items, params.uuids) ?? context.items,
    })),
    removeItem: assign(({ context }, params: { uuid: string }) => ({
      items: withoutItem(context.items, params.uuid),
    })),
    startMove: assign(({ context }, params: { uuid: string; to: ImageListOwner }) => ({
      items: withoutItem(context.items, params.uuid),
      moving: { uuid: params.uuid, to: params.to },
    })),
    markStale: assign({ stale: true }),
    rollBack: assign(({ context }, params: { error: unknown }) => ({
      items: context.previous,
      previous: [],
      moving: null,
      errorCode: toAppError(params.error).code,
    })),
    assignError: assign((_, params: { error: unknown }) => ({
      errorCode: toAppError(params.error).code,
    })),
    clearError: assign({ errorCode: null }),
    clearPrevious: assign({ previous: [], moving: null }),
    assignFit: assign((_, params: { fit: TileFit }) => ({ fit: params.fit })),
    announceMove: emit(({ context }) => ({
      type: 'images.moved' as const,
      uuid: context.moving?.uuid ?? '',
      from: context.owner,
      to: context.moving?.to ?? context.owner,
    })),
  },
});

/** What a resting list accepts: each change is shown at once, then saved. */
const changes = {
  'list.reorder': {
    guard: {
      type: 'isNewOrder',
      params: ({ event }: { event: { uuids: readonly string[] } }) => ({ uuids: event.uuids }),
    },
    target: 'reordering',
    actions: [
      'keepPrevious',
      {
        type: 'applyOrder',
        params: ({ event }: { event: { uuids: readonly string[] } }) => ({ uuids: event.uuids }),
      },
    ],
  },
  'list.delete': {
    guard: {
      type: 'hasItem',
      params: ({ event }: { event: { uuid: string } }) => ({ uuid: event.uuid }),
    },
    target: 'deleting',
    actions: [
      'keepPrevious',
      {
        type: 'removeItem',
        params: ({ event }: { event: { uuid: string } }) => ({ uuid: event.uuid }),
      },
    ],
  },
  'list.move': {
    guard: {
      type: 'canMove',
      params: ({ event }: { event: { uuid: string; to: ImageListOwner } }) => event,
    },
    target: 'moving',
    actions: [
      'keepPrevious',
      {
        type: 'startMove',
        params: ({ event }: { event: { uuid: string; to: ImageListOwner } }) => event,
      },
    ],
  },
} as const;

export const imageListMachine = imageListSetup.createMachine({
  id: 'imageList',
  context: ({ input }) => ({
    owner: input.owner,
    items: [],
    previous: [],
    fit: input.fit ?? 'cover',
    stale: false,
    moving: null,
    errorCode: null,
  }),
  initial: 'loading',
  on: {
    'list.fit': { actions: { type: 'assignFit', params: ({ event }) => ({ fit: event.fit }) } },
  },
  states: {
    loading: {
      ...loadingState('loadImages', ({ context }) => ({ owner: context.owner }), 'assignItems'),
      // Photos arrived while loading (an upload): load again so none is missed.
      on: { 'list.reload': { target: 'loading', reenter: true } },
    },
    failed: failedState('list.retry', 'list.reload'),
    ready: {
      initial: 'idle',
      states: {
        idle: { tags: ['editable'], on: { ...changes, 'list.reload': '#imageList.loading' } },
        refused: {
          tags: ['error', 'editable'],
          exit: 'clearError',
          on: { ...changes, 'list.dismiss': 'idle', 'list.reload': '#imageList.loading' },
        },
        reordering: {
          tags: ['busy'],
          on: { 'list.reload': { actions: 'markStale' } },
          invoke: {
            id: 'reorderImages',
            src: 'reorderImages',
            input: ({ context }) => ({
              owner: context.owner,
              uuids: context.items.map((item) => item.uuid),
            }),
            onDone: [
              { guard: 'isStale', target: '#imageList.loading' },
              {
                target: 'idle',
                actions: { type: 'assignItems', params: ({ event }) => event.output },
              },
            ],
            onError: {
              target: 'refused',
              actions: { type: 'rollBack', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        deleting: {
          tags: ['busy'],
          on: { 'list.reload': { actions: 'markStale' } },
          invoke: {
            id: 'deleteImage',
            src: 'deleteImage',
            input: ({ context, event }) => ({
              owner: context.owner,
              uuid: (event as { uuid: string }).uuid,
            }),
            onDone: [
              { guard: 'isStale', target: '#imageList.loading' },
              { target: 'idle', actions: 'clearPrevious' },
            ],
            onError: {
              target: 'refused',
              actions: { type: 'rollBack', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        moving: {
          tags: ['busy'],
          on: { 'list.reload': { actions: 'markStale' } },
          invoke: {
            id: 'moveImage',
            src: 'moveImage',
            input: ({ context }) => ({
              from: context.owner,
              uuid: context.moving?.uuid ?? '',
              to: context.moving?.to ?? context.owner,
            }),
            onDone: [
              { guard: 'isStale', target: '#imageList.loading', actions: 'announceMove' },
              { target: 'idle', actions: ['announceMove', 'clearPrevious'] },
            ],
            onError: {
              target: 'refused',
              actions: { type: 'rollBack', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
  },
});
