import { normalizeShop } from './connectorReasons.ts';
import { assignErrorAction, connectorsSetup } from './connectorsSetup.ts';
import type { ConnectorsEvent, Pending } from './connectorsTypes.ts';

/** The transition's event, typed for the shared transitions below. */
type On<T extends ConnectorsEvent['type']> = { event: Extract<ConnectorsEvent, { type: T }> };

/** What the cards answer to, with or without a refusal on screen. */
const readyOn = {
  'connectors.changeShop': {
    actions: {
      type: 'assignShopDraft',
      params: ({ event }: On<'connectors.changeShop'>) => ({ value: event.value }),
    },
  },
  'connectors.connect': [
    {
      guard: {
        type: 'canConnect',
        params: ({ event }: On<'connectors.connect'>) => ({ publisher: event.publisher }),
      },
      target: '#connectors.connecting',
      actions: [
        'clearError',
        {
          type: 'assignPending',
          params: ({ event }: On<'connectors.connect'>): Pending => ({
            action: 'connect',
            publisher: event.publisher,
            uuid: null,
            patch: null,
          }),
        },
      ],
    },
    {
      guard: {
        type: 'isShopInvalid',
        params: ({ event }: On<'connectors.connect'>) => ({ publisher: event.publisher }),
      },
      actions: 'markShopInvalid',
    },
  ],
  'connectors.disconnect': {
    guard: {
      type: 'isKnown',
      params: ({ event }: On<'connectors.disconnect'>) => ({ uuid: event.uuid }),
    },
    target: '#connectors.confirming',
    actions: [
      'clearError',
      {
        type: 'assignPending',
        params: ({ event }: On<'connectors.disconnect'>): Pending => ({
          action: 'disconnect',
          publisher: null,
          uuid: event.uuid,
          patch: null,
        }),
      },
    ],
  },
  'connectors.setActive': {
    guard: {
      type: 'isKnown',
      params: ({ event }: On<'connectors.setActive'>) => ({ uuid: event.uuid }),
    },
    target: '#connectors.updating',
    actions: [
      'clearError',
      {
        type: 'assignPending',
        params: ({ event }: On<'connectors.setActive'>): Pending => ({
          action: 'update',
          publisher: null,
          uuid: event.uuid,
          patch: { isActive: event.isActive },
        }),
      },
    ],
  },
  'connectors.setSyncType': {
    guard: {
      type: 'isKnown',
      params: ({ event }: On<'connectors.setSyncType'>) => ({ uuid: event.uuid }),
    },
    target: '#connectors.updating',
    actions: [
      'clearError',
      {
        type: 'assignPending',
        params: ({ event }: On<'connectors.setSyncType'>): Pending => ({
          action: 'update',
          publisher: null,
          uuid: event.uuid,
          patch: { syncType: event.syncType },
        }),
      },
    ],
  },
  'connectors.sync': {
    guard: {
      type: 'isKnown',
      params: ({ event }: On<'connectors.sync'>) => ({ uuid: event.uuid }),
    },
    target: '#connectors.syncing',
    actions: [
      'clearError',
      {
        type: 'assignPending',
        params: ({ event }: On<'connectors.sync'>): Pending => ({
          action: 'sync',
          publisher: null,
          uuid: event.uuid,
          patch: null,
        }),
      },
    ],
  },
  'connectors.reload': { target: '#connectors.loading', actions: 'clearError' },
  'connectors.dismissReturned': { actions: 'clearReturned' },
} as const;

/** A call's refusal: back to the cards with the reason shown. */
const refusedOnError = {
  target: '#connectors.refused',
  actions: [assignErrorAction, 'clearPending'],
} as const;

const rowOf = ({ event }: { event: { output: unknown } }) => ({
  row: event.output as never,
});

