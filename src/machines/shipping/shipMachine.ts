import { and, assign, emit, fromPromise, setup } from 'xstate';
import { toAppError, type AppErrorCode } from '../../rpc/errors.ts';
import {
  isPostalCode,
  refusalOf,
  type LabelPriceBand,
  type ShipLabel,
  type ShipPlace,
  type ShipPoint,
  type ShipRefusal,
  type ShipStart,
} from './shipTypes.ts';

/** What the dialog sends to make the label; one key per opening, so a retry makes one label. */
export interface CreateLabelInput {
  readonly product: string;
  readonly place: string;
  readonly pointId: string;
  readonly recipientName: string;
  /** The parcel's weight band's upper bound in kilograms (what the carrier is told). */
  readonly weightKg: number;
  readonly idempotencyKey: string;
}

export interface ShipContext {
  readonly product: string;
  readonly places: readonly ShipPlace[];
  readonly placeUuid: string | null;
  readonly freeRemaining: number;
  /** What a label costs once no free one is left (cents), from the place it leaves from. */
  readonly priceCents: number;
  /** The carrier's weight bands with their prices; the price follows the band picked. */
  readonly priceBands: readonly LabelPriceBand[];
  /** The parcel's weight band, by its upper bound in kilograms (the lightest at opening). */
  readonly weightKg: number;
  readonly postalCode: string;
  readonly points: readonly ShipPoint[];
  /** Whether a search was answered (an empty answer shows "no relay point"). */
  readonly searched: boolean;
  readonly pointId: string | null;
  readonly recipientName: string;
  /** Drawn when the dialog opens; null while it is closed. */
  readonly idempotencyKey: string | null;
  readonly label: ShipLabel | null;
  /** The provider's checkout page of a paid label, once asked for. */
  readonly paymentUrl: string | null;
  /** Why the last search, label or download was refused; the choices are kept. */
  readonly refusal: ShipRefusal | null;
  /** Why opening could not load (set exactly in `failed`). */
  readonly errorCode: AppErrorCode | null;
}

export type ShipEvent =
  | { type: 'ship.open' }
  | { type: 'ship.close' }
  | { type: 'ship.retry' }
  | { type: 'ship.postalCode'; value: string }
  | { type: 'ship.search' }
  | { type: 'ship.pickPoint'; id: string }
  | { type: 'ship.recipientName'; value: string }
  | { type: 'ship.weight'; kg: number }
  | { type: 'ship.submit' }
  | { type: 'ship.download' };

export const RECIPIENT_NAME_MAX = 120;
/** A parcel's weight until the vendor picks a band: the lightest band the carriers price. */
export const DEFAULT_WEIGHT_KG = 1;

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`The ship actor "${name}" was not provided`));

const initial = {
  places: [],
  placeUuid: null,
  freeRemaining: 0,
  priceCents: 0,
  priceBands: [],
  weightKg: DEFAULT_WEIGHT_KG,
  postalCode: '',
  points: [],
  searched: false,
  pointId: null,
  recipientName: '',
  idempotencyKey: null,
  label: null,
  paymentUrl: null,
  refusal: null,
  errorCode: null,
} as const;

/** The place the label leaves from: the first active one (the list comes favourite first). */
export const placeOf = (c: Pick<ShipContext, 'places' | 'placeUuid'>) =>
  c.places.find((p) => p.uuid === c.placeUuid) ?? null;

/** Whether the next label is paid: no free one is left this month. */
export const isPaidLabel = (c: Pick<ShipContext, 'freeRemaining'>) => c.freeRemaining <= 0;

/** Whether the dialog may make the label now (free, or paid when it has a price). */
export function canMakeLabel(c: ShipContext): boolean {
  return (
    placeOf(c) !== null &&
    (c.freeRemaining > 0 || c.priceCents > 0) &&
    c.pointId !== null &&
    c.points.some((p) => p.id === c.pointId) &&
    c.recipientName.trim() !== ''
  );
}

