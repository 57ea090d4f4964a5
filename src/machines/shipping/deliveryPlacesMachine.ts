import { assign, fromPromise, setup } from 'xstate';
import { toAppError, type AppErrorCode } from '../../rpc/errors.ts';
import { isPostalCode, refusalOf, type ShipPoint, type ShipRefusal } from './shipTypes.ts';

/** One of the vendor's delivery places as the settings list it. */
export interface PlaceRow {
  readonly uuid: string;
  readonly name: string;
  readonly deliveryService: number;
  readonly deliveryServiceId: string;
  readonly isActive: boolean;
  readonly order: number;
  readonly rowVersion: number;
}

/** The vendor's places (in their order) and their favourite. */
export interface PlacesState {
  readonly places: readonly PlaceRow[];
  readonly favourite: string | null;
}

/** One change the vendor asks for; the actor answers the places as they are afterwards. */
export type PlaceChange =
  | { kind: 'add'; deliveryService: number; point: ShipPoint; order: number }
  | { kind: 'toggle'; place: PlaceRow }
  | { kind: 'moveUp'; place: PlaceRow; above: PlaceRow }
  | { kind: 'favourite'; uuid: string }
  | { kind: 'remove'; uuid: string };

export interface PlacesContext extends PlacesState {
  readonly deliveryService: number;
  readonly postalCode: string;
  readonly points: readonly ShipPoint[];
  readonly searched: boolean;
  readonly change: PlaceChange | null;
  readonly refusal: ShipRefusal | null;
  readonly errorCode: AppErrorCode | null;
}

export type PlacesEvent =
  | { type: 'places.retry' }
  | { type: 'places.deliveryService'; value: number }
  | { type: 'places.postalCode'; value: string }
  | { type: 'places.search' }
  | { type: 'places.add'; pointId: string }
  | { type: 'places.toggle'; uuid: string }
  | { type: 'places.moveUp'; uuid: string }
  | { type: 'places.favourite'; uuid: string }
  | { type: 'places.remove'; uuid: string };

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`The delivery places actor "${name}" was not provided`));

/** The change an event asks for, or null when it names nothing known (ignored). */
export function changeOf(c: PlacesContext, event: PlacesEvent): PlaceChange | null {
  const place = 'uuid' in event ? c.places.find((p) => p.uuid === event.uuid) : undefined;
  switch (event.type) {
    case 'places.add': {
      const point = c.points.find((p) => p.id === event.pointId);
      if (!point) return null;
      const order = c.places.reduce((max, p) => Math.max(max, p.order), 0) + 1;
      return { kind: 'add', deliveryService: c.deliveryService, point, order };
    }
    case 'places.toggle':
      return place ? { kind: 'toggle', place } : null;
    case 'places.moveUp': {
      const index = c.places.findIndex((p) => p.uuid === event.uuid);
      return index > 0 ? { kind: 'moveUp', place: place!, above: c.places[index - 1]! } : null;
    }
    case 'places.favourite':
      return place && c.favourite !== place.uuid ? { kind: 'favourite', uuid: place.uuid } : null;
    case 'places.remove':
      return place ? { kind: 'remove', uuid: place.uuid } : null;
    default:
      return null;
  }
}

/**
 * The vendor's delivery places in their settings: the list in its order with the favourite; a
 * search of the carrier's relay points around a postal code to add one; switching a place on or
 * off, moving it up, making it the favourite, removing it. Each change is one call; the list shown
 * afterwards is the server's, and a refusal (the last active place while a parcel travels) is told.
 */
export const deliveryPlacesMachine = setup({
  types: {
    context: {} as PlacesContext,
    events: {} as PlacesEvent,
  },
  actors: {
    load: fromPromise<PlacesState>(notProvided('load')),
    findPoints: fromPromise<readonly ShipPoint[], { deliveryService: number; postalCode: string }>(
      notProvided('findPoints'),
    ),
    change: fromPromise<PlacesState, PlaceChange>(notProvided('change')),
  },
  guards: {
    canSearch: ({ context }) => isPostalCode(context.postalCode),
    isChange: ({ context, event }) => changeOf(context, event) !== null,
  },
  actions: {
    assignPlaces: assign((_, params: { state: PlacesState }) => ({
      places: params.state.places,
      favourite: params.state.favourite,
      change: null,
    })),
    assignChoice: assign((_, params: Partial<PlacesContext>) => ({ ...params, refusal: null })),
    assignPoints: assign((_, params: { points: readonly ShipPoint[] }) => ({
      points: params.points,
      searched: true,
    })),
    assignChange: assign(({ context, event }) => ({
      change: changeOf(context, event),
      refusal: null,
    })),
    assignRefusal: assign((_, params: { error: unknown }) => ({
      refusal: refusalOf(params.error),
      change: null,
    })),
    clearRefusal: assign({ refusal: null }),
    assignError: assign((_, params: { error: unknown }) => ({
      errorCode: toAppError(params.error).code,
    })),
    clearError: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'deliveryPlaces',
  initial: 'loading',
  context: {
    places: [],
    favourite: null,
    deliveryService: 1,
    postalCode: '',
    points: [],
    searched: false,
    change: null,
    refusal: null,
    errorCode: null,
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: {
          target: 'ready',
          actions: { type: 'assignPlaces', params: ({ event }) => ({ state: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      tags: ['error'],
      exit: 'clearError',
      on: { 'places.retry': 'loading' },
    },
    ready: {
      on: {
        'places.deliveryService': {
          actions: {
            type: 'assignChoice',
            params: ({ event }) => ({ deliveryService: event.value, points: [], searched: false }),
          },
        },
        'places.postalCode': {
          actions: {
            type: 'assignChoice',
            params: ({ event }) => ({ postalCode: event.value.trim().slice(0, 5) }),
          },
        },
        'places.search': { guard: 'canSearch', target: 'searching', actions: 'clearRefusal' },
        'places.add': { guard: 'isChange', target: 'changing', actions: 'assignChange' },
        'places.toggle': { guard: 'isChange', target: 'changing', actions: 'assignChange' },
        'places.moveUp': { guard: 'isChange', target: 'changing', actions: 'assignChange' },
        'places.favourite': { guard: 'isChange', target: 'changing', actions: 'assignChange' },
        'places.remove': { guard: 'isChange', target: 'changing', actions: 'assignChange' },
      },
    },
    searching: {
      tags: ['busy'],
      invoke: {
        id: 'findPoints',
        src: 'findPoints',
        input: ({ context }) => ({
          deliveryService: context.deliveryService,
          postalCode: context.postalCode,
        }),
        onDone: {
          target: 'ready',
          actions: { type: 'assignPoints', params: ({ event }) => ({ points: event.output }) },
        },
        onError: {
          target: 'ready',
          actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    changing: {
      tags: ['busy'],
      invoke: {
        id: 'change',
        src: 'change',
        input: ({ context }) => context.change!,
        onDone: {
          target: 'ready',
          actions: { type: 'assignPlaces', params: ({ event }) => ({ state: event.output }) },
        },
        onError: {
          target: 'ready',
          actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});
