import { assign, fromPromise, setup } from 'xstate';
import { toAppError, type AppErrorCode } from '../../rpc/errors.ts';
import type { Page } from '../shared/pagedListMachine.ts';
import type { DepositRow, ProductRow } from './peopleRows.ts';

export interface DressingContext {
  readonly deposits: readonly DepositRow[];
  readonly depositCount: number;
  /** The deposit opened inside the dressing (from the route), or null. */
  readonly openDeposit: string | null;
  readonly products: readonly ProductRow[];
  readonly productCount: number;
  readonly errorCode: AppErrorCode | null;
}

export type DressingEvent =
  { type: 'dressing.open'; uuid: string } | { type: 'dressing.close' } | { type: 'dressing.retry' };

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`The dressing actor "${name}" was not provided`));

/**
 * A dressing (2-business-data.md §1): a person's deposits and, for the deposit opened from the
 * route, its items. Opening a deposit before the list has arrived is remembered and honoured once
 * it has.
 */
export const dressingMachine = setup({
  types: {
    context: {} as DressingContext,
    events: {} as DressingEvent,
  },
  actors: {
    loadDeposits: fromPromise<Page<DepositRow>>(notProvided('loadDeposits')),
    loadProducts: fromPromise<Page<ProductRow>, { deposit: string }>(notProvided('loadProducts')),
  },
  guards: {
    hasOpenDeposit: ({ context }) =>
      context.openDeposit !== null && context.deposits.some((d) => d.uuid === context.openDeposit),
    isUnknownOpenDeposit: ({ context }) => context.openDeposit !== null,
  },
  actions: {
    assignOpen: assign((_, params: { uuid: string | null }) => ({
      openDeposit: params.uuid,
      products: [],
      productCount: 0,
      errorCode: null,
    })),
    assignDeposits: assign((_, params: Page<DepositRow>) => ({
      deposits: params.rows,
      depositCount: params.count,
    })),
    assignProducts: assign((_, params: Page<ProductRow>) => ({
      products: params.rows,
      productCount: params.count,
    })),
    assignError: assign((_, params: { error: unknown }) => ({
      errorCode: toAppError(params.error).code,
    })),
    clearError: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'dressing',
  initial: 'loadingDeposits',
  context: {
    deposits: [],
    depositCount: 0,
    openDeposit: null,
    products: [],
    productCount: 0,
    errorCode: null,
  },
  states: {
    loadingDeposits: {
      tags: ['busy'],
      on: {
        'dressing.open': {
          actions: { type: 'assignOpen', params: ({ event }) => ({ uuid: event.uuid }) },
        },
        'dressing.close': { actions: { type: 'assignOpen', params: { uuid: null } } },
      },
      invoke: {
        id: 'loadDeposits',
        src: 'loadDeposits',
        onDone: {
          target: 'ready',
          actions: { type: 'assignDeposits', params: ({ event }) => event.output },
        },
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'dressing.retry': { target: 'loadingDeposits', actions: 'clearError' } },
    },
    ready: {
      initial: 'choosing',
      on: {
        'dressing.open': {
          target: '.choosing',
          reenter: true,
          actions: { type: 'assignOpen', params: ({ event }) => ({ uuid: event.uuid }) },
        },
        'dressing.close': {
          target: '.choosing',
          reenter: true,
          actions: { type: 'assignOpen', params: { uuid: null } },
        },
      },
      states: {
        choosing: {
          always: [
            { guard: 'hasOpenDeposit', target: 'loadingProducts' },
            { guard: 'isUnknownOpenDeposit', target: 'missing' },
            { target: 'list' },
          ],
        },
        list: {},
        missing: { tags: ['missing'] },
        loadingProducts: {
          tags: ['busy', 'open'],
          invoke: {
            id: 'loadProducts',
            src: 'loadProducts',
            input: ({ context }) => ({ deposit: context.openDeposit ?? '' }),
            onDone: {
              target: 'showing',
              actions: { type: 'assignProducts', params: ({ event }) => event.output },
            },
            onError: {
              target: 'productsFailed',
              actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        showing: { tags: ['open'] },
        productsFailed: {
          tags: ['error', 'open'],
          on: { 'dressing.retry': { target: 'loadingProducts', actions: 'clearError' } },
        },
      },
    },
  },
});
