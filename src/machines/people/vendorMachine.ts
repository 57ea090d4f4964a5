import { assign, fromPromise, setup } from 'xstate';
import { toAppError, type AppErrorCode } from '../../rpc/errors.ts';
import type { CompanyRow, VendorRow } from './peopleRows.ts';

/** A vendor and the company they belong to, if any. */
export interface VendorDetail {
  readonly vendor: VendorRow;
  readonly company: CompanyRow | null;
}

export interface VendorContext {
  readonly uuid: string;
  readonly detail: VendorDetail | null;
  readonly errorCode: AppErrorCode | null;
}

export type VendorEvent = { type: 'vendor.retry' };

/** A vendor page's record (information and company tabs): load, or fail with a retry. */
export const vendorMachine = setup({
  types: {
    context: {} as VendorContext,
    events: {} as VendorEvent,
    input: {} as { uuid: string },
  },
  actors: {
    loadVendor: fromPromise<VendorDetail, { uuid: string }>(() =>
      Promise.reject(new Error('The vendor actor "loadVendor" was not provided')),
    ),
  },
  actions: {
    assignDetail: assign((_, params: { detail: VendorDetail }) => ({ detail: params.detail })),
    assignError: assign((_, params: { error: unknown }) => ({
      errorCode: toAppError(params.error).code,
    })),
    clearError: assign({ errorCode: null }),
  },
}).createMachine({
  id: 'vendor',
  initial: 'loading',
  context: ({ input }) => ({ uuid: input.uuid, detail: null, errorCode: null }),
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadVendor',
        src: 'loadVendor',
        input: ({ context }) => ({ uuid: context.uuid }),
        onDone: {
          target: 'ready',
          actions: { type: 'assignDetail', params: ({ event }) => ({ detail: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    ready: {},
    failed: {
      tags: ['error'],
      on: { 'vendor.retry': { target: 'loading', actions: 'clearError' } },
    },
  },
});
