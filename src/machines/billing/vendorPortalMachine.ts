import { assign, fromPromise, setup } from 'xstate';
import { toAppError } from '../../rpc/errors.ts';
import type { ProviderPage } from './plansMachine.ts';

export interface VendorPortalContext {
  /** The vendor whose billing portal staff open. */
  readonly vendor: string;
  /** An app error code, or `providerRefused:<the provider's code>` when the provider said no. */
  readonly errorCode: string | null;
  /** The text of that error (views translate it). */
  readonly errorKey: string | null;
  /** The provider's page the browser is sent to. */
  readonly leavingFor: string | null;
}

export type VendorPortalEvent = { type: 'portal.open' } | { type: 'portal.dismiss' };

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`The vendor portal actor "${name}" was not provided`));

/**
 * Staff opening a chosen vendor's billing portal at the payment provider, from the staff vendor
 * screen: ask our server for the portal of that vendor, then leave for it; a refusal or an
 * unreachable provider is a state with its translated text.
 */
export const vendorPortalMachine = setup({
  types: {
    context: {} as VendorPortalContext,
    events: {} as VendorPortalEvent,
    input: {} as { vendor: string },
  },
  actors: {
    openPortal: fromPromise<ProviderPage, { vendor: string }>(notProvided('openPortal')),
    leaveFor: fromPromise<void, { url: string }>(notProvided('leaveFor')),
  },
  guards: {
    hasPage: (_, params: { output: ProviderPage }) => !!params.output.url,
  },
  actions: {
    assignRefusal: assign((_, params: { output: ProviderPage }) => ({
      errorCode: `providerRefused:${params.output.errorCode ?? 'unknown'}`,
      errorKey: 'billing.providerRefused',
    })),
    assignError: assign((_, params: { error: unknown }) => {
      const error = toAppError(params.error);
      return { errorCode: error.code, errorKey: error.i18nKey };
    }),
    assignLeavingFor: assign((_, params: { output: ProviderPage }) => ({
      leavingFor: params.output.url,
    })),
    clearError: assign({ errorCode: null, errorKey: null }),
  },
}).createMachine({
  id: 'vendorPortal',
  initial: 'idle',
  context: ({ input }) => ({
    vendor: input.vendor,
    errorCode: null,
    errorKey: null,
    leavingFor: null,
  }),
  states: {
    idle: { on: { 'portal.open': 'opening' } },
    opening: {
      tags: ['busy'],
      invoke: {
        id: 'openPortal',
        src: 'openPortal',
        input: ({ context }) => ({ vendor: context.vendor }),
        onDone: [
          {
            guard: { type: 'hasPage', params: ({ event }) => ({ output: event.output }) },
            target: 'leaving',
            actions: {
              type: 'assignLeavingFor',
              params: ({ event }) => ({ output: event.output }),
            },
          },
          {
            target: 'refused',
            actions: { type: 'assignRefusal', params: ({ event }) => ({ output: event.output }) },
          },
        ],
        onError: {
          target: 'refused',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    leaving: {
      tags: ['busy'],
      invoke: {
        id: 'leaveFor',
        src: 'leaveFor',
        input: ({ context }) => ({ url: context.leavingFor ?? '' }),
        // Back on this page (the browser did not leave): the button again.
        onDone: 'idle',
        onError: {
          target: 'refused',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    refused: {
      tags: ['error'],
      on: {
        'portal.open': { target: 'opening', actions: 'clearError' },
        'portal.dismiss': { target: 'idle', actions: 'clearError' },
      },
    },
  },
});
