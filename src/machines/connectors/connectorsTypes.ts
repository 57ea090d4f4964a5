import type { PublisherName } from '../../domain/publishing/channels.ts';
import type { CallError } from './connectorReasons.ts';

/** The four directions of synchronisation, in the order the select offers them. */
export const SYNC_TYPES = [
  'IMPORT_ONLY',
  'EXPORT_ONLY',
  'IMPORT_AND_EXPORT',
  'STOCK_WRITE_ONLY',
] as const;
export type SyncTypeLabel = (typeof SYNC_TYPES)[number];

export function isSyncType(value: unknown): value is SyncTypeLabel {
  return typeof value === 'string' && (SYNC_TYPES as readonly string[]).includes(value);
}

/** One vendor connector as the page shows it (dates in epoch ms). */
export interface ConnectorRow {
  readonly uuid: string;
  readonly publisherName: string;
  readonly accountName: string;
  readonly shop: string;
  readonly isActive: boolean;
  readonly syncType: SyncTypeLabel | null;
  readonly connected: boolean;
  readonly connectedAt: number | null;
  readonly lastSyncAt: number | null;
  readonly lastSyncError: string;
}

/** The vendor's public shop page (the storefront channel). */
export interface ShopInfo {
  readonly url: string;
  readonly name: string;
  readonly onlineCount: number;
  readonly pendingReservations: number;
}

export interface LoadedConnectors {
  readonly connectors: readonly ConnectorRow[];
  /** Null when the shop could not be read (not connected yet, or the call failed). */
  readonly shop: ShopInfo | null;
}

export interface ConnectInput {
  readonly publisher: PublisherName;
  readonly shop: string;
  readonly finalRedirectUri: string;
}

export interface ConnectOutput {
  /** The channel's consent page, or this page again when connected at once. */
  readonly redirectUrl: string;
}

/** What a PartialUpdate changes: the active switch or the sync type, nothing else. */
export type ConnectorPatch =
  | { readonly isActive: boolean; readonly syncType?: undefined }
  | { readonly syncType: SyncTypeLabel; readonly isActive?: undefined };

export interface UpdateInput {
  readonly uuid: string;
  readonly patch: ConnectorPatch;
}

/** The message a channel's consent page sent back in the address (shown once). */
export interface Returned {
  readonly kind: 'success' | 'error';
  readonly text: string;
}

export type ConnectorAction = 'connect' | 'update' | 'disconnect' | 'sync';

/** The call under way or awaiting confirmation, so the right card shows it. */
export interface Pending {
  readonly action: ConnectorAction;
  readonly publisher: PublisherName | null;
  readonly uuid: string | null;
  readonly patch: ConnectorPatch | null;
}

/** What went well last, announced in the page's live region. */
export type ConnectorNotice = 'disconnected' | 'saved' | 'synced' | 'syncFailed';

export interface ConnectorsContext {
  readonly finalRedirectUri: string;
  readonly connectors: readonly ConnectorRow[];
  readonly shop: ShopInfo | null;
  /** The Shopify shop name as typed. */
  readonly shopDraft: string;
  /** The typed shop name was refused (shown only after a connect attempt). */
  readonly shopInvalid: boolean;
  readonly pending: Pending | null;
  readonly error: CallError | null;
  readonly notice: ConnectorNotice | null;
  readonly returned: Returned | null;
}

export interface ConnectorsInput {
  /** This page's absolute address, where channels send the browser back. */
  readonly finalRedirectUri: string;
  readonly returned?: Returned | null;
}

export type ConnectorsEvent =
  | { type: 'connectors.retry' }
  | { type: 'connectors.reload' }
  | { type: 'connectors.changeShop'; value: string }
  | { type: 'connectors.connect'; publisher: PublisherName }
  | { type: 'connectors.disconnect'; uuid: string }
  | { type: 'connectors.confirm' }
  | { type: 'connectors.cancel' }
  | { type: 'connectors.setActive'; uuid: string; isActive: boolean }
  | { type: 'connectors.setSyncType'; uuid: string; syncType: SyncTypeLabel }
  | { type: 'connectors.sync'; uuid: string }
  | { type: 'connectors.dismiss' }
  | { type: 'connectors.dismissReturned' };

export type ConnectorsEmitted = { type: 'connectors.redirect'; url: string };
