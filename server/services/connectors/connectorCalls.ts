import { Code, type HandlerContext } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { sql } from 'kysely';
import { isPublisherName } from '../../../src/domain/publishing/channels.ts';
import {
  ConnectVendorConnectorResponseSchema,
  ShopPlatformOauthConnectResponseSchema,
  SyncType,
  VendorConnectorSchema,
  type ConnectVendorConnectorRequest,
  type DisconnectVendorConnectorRequest,
  type PartialUpdateVendorConnectorRequest,
  type ShopPlatformOauthConnectRequest,
  type SyncVendorConnectorRequest,
  type UpdateVendorConnectorRequest,
  type VendorConnector,
} from '../../../src/rpc/gen/seconde/v1/vendor_connector_pb.ts';
import { mapDatabaseErrors, requireCaller, requireInScope } from '../../crud/crudService.ts';
import type { Caller } from '../../rpc/caller.ts';
import { fail } from '../../rpc/reasons.ts';
import type { ServiceDeps } from '../deps.ts';
import { VendorConnectorService } from '../../../src/rpc/gen/seconde/v1/vendor_connector_pb.ts';
import { implement } from '../implement.ts';
import { mountSandboxes } from './sandboxes.ts';
import {
  OAUTH_RETURN_PATH,
  beginConsent,
  oauthReturnRoute,
  requireOwnRedirect,
  upsertConnector,
  withMessage,
} from './oauth.ts';
import { langOf, oauthText } from './oauthTexts.ts';
import { startOrderPolling, syncConnector } from './orderSync.ts';
import { shopifyWebhookRoute } from './shopifyWebhooks.ts';

const SYNC_LABELS: Record<number, string> = {
  [SyncType.IMPORT_ONLY]: 'IMPORT_ONLY',
  [SyncType.EXPORT_ONLY]: 'EXPORT_ONLY',
  [SyncType.IMPORT_AND_EXPORT]: 'IMPORT_AND_EXPORT',
  [SyncType.STOCK_WRITE_ONLY]: 'STOCK_WRITE_ONLY',
};
const SYNC_OF = Object.fromEntries(
  Object.entries(SYNC_LABELS).map(([value, label]) => [label, Number(value) as SyncType]),
);

/** The fields a vendor may change on a connector; the rest is set by the channels' flows. */
const EDITABLE = new Set(['is_active', 'sync_type']);

type Row = Record<string, unknown>;
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const stamp = (value: unknown) =>
  value ? timestampFromDate(value instanceof Date ? value : new Date(String(value))) : undefined;

/** The connector as the browser sees it: never its tokens or sync cursor. */
export function connectorMessage(row: Row): VendorConnector {
  return create(VendorConnectorSchema, {
    uuid: text(row.uuid),
    vendor: text(row.vendor),
    isActive: row.is_active === true,
    publisherName: text(row.publisher_name),
    urn: text(row.urn),
    syncType: SYNC_OF[text(row.sync_type)] ?? SyncType.UNSPECIFIED,
    accountName: text(row.account_name),
    lastSyncAt: stamp(row.last_sync_at),
    lastSyncError: text(row.last_sync_error),
    connected: row.connected === true,
    shop: text(row.shop),
    connectedAt: stamp(row.connected_at),
    createdAt: stamp(row.created_at),
    updatedAt: stamp(row.updated_at),
    rowVersion: Number(row.row_version ?? 0),
  });
}

/** Channels are connected by vendors, for themselves. */
function requireVendor(caller: Caller): string {
  if (!caller.vendorUuid)
    throw fail(Code.PermissionDenied, 'FORBIDDEN', 'Only vendors connect sales channels');
  return caller.vendorUuid;
}

/**
 * VendorConnectorService's own methods (Connect, ShopPlatformOauthConnect, Disconnect, Sync) and
 * the updates, which take only is_active and sync_type: the generic ones would let a vendor mark a
 * channel connected. List and Retrieve stay generic (they map the message's fields, and tokens
 * are not among them). Also serves the OAuth returns, Shopify's orders webhook and, on local
 * installs without channel credentials, the channels' sandboxes; starts eBay order polling.
 */