/**
 * "Ship it" on a sold product: the dialog loads the vendor's active delivery places and the free
 * labels left, searches relay points near the buyer's postal code through the carrier, makes the
 * free label for the point picked and the recipient named (once: the idempotency key is drawn at
 * opening and kept through refusals), then downloads its PDF. With no free label left it shows the
 * label's price and, on submit, asks the server for a paid label and leaves for its checkout page
 * (the label is made once the payment completes; the payment page leads back to the item).
 * Making the label cannot be closed away; a refusal keeps every choice. Emits `ship.labelMade` so the page can show the label.
 */
export const shipMachine = setup({
  types: {
    context: {} as ShipContext,
    events: {} as ShipEvent,
    input: {} as { product: string },
    emitted: {} as { type: 'ship.labelMade'; label: ShipLabel },
  },
  actors: {
    loadStart: fromPromise<ShipStart, { product: string }>(notProvided('loadStart')),
    findPoints: fromPromise<readonly ShipPoint[], { deliveryService: number; postalCode: string }>(
      notProvided('findPoints'),
    ),
    createLabel: fromPromise<ShipLabel, CreateLabelInput>(notProvided('createLabel')),
    createPaidLabel: fromPromise<{ paymentUrl: string }, CreateLabelInput>(
      notProvided('createPaidLabel'),
    ),
    leaveFor: fromPromise<void, { url: string }>(notProvided('leaveFor')),
    downloadLabel: fromPromise<void, { uuid: string }>(notProvided('downloadLabel')),
  },
  guards: {
    canSearch: ({ context }) => placeOf(context) !== null && isPostalCode(context.postalCode),
    canSubmit: ({ context }) => canMakeLabel(context),
    isPaid: ({ context }) => isPaidLabel(context),
    isPoint: ({ context }, params: { id: string }) =>
      context.points.some((p) => p.id === params.id),
    isBand: ({ context }, params: { kg: number }) =>
      context.priceBands.some((b) => b.maxKg === params.kg),
  },
  actions: {
    startOpening: assign({ ...initial, idempotencyKey: () => crypto.randomUUID() }),
    reset: assign(initial),
    assignStart: assign((_, params: { start: ShipStart }) => ({
      places: params.start.places,
      placeUuid: params.start.places[0]?.uuid ?? null,
      freeRemaining: params.start.freeRemaining,
      priceCents: params.start.priceBands[0]?.priceCents ?? params.start.priceCents,
      priceBands: params.start.priceBands,
      weightKg: params.start.priceBands[0]?.maxKg ?? DEFAULT_WEIGHT_KG,
    })),
    assignWeight: assign(({ context }, params: { kg: number }) => ({
      weightKg: params.kg,
      priceCents: context.priceBands.find((b) => b.maxKg === params.kg)?.priceCents ?? 0,
      refusal: null,
    })),
    assignPaymentUrl: assign((_, params: { url: string }) => ({ paymentUrl: params.url })),
    assignChoice: assign((_, params: Partial<ShipContext>) => ({ ...params, refusal: null })),
    assignPoints: assign((_, params: { points: readonly ShipPoint[] }) => ({
      points: params.points,
      searched: true,
      pointId: null,
    })),
    assignLabel: assign(({ context }, params: { label: ShipLabel }) => ({
      label: params.label,
      freeRemaining: Math.max(0, context.freeRemaining - 1),
    })),
    emitMade: emit((_, params: { label: ShipLabel }) => ({
      type: 'ship.labelMade' as const,
      label: params.label,
    })),
    assignRefusal: assign((_, params: { error: unknown }) => ({
      refusal: refusalOf(params.error),
    })),
    clearRefusal: assign({ refusal: null }),
    assignError: assign((_, params: { error: unknown }) => ({
      errorCode: toAppError(params.error).code,
    })),
    clearError: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'ship',
  initial: 'closed',
  context: ({ input }) => ({ ...initial, product: input.product }),
  states: {
    closed: {
      on: { 'ship.open': { target: 'open', actions: 'startOpening' } },
    },
    open: {
      initial: 'loading',
      on: { 'ship.close': { target: 'closed', actions: 'reset' } },
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'loadStart',
            src: 'loadStart',
            input: ({ context }) => ({ product: context.product }),
            onDone: {
              target: 'ready',
              actions: { type: 'assignStart', params: ({ event }) => ({ start: event.output }) },
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
          on: { 'ship.retry': 'loading' },
        },
        ready: {
          on: {
            'ship.postalCode': {
              actions: {
                type: 'assignChoice',
                params: ({ event }) => ({ postalCode: event.value.trim().slice(0, 5) }),
              },
            },
            'ship.search': { guard: 'canSearch', target: 'searching', actions: 'clearRefusal' },
            'ship.pickPoint': {
              guard: { type: 'isPoint', params: ({ event }) => ({ id: event.id }) },
              actions: { type: 'assignChoice', params: ({ event }) => ({ pointId: event.id }) },
            },
            'ship.recipientName': {
              actions: {
                type: 'assignChoice',
                params: ({ event }) => ({
                  recipientName: event.value.slice(0, RECIPIENT_NAME_MAX),
                }),
              },
            },
            'ship.weight': {
              guard: { type: 'isBand', params: ({ event }) => ({ kg: event.kg }) },
              actions: { type: 'assignWeight', params: ({ event }) => ({ kg: event.kg }) },
            },
            'ship.submit': [
              {
                guard: and(['canSubmit', 'isPaid']),
                target: 'creatingPaid',
                actions: 'clearRefusal',
              },
              { guard: 'canSubmit', target: 'creating', actions: 'clearRefusal' },
            ],
          },
        },
        searching: {
          tags: ['busy'],
          invoke: {
            id: 'findPoints',
            src: 'findPoints',
            input: ({ context }) => ({
              deliveryService: placeOf(context)!.deliveryService,
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
        creating: {
          tags: ['busy'],
          // Making the label cannot be walked away from: the answer decides what is shown.
          on: { 'ship.close': {} },
          invoke: {
            id: 'createLabel',
            src: 'createLabel',
            input: ({ context }) => ({
              product: context.product,
              place: context.placeUuid!,
              pointId: context.pointId!,
              recipientName: context.recipientName.trim(),
              weightKg: context.weightKg,
              idempotencyKey: context.idempotencyKey!,
            }),
            onDone: {
              target: 'made',
              actions: [
                { type: 'assignLabel', params: ({ event }) => ({ label: event.output }) },
                { type: 'emitMade', params: ({ event }) => ({ label: event.output }) },
              ],
            },
            onError: {
              target: 'ready',
              actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        creatingPaid: {
          tags: ['busy'],
          on: { 'ship.close': {} },
          invoke: {
            id: 'createPaidLabel',
            src: 'createPaidLabel',
            input: ({ context }) => ({
              product: context.product,
              place: context.placeUuid!,
              pointId: context.pointId!,
              recipientName: context.recipientName.trim(),
              weightKg: context.weightKg,
              idempotencyKey: context.idempotencyKey!,
            }),
            onDone: {
              target: 'leaving',
              actions: {
                type: 'assignPaymentUrl',
                params: ({ event }) => ({ url: event.output.paymentUrl }),
              },
            },
            onError: {
              target: 'ready',
              actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        // The browser leaves for the provider's checkout page, which returns to the payment page.
        leaving: {
          tags: ['busy'],
          on: { 'ship.close': {} },
          invoke: {
            id: 'leaveFor',
            src: 'leaveFor',
            input: ({ context }) => ({ url: context.paymentUrl ?? '' }),
            onDone: 'ready',
            onError: {
              target: 'ready',
              actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        made: {
          on: { 'ship.download': { target: 'downloading', actions: 'clearRefusal' } },
        },
        downloading: {
          tags: ['busy'],
          invoke: {
            id: 'downloadLabel',
            src: 'downloadLabel',
            input: ({ context }) => ({ uuid: context.label!.uuid }),
            onDone: 'made',
            onError: {
              target: 'made',
              actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
  },
});
