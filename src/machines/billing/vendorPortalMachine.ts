import { assign, fromPromise, setup } from 'xstate';
import {
  errorOf,
  hasPage,
  leavingFor,
  refusalOf,
  toProviderPage,
  type ProviderPage,
  type ProviderPageContext,
} from './providerPage.ts';

export interface VendorPortalContext extends ProviderPageContext {
  /** The vendor whose billing portal staff open. */
  readonly vendor: string;
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
  guards: { hasPage },
  actions: {
    assignRefusal: assign(refusalOf),
    assignError: assign(errorOf),
    assignLeavingFor: assign(leavingFor),
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
        ...toProviderPage,
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