/**
 * The vendor's sales channels (`/edit-profile/connectors`): load the connectors and the public
 * shop, connect a channel (the storefront at once and back here; eBay and Shopify through their
 * consent page, which the view opens when the machine emits `connectors.redirect`), disconnect
 * after a confirmation, switch a connector on or off, choose its sync type and synchronise it now.
 * The message a channel sent back in the address is kept in `returned` until dismissed.
 * Tags: `busy` while a call runs, `error` with `error` set, `confirming`, `redirecting`.
 */
export const connectorsMachine = connectorsSetup.createMachine({
  id: 'connectors',
  initial: 'loading',
  context: ({ input }) => ({
    finalRedirectUri: input.finalRedirectUri,
    connectors: [],
    shop: null,
    shopDraft: '',
    shopInvalid: false,
    pending: null,
    error: null,
    notice: null,
    returned: input.returned ?? null,
  }),
  on: { 'connectors.dismissReturned': { actions: 'clearReturned' } },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadConnectors',
        src: 'loadConnectors',
        onDone: {
          target: 'ready',
          actions: { type: 'assignLoaded', params: ({ event }) => event.output },
        },
        onError: { target: 'failed', actions: assignErrorAction },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'connectors.retry': { target: 'loading', actions: 'clearError' } },
    },
    ready: { on: readyOn },
    refused: {
      tags: ['error'],
      on: { ...readyOn, 'connectors.dismiss': { target: 'ready', actions: 'clearError' } },
    },
    confirming: {
      tags: ['confirming'],
      on: {
        'connectors.confirm': 'disconnecting',
        'connectors.cancel': { target: 'ready', actions: 'clearPending' },
      },
    },
    connecting: {
      tags: ['busy'],
      invoke: {
        id: 'connectChannel',
        src: 'connectChannel',
        input: ({ context }) => {
          const publisher = context.pending!.publisher!;
          const shop = publisher === 'SHOPIFY' ? (normalizeShop(context.shopDraft) ?? '') : '';
          return { publisher, shop, finalRedirectUri: context.finalRedirectUri };
        },
        onDone: [
          {
            // Connected at once (the storefront): reload the cards with the message shown.
            guard: {
              type: 'isBackHere',
              params: ({ event }) => ({ url: event.output.redirectUrl }),
            },
            target: 'loading',
            actions: [
              {
                type: 'assignReturned',
                params: ({ event }) => ({ url: event.output.redirectUrl }),
              },
              'clearPending',
            ],
          },
          {
            target: 'redirecting',
            actions: {
              type: 'emitRedirect',
              params: ({ event }) => ({ url: event.output.redirectUrl }),
            },
          },
        ],
        onError: refusedOnError,
      },
    },
    /** The browser is on its way to the channel's consent page. */
    redirecting: { tags: ['redirecting'] },
    updating: {
      tags: ['busy'],
      invoke: {
        id: 'updateConnector',
        src: 'updateConnector',
        input: ({ context }) => ({ uuid: context.pending!.uuid!, patch: context.pending!.patch! }),
        onDone: {
          target: 'ready',
          actions: [
            { type: 'assignRow', params: rowOf },
            { type: 'assignNotice', params: { notice: 'saved' } },
            'clearPending',
          ],
        },
        onError: refusedOnError,
      },
    },
    disconnecting: {
      tags: ['busy'],
      invoke: {
        id: 'disconnectConnector',
        src: 'disconnectConnector',
        input: ({ context }) => ({ uuid: context.pending!.uuid! }),
        onDone: {
          target: 'ready',
          actions: [
            { type: 'assignRow', params: rowOf },
            { type: 'assignNotice', params: { notice: 'disconnected' } },
            'clearPending',
          ],
        },
        onError: refusedOnError,
      },
    },
    syncing: {
      tags: ['busy'],
      invoke: {
        id: 'syncConnector',
        src: 'syncConnector',
        input: ({ context }) => ({ uuid: context.pending!.uuid! }),
        onDone: {
          target: 'ready',
          actions: [
            { type: 'assignRow', params: rowOf },
            { type: 'assignSyncNotice', params: rowOf },
            'clearPending',
          ],
        },
        onError: refusedOnError,
      },
    },
  },
});
