import { assign, fromPromise, setup } from 'xstate';
import type { SaleStatus } from '../../domain/deposit/statuses.ts';
import type { ClientFactory } from '../../rpc/clients.ts';
import { toAppError, type AppErrorCode } from '../../rpc/errors.ts';
import { ProductService } from '../../rpc/gen/seconde/v1/product_pb.ts';
import { withFilters } from '../../rpc/interceptors/filters.ts';
import { saleStatusOf } from './enums.ts';

/** One product line of a deposit's page, as plain data. */
export interface ProductRow {
  readonly uuid: string;
  readonly reference: string;
  readonly name: string;
  readonly saleStatus: SaleStatus | null;
  readonly suggestedPrice: number | null;
}

export interface ProductPage {
  readonly rows: readonly ProductRow[];
  readonly count: number;
}

/** Products shown per page on a deposit's page. */
export const PRODUCT_PAGE_SIZE = 25;

interface Context {
  readonly deposit: string;
  readonly page: number;
  readonly rows: readonly ProductRow[];
  readonly count: number;
  readonly errorCode: AppErrorCode | null;
}

type Event = { type: 'products.reload' } | { type: 'products.page'; page: number };

/** The products of one deposit, a page at a time; the deposit machine asks it to reload. */
export const depositProductsMachine = setup({
  types: {
    context: {} as Context,
    events: {} as Event,
    input: {} as { deposit: string },
  },
  actors: {
    loadProducts: fromPromise<ProductPage, { deposit: string; page: number }>(() =>
      Promise.reject(new Error('The products actor "loadProducts" was not provided')),
    ),
  },
  guards: {
    isOtherPage: ({ context }, page: number) =>
      page !== context.page && page >= 1 && page <= Math.ceil(context.count / PRODUCT_PAGE_SIZE),
  },
  actions: {
    assignPage: assign((_, page: number) => ({ page })),
  },
}).createMachine({
  id: 'depositProducts',
  context: ({ input }) => ({
    deposit: input.deposit,
    page: 1,
    rows: [],
    count: 0,
    errorCode: null,
  }),
  initial: 'loading',
  on: { 'products.reload': { target: '.loading', reenter: true } },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadProducts',
        src: 'loadProducts',
        input: ({ context }) => ({ deposit: context.deposit, page: context.page }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({ rows: event.output.rows, count: event.output.count })),
        },
        onError: {
          target: 'failed',
          actions: assign(({ event }) => ({ errorCode: toAppError(event.error).code })),
        },
      },
    },
    ready: {
      on: {
        'products.page': {
          guard: { type: 'isOtherPage', params: ({ event }) => event.page },
          target: 'loading',
          actions: { type: 'assignPage', params: ({ event }) => event.page },
        },
      },
    },
    failed: { tags: ['error'], exit: assign({ errorCode: null }) },
  },
});

/** The real product loader over the app's clients. */
export function createDepositProductsActors(clients: ClientFactory) {
  const products = clients.get(ProductService);
  return {
    loadProducts: fromPromise<ProductPage, { deposit: string; page: number }>(
      async ({ input, signal }) => {
        const answer = await products.list(
          { pagination: { page: input.page, pageSize: PRODUCT_PAGE_SIZE }, ordering: 'reference' },
          withFilters({ deposit: input.deposit }, { signal }),
        );
        return {
          count: answer.count,
          rows: answer.results.map((p) => ({
            uuid: p.uuid,
            reference: p.reference,
            name: p.name,
            saleStatus: saleStatusOf(p.saleStatus),
            suggestedPrice: p.suggestedPrice ?? null,
          })),
        };
      },
    ),
  };
}