export function connectorCallsHandlers(deps: ServiceDeps) {
  const { db } = deps;
  deps.http.add(OAUTH_RETURN_PATH, oauthReturnRoute(deps));
  deps.http.add('/webhooks/shopify/', shopifyWebhookRoute(deps));
  mountSandboxes(deps);
  startOrderPolling(deps);

  const selectConnector = async (uuid: string) => {
    const { rows } = await sql<Row>`select * from vendor_connector where uuid = ${uuid}`.execute(
      db,
    );
    return rows[0]!;
  };

  async function shopPlatformOauthConnect(
    req: ShopPlatformOauthConnectRequest,
    ctx: HandlerContext,
  ) {
    const vendor = requireVendor(requireCaller(ctx));
    const redirectUrl = await beginConsent(deps, vendor, 'SHOPIFY', req.shop, req.finalRedirectUri);
    return create(ShopPlatformOauthConnectResponseSchema, { redirectUrl });
  }

  async function connect(req: ConnectVendorConnectorRequest, ctx: HandlerContext) {
    const vendor = requireVendor(requireCaller(ctx));
    if (!isPublisherName(req.publisherName))
      throw fail(Code.InvalidArgument, 'CONNECTOR_UNKNOWN', `Unknown channel ${req.publisherName}`);
    if (req.publisherName !== 'SECONDE_STOREFRONT') {
      const redirectUrl = await beginConsent(
        deps,
        vendor,
        req.publisherName,
        req.shop,
        req.finalRedirectUri,
      );
      return create(ConnectVendorConnectorResponseSchema, { redirectUrl });
    }
    // Our own channel needs no consent: connected at once.
    const back = requireOwnRedirect(deps, req.finalRedirectUri);
    const uuid = await mapDatabaseErrors(() =>
      upsertConnector(db, {
        vendor,
        publisher: 'SECONDE_STOREFRONT',
        shop: null,
        accountName: null,
        accessToken: null,
        refreshToken: null,
        expiresAt: null,
        now: deps.clock(),
      }),
    );
    const message = oauthText(langOf(back), 'connected', 'SECONDE_STOREFRONT');
    return create(ConnectVendorConnectorResponseSchema, {
      redirectUrl: withMessage(back, 'successfull_message', message),
      vendorConnector: connectorMessage(await selectConnector(uuid)),
    });
  }

  async function disconnect(req: DisconnectVendorConnectorRequest, ctx: HandlerContext) {
    const caller = requireCaller(ctx);
    await requireInScope(db, 'vendor_connector', req.uuid, caller, 'write', 'VendorConnector');
    // Listings stay recorded: the vendor sees where products were, and reconnecting resumes.
    const { rows } = await sql<Row>`
      update vendor_connector set connected = false, is_active = false, access_token = null,
        refresh_token = null, token_expires_at = null, updated_at = now(),
        row_version = row_version + 1
      where uuid = ${req.uuid} returning *`.execute(db);
    return connectorMessage(rows[0]!);
  }

  async function sync(req: SyncVendorConnectorRequest, ctx: HandlerContext) {
    const caller = requireCaller(ctx);
    await requireInScope(db, 'vendor_connector', req.uuid, caller, 'write', 'VendorConnector');
    await syncConnector(deps, req.uuid);
    return connectorMessage(await selectConnector(req.uuid));
  }

  /** Writes is_active and/or sync_type, with the row_version check the generic updates make. */
  async function writeEditable(
    caller: Caller,
    message: VendorConnector | undefined,
    fields: ReadonlySet<string>,
  ): Promise<VendorConnector> {
    const uuid = message?.uuid ?? '';
    return db.transaction().execute(async (trx) => {
      const current = await requireInScope(
        trx,
        'vendor_connector',
        uuid,
        caller,
        'write',
        'VendorConnector',
        'for update',
      );
      const version = message?.rowVersion ?? 0;
      if (version > 0 && Number(current.row_version) !== version)
        throw fail(
          Code.Aborted,
          'CHANGED_BY_SOMEONE_ELSE',
          'VendorConnector was changed by someone else; reload it',
        );
      const isActive = fields.has('is_active') ? message!.isActive : current.is_active;
      const syncType = fields.has('sync_type')
        ? (SYNC_LABELS[message!.syncType] ?? null)
        : current.sync_type;
      const { rows } = await sql<Row>`
        update vendor_connector set is_active = ${isActive}, sync_type = ${syncType},
          updated_at = now(), row_version = row_version + 1
        where uuid = ${uuid} returning *`.execute(trx);
      return connectorMessage(rows[0]!);
    });
  }

  async function partialUpdate(req: PartialUpdateVendorConnectorRequest, ctx: HandlerContext) {
    const caller = requireCaller(ctx);
    const paths = (req.updateMask?.paths ?? []).map((p) =>
      p.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
    );
    const refused = paths.filter((p) => !EDITABLE.has(p));
    if (paths.length === 0 || refused.length > 0)
      throw fail(
        Code.InvalidArgument,
        'INVALID_FIELD_MASK',
        `Only is_active and sync_type can be changed${refused.length ? ` (not ${refused.join(', ')})` : ''}`,
      );
    return writeEditable(caller, req.vendorConnector, new Set(paths));
  }

  async function update(req: UpdateVendorConnectorRequest, ctx: HandlerContext) {
    // The other fields belong to the channels' flows: a full update ignores them.
    return writeEditable(requireCaller(ctx), req.vendorConnector, EDITABLE);
  }

  return [
    implement(VendorConnectorService, {
      shopPlatformOauthConnect,
      connect,
      disconnect,
      sync,
      partialUpdate,
      update,
    }),
  ] as const;
}
