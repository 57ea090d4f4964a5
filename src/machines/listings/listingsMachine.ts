import { assign, emit, fromPromise, setup } from 'xstate';
import { toAppError } from '../../rpc/errors.ts';
import { parseDecimal } from '../product/productDraft.ts';
import type {
  DecideInput,
  ListingsContext,
  ListingsEmitted,
  ListingsEvent,
  ListingsNotice,
  LoadedListings,
} from './listingsTypes.ts';

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`The listings actor "${name}" was not provided`));

/** The sold price to send: none while untouched or cleared (the suggested price applies). */
export function soldPriceOf(typed: string | null): number | undefined | null {
  if (typed === null || typed.trim() === '') return undefined;
  const value = parseDecimal(typed);
  return Number.isFinite(value) ? value : null;
}

/** A listing that is on its channel or on its way there can be taken off. */
const WITHDRAWABLE = new Set(['LISTED', 'PENDING']);

const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
const refusedOnError = {
  target: '#listings.refused',
  actions: [{ type: 'assignError', params: errorParams }, 'clearWithdrawing'],
} as const;
const doneThen = (notice: ListingsNotice) =>
  ({
    target: '#listings.loading',
    actions: [
      'emitProductChanged',
      { type: 'assignNotice', params: { notice } },
      'clearWithdrawing',
    ],
  }) as const;

const readyOn = {
  'listings.withdraw': {
    guard: { type: 'canWithdraw', params: ({ event }: { event: { uuid: string } }) => event },
    target: '#listings.confirming',
    actions: [
      'clearError',
      { type: 'assignWithdrawing', params: ({ event }: { event: { uuid: string } }) => event },
    ],
  },
  'listings.changeSoldPrice': {
    actions: {
      type: 'assignSoldPrice',
      params: ({ event }: { event: { value: string } }) => event,
    },
  },
  'listings.sell': { guard: 'canSell', target: '#listings.selling', actions: 'clearError' },
  'listings.release': {
    guard: 'hasReservation',
    target: '#listings.releasing',
    actions: 'clearError',
  },
  'listings.reload': { target: '#listings.loading', actions: 'clearError' },
} as const;

/**
 * One product's channels (its product page section): the listings with their links, statuses and
 * errors, the timeline, and the pending storefront reservation. Withdrawing a listing asks for a
 * confirmation; confirming the sale (at the typed price, or the suggested one) or releasing the
 * item answers the reservation. Every change reloads the section and emits
 * `listings.productChanged` so the page reloads the product too.
 * Tags: `busy` while a call runs, `error` with `error` set, `confirming`.
 */
export const listingsMachine = setup({
  types: {
    context: {} as ListingsContext,
    events: {} as ListingsEvent,
    input: {} as { product: string },
    emitted: {} as ListingsEmitted,
  },
  actors: {
    loadListings: fromPromise<LoadedListings, { product: string }>(notProvided('loadListings')),
    withdrawListing: fromPromise<void, { uuid: string }>(notProvided('withdrawListing')),
    confirmSale: fromPromise<void, DecideInput>(notProvided('confirmSale')),
    releaseReservation: fromPromise<void, { uuid: string }>(notProvided('releaseReservation')),
  },
  guards: {
    canWithdraw: ({ context }, params: { uuid: string }) =>
      context.listings.some((l) => l.uuid === params.uuid && WITHDRAWABLE.has(l.status ?? '')),
    hasReservation: ({ context }) => context.reservation !== null,
    canSell: ({ context }) =>
      context.reservation !== null && soldPriceOf(context.soldPrice) !== null,
  },
  actions: {
    assignLoaded: assign((_, params: LoadedListings) => ({
      listings: params.listings,
      timeline: params.timeline,
      reservation: params.reservation,
      soldPrice: null,
    })),
    assignWithdrawing: assign((_, params: { uuid: string }) => ({
      withdrawing: params.uuid,
      notice: null,
    })),
    clearWithdrawing: assign({ withdrawing: null }),
    assignSoldPrice: assign((_, params: { value: string }) => ({ soldPrice: params.value })),
    assignNotice: assign((_, params: { notice: ListingsNotice }) => ({ notice: params.notice })),
    clearNotice: assign({ notice: null }),
    assignError: assign((_, params: { error: unknown }) => {
      const appError = toAppError(params.error);
      return { error: { code: appError.code, reason: appError.reason ?? null } };
    }),
    clearError: assign({ error: null }),
    emitProductChanged: emit({ type: 'listings.productChanged' as const }),
  },
}).createMachine({
  id: 'listings',
  initial: 'loading',
  context: ({ input }) => ({
    product: input.product,
    listings: [],
    timeline: [],
    reservation: null,
    soldPrice: null,
    withdrawing: null,
    error: null,
    notice: null,
  }),
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadListings',
        src: 'loadListings',
        input: ({ context }) => ({ product: context.product }),
        onDone: {
          target: 'ready',
          actions: { type: 'assignLoaded', params: ({ event }) => event.output },
        },
        onError: { target: 'failed', actions: { type: 'assignError', params: errorParams } },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'listings.retry': { target: 'loading', actions: 'clearError' } },
    },
    ready: { on: readyOn },
    refused: {
      tags: ['error'],
      on: { ...readyOn, 'listings.dismiss': { target: 'ready', actions: 'clearError' } },
    },
    confirming: {
      tags: ['confirming'],
      on: {
        'listings.confirm': 'withdrawing',
        'listings.cancel': { target: 'ready', actions: 'clearWithdrawing' },
      },
    },
    withdrawing: {
      tags: ['busy'],
      invoke: {
        id: 'withdrawListing',
        src: 'withdrawListing',
        input: ({ context }) => ({ uuid: context.withdrawing! }),
        onDone: doneThen('withdrawn'),
        onError: refusedOnError,
      },
    },
    selling: {
      tags: ['busy'],
      invoke: {
        id: 'confirmSale',
        src: 'confirmSale',
        input: ({ context }) => {
          const soldPrice = soldPriceOf(context.soldPrice);
          return {
            uuid: context.reservation!.uuid,
            ...(soldPrice !== undefined && soldPrice !== null && { soldPrice }),
          };
        },
        onDone: doneThen('sold'),
        onError: refusedOnError,
      },
    },
    releasing: {
      tags: ['busy'],
      invoke: {
        id: 'releaseReservation',
        src: 'releaseReservation',
        input: ({ context }) => ({ uuid: context.reservation!.uuid }),
        onDone: doneThen('released'),
        onError: refusedOnError,
      },
    },
  },
});
