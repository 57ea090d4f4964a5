import { assign, emit, fromPromise, setup } from 'xstate';
import type { PublisherName } from '../../domain/publishing/channels.ts';
import { toAppError } from '../../rpc/errors.ts';
import { normalizeShop } from './connectorReasons.ts';
import type {
  ConnectInput,
  ConnectOutput,
  ConnectorNotice,
  ConnectorRow,
  ConnectorsContext,
  ConnectorsEmitted,
  ConnectorsEvent,
  ConnectorsInput,
  LoadedConnectors,
  Pending,
  Returned,
  UpdateInput,
} from './connectorsTypes.ts';

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`The connectors actor "${name}" was not provided`));

/** The address without its query and fragment, to tell "back here" from a consent page. */
const pageOf = (url: string) => url.split(/[?#]/)[0]!.replace(/\/+$/, '');

/** The success text a channel put in the address it sends the browser back to. */
export function returnedMessage(url: string): string | null {
  const query = url.split('#')[0]!.split('?')[1];
  return query ? (new URLSearchParams(query).get('successfull_message')?.trim() ?? null) : null;
}

const errorOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
export const assignErrorAction = { type: 'assignError', params: errorOf } as const;

const replaceRow = (rows: readonly ConnectorRow[], row: ConnectorRow) =>
  rows.some((r) => r.uuid === row.uuid)
    ? rows.map((r) => (r.uuid === row.uuid ? row : r))
    : [...rows, row];

/** Types, guards, actions and actor slots of the connectors machine (connectorsMachine.ts). */
export const connectorsSetup = setup({
  types: {
    context: {} as ConnectorsContext,
    events: {} as ConnectorsEvent,
    input: {} as ConnectorsInput,
    emitted: {} as ConnectorsEmitted,
  },
  actors: {
    loadConnectors: fromPromise<LoadedConnectors>(notProvided('loadConnectors')),
    connectChannel: fromPromise<ConnectOutput, ConnectInput>(notProvided('connectChannel')),
    updateConnector: fromPromise<ConnectorRow, UpdateInput>(notProvided('updateConnector')),
    disconnectConnector: fromPromise<ConnectorRow, { uuid: string }>(
      notProvided('disconnectConnector'),
    ),
    syncConnector: fromPromise<ConnectorRow, { uuid: string }>(notProvided('syncConnector')),
  },
  guards: {
    isKnown: ({ context }, params: { uuid: string }) =>
      context.connectors.some((c) => c.uuid === params.uuid),
    /** A channel connects when it is not already; Shopify also needs a valid shop name. */
    canConnect: ({ context }, params: { publisher: PublisherName }) =>
      !context.connectors.some((c) => c.publisherName === params.publisher && c.connected) &&
      (params.publisher !== 'SHOPIFY' || normalizeShop(context.shopDraft) !== null),
    isShopInvalid: ({ context }, params: { publisher: PublisherName }) =>
      params.publisher === 'SHOPIFY' && normalizeShop(context.shopDraft) === null,
    isBackHere: ({ context }, params: { url: string }) =>
      pageOf(params.url) === pageOf(context.finalRedirectUri),
  },
  actions: {
    assignLoaded: assign((_, params: LoadedConnectors) => ({
      connectors: params.connectors,
      shop: params.shop,
    })),
    assignRow: assign(({ context }, params: { row: ConnectorRow }) => ({
      connectors: replaceRow(context.connectors, params.row),
    })),
    assignShopDraft: assign((_, params: { value: string }) => ({
      shopDraft: params.value,
      shopInvalid: false,
    })),
    markShopInvalid: assign({ shopInvalid: true }),
    assignPending: assign((_, params: Pending) => ({ pending: params, notice: null })),
    clearPending: assign({ pending: null }),
    assignNotice: assign((_, params: { notice: ConnectorNotice }) => ({ notice: params.notice })),
    /** A sync that ran but met a channel error says so rather than "synchronised". */
    assignSyncNotice: assign((_, params: { row: ConnectorRow }) => ({
      notice: params.row.lastSyncError ? 'syncFailed' : 'synced',
    })),
    assignReturned: assign((_, params: { url: string }) => {
      const text = returnedMessage(params.url);
      return { returned: text ? { kind: 'success' as const, text } : null };
    }),
    clearReturned: assign({ returned: null }),
    assignError: assign((_, params: { error: unknown }) => {
      const appError = toAppError(params.error);
      return { error: { code: appError.code, reason: appError.reason ?? null } };
    }),
    clearError: assign({ error: null }),
    emitRedirect: emit((_, params: { url: string }) => ({
      type: 'connectors.redirect' as const,
      url: params.url,
    })),
  },
});

/** The address parameters a channel sends the browser back with. */
export const RETURN_PARAMS = ['successfull_message', 'error_message'] as const;

/** The message of the address the browser came back to: the refusal if any, else the success. */
export function returnedFromSearch(params: URLSearchParams): Returned | null {
  const error = params.get('error_message')?.trim();
  if (error) return { kind: 'error', text: error };
  const success = params.get('successfull_message')?.trim();
  return success ? { kind: 'success', text: success } : null;
}
