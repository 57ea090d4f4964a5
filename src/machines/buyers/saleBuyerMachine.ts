import { assign, fromPromise, setup } from 'xstate';
import { toAppError, type AppErrorCode } from '../../rpc/errors.ts';
import { failedState, loadingState } from '../shared/loadStates.ts';
import { refusalOf, type BuyerFields, type Refusal } from './buyerTypes.ts';

/** A recorded sale of the item: who bought it and where. */
export interface SaleLink {
  readonly uuid: string;
  readonly buyer: string;
  readonly buyerName: string;
  /** SalePlatform number (0 when not said). */
  readonly buyOn: number;
}

export interface SaleBuyers {
  readonly links: readonly SaleLink[];
  /** The vendor's buyers, to choose from. */
  readonly buyers: readonly BuyerFields[];
}

export interface LinkInput {
  readonly product: string;
  readonly buyer: string;
  readonly platform: number;
}

export interface SaleBuyerContext extends SaleBuyers {
  readonly product: string;
  readonly chosen: string;
  readonly platform: number;
  readonly refusal: Refusal | null;
  readonly errorCode: AppErrorCode | null;
}

export type SaleBuyerEvent =
  | { type: 'sale.retry' }
  | { type: 'sale.choose'; buyer: string }
  | { type: 'sale.platform'; platform: number }
  | { type: 'sale.link' };

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`The sale buyer actor "${name}" was not provided`));

/**
 * The buyer of a sold item, on its product page: the sales recorded for it, and one of the
 * vendor's buyers chosen and linked (a ProductBuyer), with the marketplace it was sold on.
 */
export const saleBuyerMachine = setup({
  types: {
    context: {} as SaleBuyerContext,
    events: {} as SaleBuyerEvent,
    input: {} as { product: string; platform?: number },
  },
  actors: {
    fetchSale: fromPromise<SaleBuyers, { product: string }>(notProvided('fetchSale')),
    linkBuyer: fromPromise<void, LinkInput>(notProvided('linkBuyer')),
  },
  guards: {
    isChoice: ({ context }, params: { buyer: string }) =>
      params.buyer === '' || context.buyers.some((b) => b.uuid === params.buyer),
    hasChoice: ({ context }) => context.chosen !== '',
  },
  actions: {
    assignSale: assign((_, params: SaleBuyers) => ({ ...params, errorCode: null })),
    assignChoice: assign((_, params: { buyer: string }) => ({
      chosen: params.buyer,
      refusal: null,
    })),
    assignPlatform: assign((_, params: { platform: number }) => ({ platform: params.platform })),
    clearChoice: assign({ chosen: '', refusal: null }),
    assignRefusal: assign((_, params: { error: unknown }) => ({
      refusal: refusalOf(params.error),
    })),
    assignError: assign((_, params: { error: unknown }) => ({
      errorCode: toAppError(params.error).code,
    })),
    clearError: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'saleBuyer',
  initial: 'loading',
  context: ({ input }) => ({
    product: input.product,
    links: [],
    buyers: [],
    chosen: '',
    platform: input.platform ?? 0,
    refusal: null,
    errorCode: null,
  }),
  states: {
    loading: loadingState(
      'fetchSale',
      ({ context }: { context: SaleBuyerContext }) => ({ product: context.product }),
      'assignSale',
    ),
    failed: failedState('sale.retry'),
    ready: {
      on: {
        'sale.choose': {
          guard: { type: 'isChoice', params: ({ event }) => ({ buyer: event.buyer }) },
          actions: { type: 'assignChoice', params: ({ event }) => ({ buyer: event.buyer }) },
        },
        'sale.platform': {
          actions: {
            type: 'assignPlatform',
            params: ({ event }) => ({ platform: event.platform }),
          },
        },
        'sale.link': { guard: 'hasChoice', target: 'linking' },
      },
    },
    linking: {
      tags: ['busy'],
      invoke: {
        id: 'linkBuyer',
        src: 'linkBuyer',
        input: ({ context }) => ({
          product: context.product,
          buyer: context.chosen,
          platform: context.platform,
        }),
        onDone: { target: 'loading', actions: 'clearChoice' },
        onError: {
          target: 'ready',
          actions: { type: 'assignRefusal', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});
