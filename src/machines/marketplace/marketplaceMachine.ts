import { assign, emit, fromPromise, setup } from 'xstate';
import { toAppError, type AppErrorCode } from '../../rpc/errors.ts';
import { pageCount } from '../shared/pagedListMachine.ts';
import { isRefusal, type Refusal } from './refusals.ts';

/** One open deposit as the marketplace shows it. */
export interface AvailableRow {
  readonly uuid: string;
  readonly name: string;
  readonly family: string | null;
  readonly gamme: string | null;
  readonly department: string;
  readonly description: string;
  readonly createdAt: number | null;
  /** Why this vendor may not take it (before trying), or null. */
  readonly refusal: Refusal | null;
  /** The vendor already asked and waits for an admin. */
  readonly alreadyRequested: boolean;
}

export interface AvailablePage {
  readonly rows: readonly AvailableRow[];
  readonly count: number;
  /** A reason that applies to every deposit (subscription, profile...), or null. */
  readonly vendorRefusal: Refusal | null;
}

export interface MarketplaceContext {
  readonly vendorUuid: string | null;
  readonly rows: readonly AvailableRow[];
  readonly count: number;
  readonly page: number;
  readonly pageSize: number;
  readonly vendorRefusal: Refusal | null;
  /** The deposit being asked for while in `taking`. */
  readonly taking: string | null;
  readonly errorCode: AppErrorCode | null;
}

export type MarketplaceEvent =
  | { type: 'marketplace.take'; uuid: string }
  | { type: 'marketplace.page'; page: number }
  | { type: 'marketplace.retry' };

export type MarketplaceEmitted =
  | { type: 'marketplace.taken'; name: string }
  | { type: 'marketplace.refused'; refusal: Refusal }
  | { type: 'marketplace.takeFailed'; code: AppErrorCode };

export const MARKETPLACE_PAGE_SIZE = 25;

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`The marketplace actor "${name}" was not provided`));

const nameOf = (rows: readonly AvailableRow[], uuid: string | null) =>
  rows.find((r) => r.uuid === uuid)?.name ?? '';

/**
 * The vendor's marketplace (deposits open near them): every deposit shows up front why the vendor
 * could not take it; taking one asks for it (WantDeposit). A refusal the server finds anyway is
 * written onto the deposit, so the screen and the server agree after one try.
 */
export const marketplaceMachine = setup({
  types: {
    context: {} as MarketplaceContext,
    events: {} as MarketplaceEvent,
    input: {} as { vendorUuid: string | null; pageSize?: number },
    emitted: {} as MarketplaceEmitted,
  },
  actors: {
    loadAvailable: fromPromise<AvailablePage, { page: number; pageSize: number }>(
      notProvided('loadAvailable'),
    ),
    wantDeposit: fromPromise<void, { uuid: string; vendorUuid: string }>(
      notProvided('wantDeposit'),
    ),
  },
  guards: {
    canTake: ({ context }, params: { uuid: string }) => {
      const row = context.rows.find((r) => r.uuid === params.uuid);
      return (
        context.vendorUuid !== null &&
        context.vendorRefusal === null &&
        row !== undefined &&
        row.refusal === null &&
        !row.alreadyRequested
      );
    },
    isOtherValidPage: ({ context }, params: { page: number }) =>
      Number.isInteger(params.page) &&
      params.page >= 1 &&
      params.page <= pageCount(context.count, context.pageSize) &&
      params.page !== context.page,
    isRefusal: (_, params: { error: unknown }) => isRefusal(toAppError(params.error).reason),
  },
  actions: {
    assignPage: assign((_, params: AvailablePage) => ({
      rows: params.rows,
      count: params.count,
      vendorRefusal: params.vendorRefusal,
      errorCode: null,
    })),
    assignPageNumber: assign((_, params: { page: number }) => ({ page: params.page })),
    assignTaking: assign((_, params: { uuid: string | null }) => ({ taking: params.uuid })),
    markRequested: assign(({ context }) => ({
      rows: context.rows.map((r) =>
        r.uuid === context.taking ? { ...r, alreadyRequested: true } : r,
      ),
    })),
    markRefused: assign(({ context }, params: { error: unknown }) => {
      const reason = toAppError(params.error).reason;
      const refusal = isRefusal(reason) ? reason : null;
      return {
        rows: context.rows.map((r) => (r.uuid === context.taking ? { ...r, refusal } : r)),
      };
    }),
    assignError: assign((_, params: { error: unknown }) => ({
      errorCode: toAppError(params.error).code,
    })),
    clearError: assign({ errorCode: null }),
    emitTaken: emit(({ context }) => ({
      type: 'marketplace.taken' as const,
      name: nameOf(context.rows, context.taking),
    })),
    emitRefused: emit((_, params: { error: unknown }) => ({
      type: 'marketplace.refused' as const,
      refusal: toAppError(params.error).reason as Refusal,
    })),
    emitTakeFailed: emit((_, params: { error: unknown }) => ({
      type: 'marketplace.takeFailed' as const,
      code: toAppError(params.error).code,
    })),
  },
}).createMachine({
  id: 'marketplace',
  initial: 'loading',
  context: ({ input }) => ({
    vendorUuid: input.vendorUuid,
    rows: [],
    count: 0,
    page: 1,
    pageSize: input.pageSize ?? MARKETPLACE_PAGE_SIZE,
    vendorRefusal: null,
    taking: null,
    errorCode: null,
  }),
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadAvailable',
        src: 'loadAvailable',
        input: ({ context }) => ({ page: context.page, pageSize: context.pageSize }),
        onDone: {
          target: 'ready',
          actions: { type: 'assignPage', params: ({ event }) => event.output },
        },
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'marketplace.retry': { target: 'loading', actions: 'clearError' } },
    },
    ready: {
      on: {
        'marketplace.take': {
          guard: { type: 'canTake', params: ({ event }) => ({ uuid: event.uuid }) },
          target: 'taking',
          actions: { type: 'assignTaking', params: ({ event }) => ({ uuid: event.uuid }) },
        },
        'marketplace.page': {
          guard: { type: 'isOtherValidPage', params: ({ event }) => ({ page: event.page }) },
          target: 'loading',
          actions: { type: 'assignPageNumber', params: ({ event }) => ({ page: event.page }) },
        },
      },
    },
    taking: {
      tags: ['busy', 'taking'],
      invoke: {
        id: 'wantDeposit',
        src: 'wantDeposit',
        input: ({ context }) => ({ uuid: context.taking!, vendorUuid: context.vendorUuid! }),
        onDone: {
          target: 'ready',
          actions: ['markRequested', 'emitTaken', { type: 'assignTaking', params: { uuid: null } }],
        },
        onError: [
          {
            guard: { type: 'isRefusal', params: ({ event }) => ({ error: event.error }) },
            target: 'ready',
            actions: [
              { type: 'markRefused', params: ({ event }) => ({ error: event.error }) },
              { type: 'emitRefused', params: ({ event }) => ({ error: event.error }) },
              { type: 'assignTaking', params: { uuid: null } },
            ],
          },
          {
            target: 'ready',
            actions: [
              { type: 'emitTakeFailed', params: ({ event }) => ({ error: event.error }) },
              { type: 'assignTaking', params: { uuid: null } },
            ],
          },
        ],
      },
    },
  },
});
